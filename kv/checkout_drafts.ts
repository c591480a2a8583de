import type { OrderForm } from "../domain/order/orders.ts";
import type { Price } from "../domain/order/pricing.ts";
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
  /**
   * The browser that began the checkout sent DNT or GPC (domain/analytics/consent.ts): the order,
   * created later by a webhook that has no browser to ask, keeps that choice.
   */
  analyticsRefused?: boolean;
}

/**
 * A checkout can be paid for 31 minutes (orders/checkout_referral.ts), and Stripe retries a webhook for up
 * to 3 days, so a draft is kept 4 days and no longer: anyone may start a checkout, and what nobody pays
 * for should not pile up. Past that, fulfilment rebuilds the form from the session's metadata.
 */
export const DRAFT_TTL_MS = 4 * 24 * 60 * 60 * 1000;

export async function saveCheckoutDraft(kv: Deno.Kv, draft: CheckoutDraft) {
  await kv.set(keys.checkoutDraft(draft.sessionId), draft, { expireIn: DRAFT_TTL_MS });
}

export async function getCheckoutDraft(kv: Deno.Kv, sessionId: string): Promise<CheckoutDraft | null> {
  return (await kv.get<CheckoutDraft>(keys.checkoutDraft(sessionId))).value;
}

/** A checkout nobody paid for (its session expired) leaves nothing behind. */
export async function forgetCheckoutDraft(kv: Deno.Kv, sessionId: string) {
  await kv.delete(keys.checkoutDraft(sessionId));
}
