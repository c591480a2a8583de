import { generationFailedEmail } from "../domain/email/generation_failed.ts";
import type { Deps } from "../deps.ts";
import { type OwedEmail, sendOwedEmail } from "./owed_email.ts";

/** Attempts before we stop trying to tell the customer by email (staff still see the failure). */
export const MAX_FAILURE_EMAIL_ATTEMPTS = 5;

/** What the order's timeline says once the failure email went (tools tell it from the confirmation by it). */
export const FAILURE_EMAIL_SENT_WORDS = "Told the customer by email that generation failed.";

/**
 * The one failure email of a failed generation run. Its state keeps the field names it had before
 * the owed-email runner (orders in production carry them): `failureEmailDueAt`, `…Attempts`,
 * `…Sent`, and the claim in `failureEmail`.
 */
const FAILURE_EMAIL: OwedEmail = {
  job: "failure-email",
  stateOf: (order) =>
    order.status === "failed" && !order.failureEmailSent
      ? {
        dueAt: order.failureEmailDueAt ?? null,
        attempts: order.failureEmailAttempts ?? 0,
        ...order.failureEmail,
      }
      : null,
  withState: (order, state) => ({
    ...order,
    failureEmailSent: !!state.sentAt,
    failureEmailDueAt: state.dueAt,
    failureEmailAttempts: state.attempts,
    failureEmail: state.messageId && state.claimedAt
      ? { messageId: state.messageId, claimedAt: state.claimedAt }
      : order.failureEmail ?? null,
  }),
  compose: (order, { appUrl }) =>
    generationFailedEmail({
      childName: order.childName,
      orderNumber: order.orderNumber,
      mySongsUrl: `${appUrl}/my-songs`,
    }),
  messageIdPrefix: "failed",
  maxAttempts: MAX_FAILURE_EMAIL_ATTEMPTS,
  words: { name: "The failure email", sent: FAILURE_EMAIL_SENT_WORDS },
};

/** Sends the one failure email of a failed generation run (and flags `failureEmailSent`). */
export function sendFailureEmail(deps: Deps, orderId: string): Promise<void> {
  return sendOwedEmail(deps, FAILURE_EMAIL, orderId);
}
