import type { Deps } from "../deps.ts";
import { ReferralRefusedError } from "../domain/errors.ts";
import { REFERRAL_REFUSALS, type ReferralCode } from "../domain/referral/referrals.ts";
import {
  type HoldAnswer,
  holdReferralUse,
  type ReferralHold,
  releaseHoldOfSession,
} from "../kv/referral_holds.ts";
import { getReferralCodeByCode } from "../kv/referral_codes.ts";
import type { CheckoutDiscount } from "../providers/payments/mod.ts";
import { promotionFor } from "./promotions.ts";

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
