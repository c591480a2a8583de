import { orderConfirmationEmail } from "../domain/email/order_confirmation.ts";
import type { Deps } from "../deps.ts";
import { type OwedEmail, sendOwedEmail } from "./owed_email.ts";

/** Attempts before we stop trying; the order goes on regardless, and staff read every refusal. */
export const MAX_CONFIRMATION_EMAIL_ATTEMPTS = 5;

/** The parent's one order confirmation, owed from the write that created a paid or demo order. */
const CONFIRMATION_EMAIL: OwedEmail = {
  job: "confirmation-email",
  stateOf: (order) =>
    order.confirmationEmail && !order.confirmationEmail.sentAt ? order.confirmationEmail : null,
  withState: (order, state) => ({ ...order, confirmationEmail: state }),
  compose: (order, { appUrl, now }) => orderConfirmationEmail(order, appUrl, now),
  messageIdPrefix: "confirm",
  maxAttempts: MAX_CONFIRMATION_EMAIL_ATTEMPTS,
  words: {
    name: "The order confirmation email",
    sent: "Sent the customer their order confirmation by email.",
  },
};

export function sendConfirmationEmail(deps: Deps, orderId: string): Promise<void> {
  return sendOwedEmail(deps, CONFIRMATION_EMAIL, orderId);
}
