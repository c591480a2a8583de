import type { Order } from "../order/orders.ts";
import type { ReferralCode } from "./referrals.ts";

/**
 * What a referral code brought in: the paid orders that used it and their revenue in
 * cents. Kept as counters beside the orders (kv/orders.ts), so the admin list reads two numbers a
 * code instead of every order.
 */
export interface ReferralCodeStats {
  orders: number;
  revenueCents: number;
}

/** A code as the admin list answers it: the stored code and its figures. */
export type ReferralCodeWithStats = ReferralCode & ReferralCodeStats;

export const NO_REFERRAL_STATS: ReferralCodeStats = { orders: 0, revenueCents: 0 };

/**
 * What one order adds to its code's figures, or null when it adds nothing. Only a paid checkout
 * counts (manual and demo orders never carry a code). The order stays counted after a refund (the
 * code was used, as its usage count says), but a refund takes its amount out of revenue: the figure
 * is what the code actually earned. Keyed by the code's text as the order recorded it, so a code
 * renamed later starts again from nothing under its new text.
 */
export function referralTakingsOf(
  order: Pick<Order, "referralCodeUsed" | "payment" | "totalPrice" | "refund">,
): { code: string; revenueCents: number } | null {
  if (!order.referralCodeUsed || order.payment.kind !== "checkout") return null;
  const refunded = order.refund?.amount ?? 0;
  return { code: order.referralCodeUsed, revenueCents: Math.max(0, order.totalPrice - refunded) };
}
