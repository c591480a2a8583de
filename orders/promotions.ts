import type { Deps } from "../deps.ts";
import { maxRedemptionsOf, promotionTermsOf } from "../domain/referral/promotion_terms.ts";
import { isFirstOrderCode, type ReferralCode } from "../domain/referral/referrals.ts";
import { savePromotionIds } from "../kv/referral_codes.ts";
import type { PromotionIds } from "../providers/payments/mod.ts";

/**
 * The provider's promotion code for one of our codes, carrying our limits (domain/referral/promotion_terms.ts):
 * the stored one while its terms still hold, otherwise the stale one is turned off and a new one
 * made and stored. Used by the checkout that applies a code and by staff's edits, so a code typed on
 * Stripe's page obeys the same limits as one that came through the order form.
 */
export async function promotionFor(
  deps: Pick<Deps, "kv" | "providers" | "clock">,
  code: ReferralCode,
): Promise<PromotionIds> {
  const { kv } = deps;
  const { payments } = deps.providers;
  if (payments.kind === "local") return { couponId: null, promoId: null };
  const terms = promotionTermsOf(code);
  if (code.stripePromoId && code.stripePromoTerms === terms) {
    return { couponId: code.stripeCouponId, promoId: code.stripePromoId };
  }
  // Made before these limits (or before limits were sent at all): it must not stay typeable.
  if (code.stripePromoId) await payments.deactivatePromotion(code.stripePromoId);
  const ids = await payments.ensurePromotion({
    code: code.code,
    discountType: code.discountType,
    discountValue: code.discountValue,
    stripeCouponId: code.stripeCouponId,
    stripePromoId: null,
    maxRedemptions: maxRedemptionsOf(code),
    expiresAt: code.expiresAt,
    firstTimeTransaction: isFirstOrderCode(code),
  });
  await savePromotionIds(
    kv,
    code.id,
    { stripeCouponId: ids.couponId, stripePromoId: ids.promoId },
    deps.clock.now(),
    code,
  );
  return ids;
}
