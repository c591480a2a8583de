import type { OrderForm } from "../domain/orders.ts";
import type { Price } from "../domain/pricing.ts";
import { keys } from "./keys.ts";

/**
 * The order form as it was when checkout began (ARCHITECTURE.md §6), kept on the server under the
 * checkout session's id so fulfilment never depends on what the browser still holds.
 */
export interface CheckoutDraft {
  sessionId: string;
  form: OrderForm;
  price: Price;
  /** The referral code decided at checkout, counted once when the order is paid. */
  referral: { id: string; code: string } | null;
  userId: string | null;
  createdAt: string;
}

/** Long enough for a slow payment (Stripe sessions live 24 hours; async methods can take days). */
const DRAFT_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export async function saveCheckoutDraft(kv: Deno.Kv, draft: CheckoutDraft) {
  await kv.set(keys.checkoutDraft(draft.sessionId), draft, { expireIn: DRAFT_TTL_MS });
}

export async function getCheckoutDraft(kv: Deno.Kv, sessionId: string): Promise<CheckoutDraft | null> {
  return (await kv.get<CheckoutDraft>(keys.checkoutDraft(sessionId))).value;
}
