import type { Order } from "../order/orders.ts";
import type { PromptScope } from "./kinds.ts";
import type { SessionUser } from "../account/users.ts";

export type { PromptScope };

/**
 * Which system prompts apply. Demo users open the prompt editor and may save
 * (staff-side §2), but the live prompts write every paying customer's song, so what a demo user saves
 * goes to a demo scope that only demo orders read (falling back to the live prompt where the demo
 * scope has none). Admins edit the live prompts, even one whose address is also on DEMO_EMAILS: they
 * are the studio's staff.
 */
export function promptScopeOfUser(user: Pick<SessionUser, "role" | "isDemo">): PromptScope {
  return user.role !== "admin" && user.isDemo ? "demo" : "live";
}

/** Demo orders are the ones a demo user created without paying (orders/demo_order.ts). */
export function promptScopeOfOrder(order: Pick<Order, "payment">): PromptScope {
  return order.payment.kind === "demo" ? "demo" : "live";
}
