import { type Context, Hono } from "hono";
import { z } from "zod";
import { ReferralRefusedError } from "../../domain/errors.ts";
import { type OrderForm, orderFormSchema } from "../../domain/orders.ts";
import { priceOrder } from "../../domain/pricing.ts";
import { discountOf, REFERRAL_REFUSALS, type ReferralCode, refuseReferral } from "../../domain/referrals.ts";
import { saveCheckoutDraft } from "../../kv/checkout_drafts.ts";
import { hasOrders } from "../../kv/orders.ts";
import { getReferralCodeByCode, savePromotionIds } from "../../kv/referral_codes.ts";
import type { CheckoutDiscount } from "../../providers/payments/mod.ts";
import type { AppEnv } from "../env.ts";
import { requireUser } from "../middleware/session.ts";
import { valid } from "./validate.ts";

/**
 * Starting a checkout (customer-side §7, ARCHITECTURE.md §6 and §10). The body carries the spec's
 * fields (priceInCents, description, metadata, includeStreaming), which are accepted and ignored,
 * and the whole form as `order`: the server prices it and keeps it as a draft under the session.
 */
export const checkoutApi = new Hono<AppEnv>();

const checkoutBody = z.object({ order: orderFormSchema });

checkoutApi.post(
  "/create-checkout-session",
  requireUser,
  valid("json", checkoutBody),
  (c) => startCheckout(c, c.req.valid("json").order, false),
);

checkoutApi.post(
  "/guest/create-checkout-session",
  valid("json", checkoutBody),
  (c) => startCheckout(c, c.req.valid("json").order, true),
);

async function startCheckout(c: Context<AppEnv>, form: OrderForm, guest: boolean) {
  const { kv, config, clock, providers, track } = c.var.deps;
  const now = clock.now();
  const referral = form.referralCode
    ? await acceptedReferral(kv, form.referralCode, form.parentEmail, now)
    : null;
  const price = priceOrder(form.addStreamingServices, referral && discountOf(referral));
  const discount = referral && await checkoutDiscount(c, referral);
  const session = await providers.payments.createCheckout({
    amountCents: price.totalPrice + price.discountAmount,
    productName: "Personalized Song",
    description: `A personalized song for ${form.childName}${
      form.addStreamingServices ? ", released on streaming platforms" : ""
    }`,
    customerEmail: form.parentEmail,
    metadata: paymentMetadata(form),
    successUrl: `${config.appUrl}/payment-processing?session_id={CHECKOUT_SESSION_ID}${
      guest ? "&guest=true" : ""
    }`,
    cancelUrl: `${config.appUrl}/order`,
    discount,
  });
  await saveCheckoutDraft(kv, {
    sessionId: session.id,
    form,
    price,
    referral: referral && { id: referral.id, code: referral.code },
    userId: c.var.user?.id ?? null,
    createdAt: new Date(now).toISOString(),
  });
  track("Payment Initiated", { value: price.totalPrice / 100, currency: "USD", guest });
  return c.json({ checkoutUrl: session.url, sessionId: session.id });
}

/** A referral code the buyer may use, or a 422 saying why not (the client offers full price). */
async function acceptedReferral(kv: Deno.Kv, code: string, buyerEmail: string, now: number) {
  const referral = await getReferralCodeByCode(kv, code);
  const refusal = refuseReferral(referral, buyerEmail, await hasOrders(kv, buyerEmail), now);
  if (refusal || !referral) throw new ReferralRefusedError(REFERRAL_REFUSALS[refusal ?? "unknown"]);
  return referral;
}

async function checkoutDiscount(c: Context<AppEnv>, referral: ReferralCode): Promise<CheckoutDiscount> {
  const { kv, clock, providers } = c.var.deps;
  const ids = await providers.payments.ensurePromotion(referral);
  if (ids.promoId !== referral.stripePromoId || ids.couponId !== referral.stripeCouponId) {
    await savePromotionIds(
      kv,
      referral.id,
      { stripeCouponId: ids.couponId, stripePromoId: ids.promoId },
      clock.now(),
      referral,
    );
  }
  return {
    code: referral.code,
    type: referral.discountType,
    value: referral.discountValue,
    promotionCodeId: ids.promoId,
  };
}

/**
 * Customer-side §3, payment verify response: enough to rebuild the order if the draft were lost.
 * Stripe allows 500 characters per value, so free text is cut.
 */
function paymentMetadata(form: OrderForm): Record<string, string> {
  const metadata: Record<string, string> = {
    childName: form.childName,
    parentEmail: form.parentEmail,
    parentName: form.parentName,
    childAge: form.childAge ?? "",
    includeStreaming: String(form.addStreamingServices),
    streamingArtistName: form.streamingArtistName,
    isGift: String(form.isGift),
    giftRecipientEmail: form.giftRecipientEmail ?? "",
    giftMessage: form.giftMessage.slice(0, 500),
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""));
}
