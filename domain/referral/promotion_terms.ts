import { cappedDiscount } from "../order/pricing.ts";
import { isFirstOrderCode, type ReferralCode } from "./referrals.ts";

/**
 * What a Stripe promotion code must carry for one of our codes: the limits Stripe can
 * enforce on its own page. Stripe cannot change `max_redemptions` or `expires_at` of an existing
 * promotion code, so a code whose limits changed gets a new one and the old one is turned off.
 */
type Terms = Pick<
  ReferralCode,
  "discountType" | "discountValue" | "usageLimit" | "expiresAt" | "ownerEmail" | "code"
>;

/** The limits as one string, stored beside the promotion code's id to tell when they changed. */
export function promotionTermsOf(code: Terms): string {
  const discount = cappedDiscount({ type: code.discountType, value: code.discountValue });
  return JSON.stringify([
    code.code,
    discount.type,
    discount.value,
    code.usageLimit,
    code.expiresAt,
    isFirstOrderCode(code),
  ]);
}

/**
 * Stripe counts the redemptions made through each promotion code itself, so a new one is allowed
 * what is left of our limit when it is made.
 */
export function maxRedemptionsOf(code: Pick<ReferralCode, "usageLimit" | "usageCount">): number | null {
  return code.usageLimit === null ? null : Math.max(code.usageLimit - code.usageCount, 1);
}
