import type { CheckoutPage } from "../../domain/order/checkout.ts";
import type { DiscountType } from "../../domain/order/pricing.ts";

/**
 * Taking payment. Two implementations behind one interface: Stripe's hosted Checkout (real SDK;
 * STRIPE_API_URL may point it at a mock) and, outside production without keys, our local checkout
 * page, which behaves the same way: a session with a URL, a redirect back with the session id, and
 * a paid session the server verifies before anything is fulfilled.
 */
export interface CheckoutRequest extends CheckoutPage {
  /** Before any discount, in cents; the provider applies the discount and computes the total. */
  amountCents: number;
  /** A referral discount decided by us; without one the checkout offers its own promo-code field. */
  discount: CheckoutDiscount | null;
  /**
   * How long the session may be paid (ms from its creation). A referral use held for it is released
   * soon after, so it is short (Stripe allows 30 minutes to 24 hours). A duration rather than a time:
   * Stripe judges it by its own clock.
   */
  lifetimeMs: number;
}

export interface CheckoutDiscount {
  code: string;
  type: DiscountType;
  /** Percent for percentage, cents for fixed_amount. */
  value: number;
  /** Stripe's promotion code id for `code` (see ensurePromotion); null for the local checkout. */
  promotionCodeId: string | null;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** What the provider must enforce for one of our codes typed on its own page, where our checks never run. */
export interface PromotionRequest {
  code: string;
  discountType: DiscountType;
  discountValue: number;
  stripeCouponId: string | null;
  /** A promotion code made for the same terms, reused; null makes a new one. */
  stripePromoId: string | null;
  /** Uses left (null: unlimited). */
  maxRedemptions: number | null;
  /** ISO time, or null for never. */
  expiresAt: string | null;
  /** Only for buyers without an earlier payment (a customer's code for friends' first orders). */
  firstTimeTransaction: boolean;
}

export interface Refund {
  refundId: string;
  amount: number;
}

/** What we need to know about a session to fulfil it. */
export interface CheckoutSessionInfo {
  id: string;
  paid: boolean;
  status: "open" | "complete" | "expired";
  customerEmail: string | null;
  metadata: Record<string, string>;
  amountSubtotal: number;
  amountTotal: number;
  amountDiscount: number;
  /** The text of the promotion code applied on the checkout page, if any (e.g. "MIA-7K3Q"). */
  promotionCode: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** The checkout session the event is about, when it is about one. */
  sessionId: string | null;
}

export interface PromotionIds {
  couponId: string | null;
  promoId: string | null;
}

export interface Payments {
  readonly kind: "stripe" | "local";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** null for a session the provider does not know. */
  getSession(id: string): Promise<CheckoutSessionInfo | null>;
  /**
   * Makes sure the provider has a coupon and promotion code for one of our referral codes, creating
   * them when the stored ids are missing; the caller stores what comes back.
   */
  ensurePromotion(code: PromotionRequest): Promise<PromotionIds>;
  /**
   * Turns a promotion code off, so it can no longer be used (typed on the checkout page or applied),
   * e.g. when staff turn its referral code off, delete it or change its discount. One that the
   * provider does not know (any more) counts as done.
   */
  deactivatePromotion(promoId: string): Promise<void>;
  /**
   * Ends an open session so it can no longer be paid; answers its status afterwards ("complete"
   * when it was paid meanwhile), or null for a session the provider does not know.
   */
  expireCheckout(id: string): Promise<CheckoutSessionInfo["status"] | null>;
  /**
   * Returns `amountCents` of a paid session's payment to the card. `idempotencyKey` makes a repeated
   * request (a double click, a retry) refund once.
   */
  refund(sessionId: string, amountCents: number, idempotencyKey: string): Promise<Refund>;
  /** Verifies a webhook's signature and returns the event; throws WebhookSignatureError otherwise. */
  verifyWebhook(payload: string, signature: string | null): Promise<PaymentEvent>;
}

/** The provider is unreachable or refused the call (not the customer's fault). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature is not valid.") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
