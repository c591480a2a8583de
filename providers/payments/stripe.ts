import Stripe from "stripe";
import { StartupError } from "../../domain/errors.ts";
import { cappedDiscount } from "../../domain/order/pricing.ts";
import {
  type CheckoutSessionInfo,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type PromotionIds,
  WebhookSignatureError,
} from "./mod.ts";

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: another Stripe API base (a mock), e.g. `http://127.0.0.1:12111`. */
  apiUrl?: string;
}

/**
 * The SDK's defaults wait 80 seconds per attempt; a customer pressing "Pay" would watch a spinner
 * that long if Stripe stalls. Twenty seconds is far above Stripe's normal latency. Two retries ride
 * out a blip; every POST carries an idempotency key the SDK reuses on its retries, so a retried
 * create never makes a second session, coupon or promotion code.
 */
const STRIPE_NETWORK = { timeout: 20_000, maxNetworkRetries: 2 } as const;

/** Stripe's promotion codes allow only these characters; our referral codes may also hold `_`. */
const PROMOTION_CODE_TEXT = /^[A-Za-z0-9-]+$/;

/**
 * What Stripe's checkout session ids look like. Anything else never reaches Stripe: the SDK puts the id
 * in the path, so "." or ".." would ask for the list of every session, and a made-up id would spend our
 * API allowance on a certain "no such session".
 */
const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

export function isStripeSessionId(id: string): boolean {
  return STRIPE_SESSION_ID.test(id);
}

/**
 * Stripe Checkout through the official SDK. Its `fetch` client is named even though the SDK's Deno
 * build already defaults to it: the Node client would keep sockets that Deno's test sanitizers
 * report as leaks, and a future change of export conditions must not switch it back silently.
 */
