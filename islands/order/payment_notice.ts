import { PAYMENT_CANCELLED, PAYMENT_PARAM } from "../../domain/checkout.ts";

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

export type PaymentNotice =
  | { kind: "cancelled"; title: string; message: string }
  | { kind: "failed"; reason: PaymentFailure; title: string; message: string };

/** Where the payment page sends a parent after `reason`: back to the form, which says why. */
export function orderAddressAfter(reason: PaymentFailure): string {
  return `/order?${new URLSearchParams({ [PAYMENT_PARAM]: reason })}`;
}

export function paymentNoticeOf(params: URLSearchParams): PaymentNotice | null {
  const value = params.get(PAYMENT_PARAM);
  if (value === PAYMENT_CANCELLED) {
    return {
      kind: "cancelled",
      title: "Payment cancelled — nothing was charged",
      message: "Your answers are still here. Check them and try again whenever you're ready.",
    };
  }
  if (value && Object.hasOwn(PAYMENT_FAILURES, value)) {
    const reason = value as PaymentFailure;
    return { kind: "failed", reason, title: "Processing Error", message: PAYMENT_FAILURES[reason] };
  }
  return null;
}
