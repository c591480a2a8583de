import type { Deps } from "../deps.ts";
import { PAYMENT_CANCELLED, PAYMENT_PARAM } from "../domain/order/checkout.ts";
import type { OrderForm } from "../domain/order/orders.ts";
import { priceOrder } from "../domain/order/pricing.ts";
import { discountOf } from "../domain/referral/referrals.ts";
import { toLocalInput } from "../domain/delivery/requested.ts";
import { saveCheckoutDraft } from "../kv/checkout_drafts.ts";
import { attachHold, releaseHold } from "../kv/referral_holds.ts";
import { CHECKOUT_LIFETIME_MS, checkoutDiscount, reserveReferral } from "./checkout_referral.ts";
import { checkRequestHonourable } from "./delivery_request.ts";

export interface CheckoutStart {
  form: OrderForm;
  /** The signed-in buyer's user id, or null for a guest. */
  userId: string | null;
  /** The payment page returns to the guest's processing page. */
  guest: boolean;
  /** The browser asked not to be tracked (Do Not Track, Global Privacy Control). */
  analyticsRefused: boolean;
}

/**
 * Starting a checkout (customer-side §7, ARCHITECTURE.md §6 and §10): the server prices the form,
 * holds a use of its referral code, opens the payment session and keeps the whole form as a draft
 * under it. A session that cannot be opened gives the held use back at once.
 */
export async function startCheckout(
  deps: Pick<Deps, "kv" | "config" | "clock" | "providers" | "track">,
  { form, userId, guest, analyticsRefused }: CheckoutStart,
): Promise<{ checkoutUrl: string; sessionId: string }> {
  const { kv, config, clock, providers } = deps;
  const now = clock.now();
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
    userId,
    createdAt: new Date(now).toISOString(),
    ...(analyticsRefused && { analyticsRefused: true }),
  });
  deps.track("Payment Initiated", { value: price.totalPrice / 100, currency: "USD", guest });
  return { checkoutUrl: session.url, sessionId: session.id };
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