export function createStripePayments(options: StripePaymentsOptions): Payments {
  const { secretKey, webhookSecret } = options;
  const stripe = new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    ...STRIPE_NETWORK,
    ...(options.apiUrl ? stripeHostOptions(options.apiUrl) : {}),
  });
  const server = options.apiUrl ? new URL(options.apiUrl).host : "api.stripe.com";

  /** Runs one SDK call, turning its failures into PaymentProviderError with a readable message. */
  async function call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(action, error);
    }
  }

  function providerError(action: string, error: unknown): PaymentProviderError {
    const detail = error instanceof Stripe.errors.StripeError
      ? `${error.statusCode ?? "no response"} ${error.type}${
        error.code ? ` ${error.code}` : ""
      }: ${error.message}`
      : error instanceof Error
      ? error.message
      : String(error);
    // Stripe masks keys in its own messages; this holds even for a mock or a proxy that does not.
    const message = `Stripe at ${server} could not ${action} (${detail})`.replaceAll(
      secretKey,
      "[secret key]",
    );
    return new PaymentProviderError(message, { cause: error });
  }

  async function readSession(id: string): Promise<CheckoutSessionInfo | null> {
    if (!isStripeSessionId(id)) return null;
    try {
      // Expanded so a code typed on Stripe's page comes back as its text, which is how we know our codes.
      return toSessionInfo(
        await stripe.checkout.sessions.retrieve(id, { expand: ["discounts.promotion_code"] }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw providerError(`read checkout session ${id}`, error);
    }
  }

  return {
    kind: "stripe",

    // No idempotency key of ours: each call is for a fresh draft, and an open session nobody pays
    // costs nothing (Stripe expires it after a day). The SDK's own key covers its retries.
    async createCheckout(request) {
      const promotionCodeId = request.discount?.promotionCodeId;
      // Falling back to the promo-code field here would charge the full price without a word.
      if (request.discount && !promotionCodeId) {
        throw new Error(
          `Discount ${request.discount.code} has no Stripe promotion code: call ensurePromotion first.`,
        );
      }
      const session = await call("create a checkout session", () =>
        stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [{
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: request.amountCents,
              product_data: { name: request.productName, description: request.description },
            },
          }],
          customer_email: request.customerEmail,
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor((Date.now() + request.lifetimeMs) / 1000),
          // Stripe refuses both at once: a discount we chose replaces the customer's promo-code field.
          ...(promotionCodeId
            ? { discounts: [{ promotion_code: promotionCodeId }] }
            : { allow_promotion_codes: true }),
        }));
      if (!session.url) {
        throw new PaymentProviderError(`Stripe at ${server} returned session ${session.id} without a URL.`);
      }
      return { id: session.id, url: session.url };
    },

    getSession: readSession,

    async ensurePromotion(code) {
      // The promotion code is all a checkout needs; the coupon only matters for making one.
      if (code.stripePromoId) return { couponId: code.stripeCouponId, promoId: code.stripePromoId };

      // Capped like our own price, so Stripe's page can never make an order below the minimum charge.
      const discount = cappedDiscount({ type: code.discountType, value: code.discountValue });
      const couponId = code.stripeCouponId ??
        (await call(`create a coupon for ${code.code}`, () =>
          stripe.coupons.create({
            ...(discount.type === "percentage"
              ? { percent_off: discount.value }
              : { amount_off: discount.value, currency: "usd" }),
            duration: "once",
            name: code.code,
          }))).id;

      // Stripe would refuse our code as the customer-facing text if it holds `_`; it then makes up
      // its own. We apply the promotion by id at checkout, so only typing it on Stripe's page is lost.
      const text = PROMOTION_CODE_TEXT.test(code.code) ? code.code : undefined;
      try {
        // Our limits travel with the code, so typing it on Stripe's page cannot skip them; fulfilment
        // still re-checks what Stripe cannot know (self-referral, aliases).
        const promo = await stripe.promotionCodes.create({
          promotion: { type: "coupon", coupon: couponId },
          ...(text ? { code: text } : {}),
          ...(code.maxRedemptions !== null ? { max_redemptions: code.maxRedemptions } : {}),
          ...(code.expiresAt ? { expires_at: Math.floor(Date.parse(code.expiresAt) / 1000) } : {}),
          ...(code.firstTimeTransaction ? { restrictions: { first_time_transaction: true } } : {}),
        });
        return { couponId, promoId: promo.id };
      } catch (error) {
        // An active code with this text already exists when an earlier call created it but its ids
        // were never stored (a crash, or two checkouts racing on a new code): adopt that one.
        const existing = text && error instanceof Stripe.errors.StripeInvalidRequestError
          ? await findActivePromotion(text, { discountType: discount.type, discountValue: discount.value })
          : null;
        if (existing) return existing;
        throw providerError(`create a promotion code for ${code.code}`, error);
      }
    },

    async deactivatePromotion(promoId) {
      try {
        // Deactivating twice is harmless on Stripe, and the SDK's idempotency key covers its retries.
        await stripe.promotionCodes.update(promoId, { active: false });
      } catch (error) {
        if (isMissing(error)) return; // deleted in the dashboard, or never made in this account
        throw providerError(`deactivate promotion code ${promoId}`, error);
      }
    },

    async expireCheckout(id) {
      if (!isStripeSessionId(id)) return null;
      try {
        return toSessionInfo(await stripe.checkout.sessions.expire(id)).status;
      } catch (error) {
        if (isMissing(error)) return null;
        // Only an open session can be expired: a paid or already expired one answers what it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const session = await readSession(id);
          if (session) return session.status;
        }
        throw providerError(`expire checkout session ${id}`, error);
      }
    },

    async refund(sessionId, amountCents, idempotencyKey) {
      if (!isStripeSessionId(sessionId)) {
        throw new PaymentProviderError(`"${sessionId}" is not a Stripe checkout session id.`);
      }
      const session = await call(
        `read checkout session ${sessionId}`,
        () => stripe.checkout.sessions.retrieve(sessionId),
      );
      const paymentIntent = typeof session.payment_intent === "string"
        ? session.payment_intent
        : session.payment_intent?.id;
      if (!paymentIntent) {
        throw new PaymentProviderError(`Stripe session ${sessionId} has no payment to refund.`);
      }
      const refund = await call(`refund session ${sessionId}`, () =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents, metadata: { sessionId } },
          { idempotencyKey },
        ));
      return { refundId: refund.id, amount: refund.amount };
    },

    async verifyWebhook(payload, signature) {
      if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
      let event: unknown;
      try {
        // Async because the signature check uses Web Crypto, which has no synchronous HMAC.
        event = await stripe.webhooks.constructEventAsync(payload, signature, webhookSecret);
      } catch (error) {
        // The SDK's message goes on for paragraphs of advice; its first line says what failed.
        const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0].trim();
        throw new WebhookSignatureError(`The Stripe webhook signature is not valid: ${reason}`);
      }
      refuseFutureSignature(signature, Date.now());
      return webhookEventOf(event);
    },
  };

  async function findActivePromotion(
    text: string,
    wanted: { discountType: string; discountValue: number },
  ): Promise<PromotionIds | null> {
    const found = await call(
      `look up promotion code ${text}`,
      () =>
        stripe.promotionCodes.list({ code: text, active: true, limit: 1, expand: ["data.promotion.coupon"] }),
    );
    const promo = found.data[0];
    const coupon = promo?.promotion.coupon;
    if (!promo || !coupon || typeof coupon === "string") return null;
    const same = wanted.discountType === "percentage"
      ? coupon.percent_off === wanted.discountValue
      : coupon.amount_off === wanted.discountValue && coupon.currency === "usd";
    if (!same) {
      throw new PaymentProviderError(
        `Stripe at ${server} already has an active promotion code ${text} (${promo.id}) for a different ` +
          `discount; deactivate it in the Stripe dashboard, then try again.`,
      );
    }
    return { couponId: coupon.id, promoId: promo.id };
  }
}

