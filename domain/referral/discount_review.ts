import { MINIMUM_CHARGE_CENTS } from "../order/pricing.ts";
import type { ReferralRefusal } from "./referrals.ts";

/**
 * A paid order whose discount broke our rules: typically a code typed on Stripe's own
 * page that Stripe's limits could not judge (the buyer's own code under an alias, a first-order code
 * for a returning buyer). The family paid, so the order is made; the flag is for staff only (the
 * admin view, never a customer's), who review every song before delivery and may refund.
 */
export interface DiscountReview {
  reason: ReferralRefusal | "below-minimum";
  code: string | null;
  /** For staff, in full. */
  detail: string;
  flaggedAt: string;
}

/** A refund staff made through the payment provider, recorded on the order. */
export interface RefundRecord {
  refundId: string;
  amount: number;
  refundedAt: string;
  refundedBy: string;
}

const STAFF_REASONS: Record<DiscountReview["reason"], string> = {
  unknown: "the code is not one of ours",
  inactive: "the code was turned off",
  expired: "the code had expired",
  exhausted: "the code's usage limit was already reached",
  self: "the buyer used their own referral code (the same mailbox, perhaps under an alias)",
  "not-first-order": "the code is for first orders and this buyer (or an alias) had paid before",
  "below-minimum": `the total was below the minimum charge of ${MINIMUM_CHARGE_CENTS} cents`,
};

export function discountReview(
  reason: DiscountReview["reason"],
  code: string | null,
  facts: { buyer: string; amountDiscount: number; amountTotal: number; now: number },
): DiscountReview {
  return {
    reason,
    code,
    detail: `Discount ${code ?? "(none)"} of ${facts.amountDiscount} cents was applied to a payment of ` +
      `${facts.amountTotal} cents by ${facts.buyer}, but ${STAFF_REASONS[reason]}. The use was not counted.`,
    flaggedAt: new Date(facts.now).toISOString(),
  };
}
