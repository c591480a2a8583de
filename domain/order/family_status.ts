import type { Order } from "./orders.ts";

/**
 * The status a family sees of their order: the one place customer views (domain/order/views.ts) and
 * customer routes take it from. A song whose generation failed is still "being made" for them until
 * its failure email has gone: during the grace (FAILURE_EMAIL_GRACE_MINUTES) staff may retry or
 * upload, and the family should hear of a failure from that email, not from a page they happened to
 * open. The state is read, not the clock: the email's due time moves while it is claimed or retried,
 * so the page turns with the email itself, or when the email is given up (nothing left owed).
 */
export type FamilyStatusFacts = Pick<Order, "status" | "failureEmailSent" | "failureEmailDueAt">;

export function familyStatusOf(order: FamilyStatusFacts): Order["status"] {
  return order.status === "failed" && failureEmailStillOwed(order) ? "generating" : order.status;
}

/** Orders older than the failure email, and those whose email was given up, owe nothing. */
function failureEmailStillOwed(order: FamilyStatusFacts): boolean {
  return !order.failureEmailSent && !!order.failureEmailDueAt;
}
