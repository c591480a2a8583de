import { type Context, Hono } from "hono";
import { z } from "zod";
import { requestRefusesTracking } from "../../domain/analytics/consent.ts";
import { PAYMENT_CANCELLED, PAYMENT_PARAM } from "../../domain/order/checkout.ts";
import { type OrderForm, orderFormSchema } from "../../domain/order/orders.ts";
import { priceOrder } from "../../domain/order/pricing.ts";
import { discountOf } from "../../domain/referral/referrals.ts";
import { CHECKOUT_LIFETIME_MS, checkoutDiscount, reserveReferral } from "../../orders/checkout_referral.ts";
import { checkRequestHonourable } from "../../orders/delivery_request.ts";
import { toLocalInput } from "../../domain/delivery/requested.ts";
import { saveCheckoutDraft } from "../../kv/checkout_drafts.ts";
import { attachHold, releaseHold } from "../../kv/referral_holds.ts";
import type { AppEnv } from "../request_context.ts";
import { buyerOf, requireUser } from "../middleware/session.ts";
import { CHECKOUT_LIMIT, limitPerClient } from "../middleware/client_limit.ts";
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
  limitPerClient(CHECKOUT_LIMIT),
  (c) => startCheckout(c, c.req.valid("json").order, false),
);

checkoutApi.post(
  "/guest/create-checkout-session",
  valid("json", checkoutBody),
  limitPerClient(CHECKOUT_LIMIT),
  (c) => startCheckout(c, c.req.valid("json").order, true),
);

async function startCheckout(c: Context<AppEnv>, form: OrderForm, asGuest: boolean) {
  const { kv, config, clock, providers, track } = c.var.deps;
  const buyer = buyerOf(c);
  const guest = asGuest || !buyer;
  const now = clock.now();
  const { deps } = c.var;
  checkRequestHonourable(form.requestedDelivery, now);
  const expiresAt = now + CHECKOUT_LIFETIME_MS;
  const reserved = form.referralCode
    ? await reserveReferral(deps, form.referralCode, form.parentEmail, expiresAt)
    : null;
  const referral = reserved?.code ?? null;
  const price = priceOrder(form.addStreamingServices, referral && discountOf(referral));
  let session;
  try {
    const discount = referral && await checkoutDiscount(deps, referral);
    session = await providers.payments.createCheckout({
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
      cancelUrl: `${config.appUrl}/order?${PAYMENT_PARAM}=${PAYMENT_CANCELLED}`,
      discount,
      lifetimeMs: CHECKOUT_LIFETIME_MS,
    });
  } catch (error) {
    if (reserved) await releaseHold(kv, reserved.hold, clock.now());
    throw error;
  }
  if (reserved) await attachHold(kv, reserved.hold, session.id, clock.now());
  await saveCheckoutDraft(kv, {
    sessionId: session.id,
    form,
    price,
    referral: referral && { id: referral.id, code: referral.code },
    userId: buyer?.id ?? null,
    createdAt: new Date(now).toISOString(),
    ...(requestRefusesTracking(c.req.raw.headers) && { analyticsRefused: true }),
  });
  track("Payment Initiated", { value: price.totalPrice / 100, currency: "USD", guest });
  return c.json({ checkoutUrl: session.url, sessionId: session.id });
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
    // The chosen moment as the form gave it, so a rebuilt form reads it the same way.
    deliveryAt: form.requestedDelivery
      ? toLocalInput(Date.parse(form.requestedDelivery.at), form.requestedDelivery.timeZone)
      : "",
    deliveryTimeZone: form.requestedDelivery?.timeZone ?? "",
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""));
}
