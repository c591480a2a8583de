import { FIRST_GENERATION_STAGE } from "./lifecycle.ts";
import type { Order } from "./orders.ts";
import { timingDueAt } from "../song/take_timing.ts";

/**
 * The work an order is waiting for and when it is due, read from the order's own state. The due-time
 * index (kv/orders.ts) is derived from this in every write of the order, so it can never say
 * something the order does not, and the sweeper finds overdue work without scanning orders.
 */
export const JOB_NAMES = [
  "generation",
  "failure-email",
  "confirmation-email",
  "delivery",
  "lyrics-timing",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * Work comes in lanes, kept apart in the due-time index so none waits behind another:
 * - `customer`: what a family is waiting to receive (the delivery, confirmation and failure emails,
 *   the song's timed lyrics), run at once;
 * - `under-way`: songs past their first stage, which take the generation slots first, so what was
 *   begun is finished before more is begun;
 * - `not-started`: songs at their first stage, oldest due first, when a slot is left.
 */
export const JOB_LANES = ["customer", "under-way", "not-started"] as const;
export type JobLane = (typeof JOB_LANES)[number];
export const GENERATION_LANES = ["under-way", "not-started"] as const satisfies readonly JobLane[];

export interface DueWork {
  job: JobName;
  dueAt: number;
  lane: JobLane;
}

export function dueWorkOf(order: Order): DueWork[] {
  const due: DueWork[] = [];
  if (order.status === "generating" && order.nextPollAt) {
    const begun = !!order.currentStage && order.currentStage !== FIRST_GENERATION_STAGE;
    due.push({
      job: "generation",
      dueAt: Date.parse(order.nextPollAt),
      lane: begun ? "under-way" : "not-started",
    });
  }
  if (order.status === "failed" && !order.failureEmailSent && order.failureEmailDueAt) {
    due.push({ job: "failure-email", dueAt: Date.parse(order.failureEmailDueAt), lane: "customer" });
  }
  const confirmation = order.confirmationEmail;
  if (confirmation?.dueAt && !confirmation.sentAt) {
    due.push({ job: "confirmation-email", dueAt: Date.parse(confirmation.dueAt), lane: "customer" });
  }
  // Only a finished song is sent: an approved order put back into generation waits until it is done.
  if (order.status === "completed" && order.approvalStatus === "approved" && order.deliveryDueAt) {
    due.push({ job: "delivery", dueAt: Date.parse(order.deliveryDueAt), lane: "customer" });
  }
  // Asked for whatever the order's state: staff may approve and send before the words are timed.
  const timing = timingDueAt(order);
  if (timing !== null) due.push({ job: "lyrics-timing", dueAt: timing, lane: "customer" });
  return due;
}
