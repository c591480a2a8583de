import { PAYMENT_CANCELLED, PAYMENT_PARAM } from "../../domain/order/checkout.ts";

/**
 * What the order form says when a parent comes back from paying (customer-side §8, payment
 * processing): the payment page's error, or a checkout they cancelled. It comes in the address
 * (`/order?payment=…`), which the form reads once when it opens and then cleans.
 */

/** Customer-side §8, payment processing, and an address without a session (ours). */
export const PAYMENT_FAILURES = {
  lost: "Your order information was lost. Please try placing your order again.",
  unpaid: "Payment was not confirmed. Please check with your bank and contact support if you were charged.",
  verify: "Unable to verify your payment status. Please contact support for assistance.",
  order: "Payment successful but order creation failed. Please contact support immediately.",
  generation: "Payment and order successful but song generation failed. Please contact support.",
  other: "There was an issue processing your payment. Please contact support if you were charged.",
  session: "Invalid payment session. Please try again.",
} as const;
export type PaymentFailure = keyof typeof PAYMENT_FAILURES;

/**
 * Back from a checkout the provider says was never paid (still open, or expired): nothing was charged,
 * and the parent is told so plainly, not to check with their bank.
 */
export const PAYMENT_INCOMPLETE = "incomplete";

export type PaymentNotice =
  | { kind: "cancelled" | "incomplete"; title: string; message: string }
  | { kind: "failed"; reason: PaymentFailure; title: string; message: string };

/** The return page's words for that case; the form's notice repeats them. */
export const PAYMENT_INCOMPLETE_WORDS = {
  title: "Payment not completed",
  message: "The payment wasn't completed, so nothing was charged.",
} as const;

const ANSWERS_KEPT = "Your answers are still here. Check them and try again whenever you're ready.";

/** Where the payment page sends a parent after `reason`: back to the form, which says why. */
export function orderAddressAfter(reason: PaymentFailure | typeof PAYMENT_INCOMPLETE): string {
  return `/order?${new URLSearchParams({ [PAYMENT_PARAM]: reason })}`;
}

export function paymentNoticeOf(params: URLSearchParams): PaymentNotice | null {
  const value = params.get(PAYMENT_PARAM);
  if (value === PAYMENT_CANCELLED) {
    return {
      kind: "cancelled",
      title: "Payment cancelled — nothing was charged",
      message: ANSWERS_KEPT,
    };
  }
  if (value === PAYMENT_INCOMPLETE) {
    return {
      kind: "incomplete",
      title: `${PAYMENT_INCOMPLETE_WORDS.title} — nothing was charged`,
      message: ANSWERS_KEPT,
    };
  }
  if (value && Object.hasOwn(PAYMENT_FAILURES, value)) {
    const reason = value as PaymentFailure;
    return { kind: "failed", reason, title: "Processing Error", message: PAYMENT_FAILURES[reason] };
  }
  return null;
}