/**
 * The SDK takes a host, port and protocol, not a URL, and always puts `/v1/` after them; so a base
 * URL with a path of its own cannot be honoured and is refused rather than quietly dropped.
 */
export function stripeHostOptions(
  apiUrl: string,
): { host: string; port: number; protocol: "http" | "https" } {
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new StartupError(`STRIPE_API_URL must be an http(s) URL (got "${apiUrl}").`);
  }
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new StartupError(
      `STRIPE_API_URL must be a bare origin such as http://127.0.0.1:12111: the Stripe SDK always ` +
        `requests /v1/… on it (got "${apiUrl}").`,
    );
  }
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { host: url.hostname, port: Number(url.port) || (protocol === "https" ? 443 : 80), protocol };
}

function toSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const status: CheckoutSessionInfo["status"] = session.status === "complete"
    ? "complete"
    : session.status === "expired"
    ? "expired"
    : "open";
  // `no_payment_required` counts only once the session is complete: a fully discounted session
  // carries it from the start, before the customer has confirmed anything.
  const paid = status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required");
  const promotion = session.discounts?.[0]?.promotion_code ?? null;
  return {
    id: session.id,
    paid,
    status,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    metadata: { ...session.metadata },
    amountSubtotal: session.amount_subtotal ?? 0,
    amountTotal: session.amount_total ?? 0,
    amountDiscount: session.total_details?.amount_discount ?? 0,
    promotionCode: typeof promotion === "string" ? promotion : promotion?.code ?? null,
  };
}

/** Only Stripe's own verdict: a bare 404 may be a mistyped STRIPE_API_URL, which must not read as "unpaid". */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/**
 * The SDK refuses a signature older than its five-minute tolerance but takes one dated any time
 * ahead, which a leaked signed body could then be replayed with for as long as that date is away.
 * A few minutes of clock difference are allowed, as Stripe's own tolerance allows them backwards.
 */
function refuseFutureSignature(header: string, now: number) {
  const signedAt = Number(header.split(",").find((part) => part.trim().startsWith("t="))?.trim().slice(2));
  if (Number.isFinite(signedAt) && signedAt * 1000 > now + WEBHOOK_CLOCK_SKEW_MS) {
    throw new WebhookSignatureError("The Stripe webhook signature is dated in the future.");
  }
}

const WEBHOOK_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The fields every API version shares, checked: the event's shape follows the webhook endpoint's API
 * version, not the SDK's, and a correctly signed body can still be any JSON (a test event, a mistake
 * in a dashboard). Fulfilment re-reads the session anyway.
 */
function webhookEventOf(event: unknown): PaymentEvent {
  const { id, type, data } = (event ?? {}) as { id?: unknown; type?: unknown; data?: unknown };
  if (
    typeof event !== "object" || Array.isArray(event) || typeof id !== "string" || typeof type !== "string"
  ) {
    throw new WebhookSignatureError("The Stripe webhook body is not an event.");
  }
  const object = (data as { object?: unknown } | null)?.object as
    | { object?: unknown; id?: unknown }
    | undefined;
  const sessionId = object?.object === "checkout.session" && typeof object.id === "string" ? object.id : null;
  return { id, type, sessionId };
}
