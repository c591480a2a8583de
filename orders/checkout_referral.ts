import type { Deps } from "../deps.ts";
import { ReferralRefusedError } from "../domain/errors.ts";
import { maxRedemptionsOf, promotionTermsOf } from "../domain/referral/promotion_terms.ts";
import { isFirstOrderCode, REFERRAL_REFUSALS, type ReferralCode } from "../domain/referral/referrals.ts";
import {
  type HoldAnswer,
  holdReferralUse,
  type ReferralHold,
  releaseHoldOfSession,
} from "../kv/referral_holds.ts";
import { getReferralCodeByCode, savePromotionIds } from "../kv/referral_codes.ts";
import type { CheckoutDiscount, PromotionIds } from "../providers/payments/mod.ts";

/**
 * How long a checkout may be paid: Stripe's shortest session (30 minutes from creation; one more so
 * our clock running behind never makes Stripe refuse it). A held referral use is given back soon
 * after, so an abandoned checkout blocks a limited code for about half an hour at most.
 */
export const CHECKOUT_LIFETIME_MS = 31 * 60 * 1000;
/** A hold outlives its session by this much, for a payment confirmed in the session's last second. */
export const HOLD_GRACE_MS = 10 * 60 * 1000;

/**
 * A referral code the buyer may use, with one use held for the checkout about to be made, or a 422
 * saying why not (the order page then offers full price). When what blocks the buyer is their own
 * earlier checkout (a tab left open, the back button), that checkout is ended and its hold taken over;
 * one that was paid meanwhile keeps it.
 */
export async function reserveReferral(
  deps: Pick<Deps, "kv" | "providers" | "clock">,
  text: string,
  buyerEmail: string,
  sessionExpiresAt: number,
  /** The session the code is for, when it exists already (the local checkout's promo field). */
  currentSession?: string,
): Promise<{ code: ReferralCode; hold: ReferralHold }> {
  const { kv } = deps;
  const { payments } = deps.providers;
  const found = await getReferralCodeByCode(kv, text);
  if (!found) throw new ReferralRefusedError(REFERRAL_REFUSALS.unknown);
  const hold = () =>
    holdReferralUse(kv, found.id, buyerEmail, deps.clock.now(), sessionExpiresAt + HOLD_GRACE_MS);
  let answer: HoldAnswer = await hold();
  if (!answer.ok && answer.blockedBy && answer.blockedBy !== currentSession) {
    const status = await payments.expireCheckout(answer.blockedBy);
    if (status === "expired" || status === null) {
      await releaseHoldOfSession(kv, answer.blockedBy, deps.clock.now());
      answer = await hold();
    }
  }
  if (!answer.ok) throw new ReferralRefusedError(REFERRAL_REFUSALS[answer.refusal]);
  return { code: answer.code, hold: answer.hold };
}

/** The discount the checkout applies: the code's promotion on Stripe (made with our limits), or ours. */
export async function checkoutDiscount(
  deps: Pick<Deps, "kv" | "providers" | "clock">,
  code: ReferralCode,
): Promise<CheckoutDiscount> {
  const ids = await promotionFor(deps, code);
  return {
    code: code.code,
    type: code.discountType,
    value: code.discountValue,
    promotionCodeId: ids.promoId,
  };
}

/**
 * The provider's promotion code for one of our codes, carrying our limits (domain/referral/promotion_terms.ts):
 * the stored one while its terms still hold, otherwise the stale one is turned off and a new one
 * made and stored, so a code typed on Stripe's page obeys the same limits as one that came through
 * the order form.
 */
async function promotionFor(
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
