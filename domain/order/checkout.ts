/**
 * The order form's address after a checkout the parent cancelled (`/order?payment=cancelled`): the
 * form then says that nothing was charged. The payment page's errors use the same parameter.
 */
export const PAYMENT_PARAM = "payment";
export const PAYMENT_CANCELLED = "cancelled";

/** Where a checkout session stands at the payment provider (Stripe's own three states). */
export type CheckoutStatus = "open" | "complete" | "expired";

/**
 * Whether the provider's answer shows that no money was taken: the session is still open (the parent
 * left before paying) or expired (it can no longer be paid). A completed session that is not paid
 * may still move money (a bank debit being processed), so that is never called "nothing charged".
 */
export function nothingCharged(session: { paid: boolean; status?: CheckoutStatus }): boolean {
  return !session.paid && (session.status === "open" || session.status === "expired");
}

/** What a checkout page shows the parent and where it sends them back: the same for every provider. */
export interface CheckoutPage {
  productName: string;
  description: string;
  customerEmail: string;
  /** Small strings only (Stripe: 50 keys, 500 characters each); the full order stays in our draft. */
  metadata: Record<string, string>;
  /** In a request, holds the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces with the id. */
  successUrl: string;
  cancelUrl: string;
}

/** A session of the local checkout: the offline stand-in for a Stripe Checkout session. */
export interface LocalCheckoutSession extends CheckoutPage {
  id: string;
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  /** The code whose discount applies, decided by us or typed on the checkout page. */
  promotionCode: string | null;
  /** Whether the page may offer its promo-code field (false when a referral was applied up front). */
  allowPromotionCodes: boolean;
  status: CheckoutStatus;
  paid: boolean;
  createdAt: string;
  /** After this the session can no longer be paid, as on Stripe (absent on sessions made before it). */
  expiresAt?: string;
  /** Cents given back by staff (the admin refund action). */
  refundedCents?: number;
}
