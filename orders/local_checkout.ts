import type { Deps } from "../deps.ts";
import type { LocalCheckoutSession } from "../domain/order/checkout.ts";
import { discountOf } from "../domain/referral/referrals.ts";
import { applyLocalPromotion, getLocalSession, payLocalSession } from "../kv/local_checkout.ts";
import { attachHold, releaseHold } from "../kv/referral_holds.ts";
import { CHECKOUT_LIFETIME_MS, reserveReferral } from "./checkout_referral.ts";
import { fulfil } from "./fulfil.ts";

/**
 * What the customer does on the local checkout (routes/local_checkout.tsx), our stand-in for
 * Stripe's hosted page. On Stripe these are Stripe's writes followed by its webhook; here they are
 * commands, because they also hold our referral use and fulfil the order, which a provider may not.
 */

/**
 * Applies a promotion code typed on the page, with the same rules and the same hold as a code from
 * the order form (orders/checkout_referral.ts): a refusal is a ReferralRefusedError. Answers false
 * when the session stopped being open meanwhile, its hold given back.
 */
export async function applyLocalPromotionCode(
  deps: Pick<Deps, "kv" | "providers" | "clock" | "track">,
  session: LocalCheckoutSession,
  typed: string,
): Promise<boolean> {
  const { kv, clock } = deps;
  const expiresAt = session.expiresAt ? Date.parse(session.expiresAt) : clock.now() + CHECKOUT_LIFETIME_MS;
  const { code, hold } = await reserveReferral(deps, typed, session.customerEmail, expiresAt, session.id);
  if (!await applyLocalPromotion(kv, session.id, code.code, discountOf(code))) {
    await releaseHold(kv, hold, clock.now());
    return false;
  }
  await attachHold(kv, hold, session.id, clock.now());
  deps.track("Promo Code Applied", { discountType: code.discountType, discountValue: code.discountValue });
  return true;
}

/**
 * Pays the session (past its expiry it expires instead) and fulfils it as Stripe's webhook would.
 * Answers the session afterwards, or null for an unknown one.
 */
export async function payLocalCheckout(deps: Deps, id: string): Promise<LocalCheckoutSession | null> {
  const paid = await payLocalSession(deps.kv, id, deps.clock.now());
  if (paid?.paid) {
    try {
      await fulfil(deps, id);
    } catch (error) {
      // As with a failed Stripe webhook, the return page fulfils again and reports what went wrong.
      console.error(`local checkout ${id}: fulfilment after payment failed:`, error);
    }
  }
  return paid ?? await getLocalSession(deps.kv, id);
}
