import type { Order } from "./orders.ts";

/**
 * The work an order is waiting for and when it is due, read from the order's own state. The due-time
 * index (kv/orders.ts) is derived from this in every write of the order, so it can never say
 * something the order does not, and the sweeper finds overdue work without scanning orders.
 */
export const JOB_NAMES = ["generation", "failure-email", "delivery"] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * Work comes in two lanes, kept apart in the due-time index so neither waits behind the other:
 * what a family is waiting to receive (the delivery and failure emails) runs first and at once; the
 * making of songs takes the worker's generation slots, oldest due first (issue 17).
 */
export const JOB_LANES = ["customer", "generation"] as const;
export type JobLane = (typeof JOB_LANES)[number];

export function laneOf(job: JobName): JobLane {
  return job === "generation" ? "generation" : "customer";
}

export interface DueWork {
  job: JobName;
  dueAt: number;
}

export function dueWorkOf(order: Order): DueWork[] {
  const due: DueWork[] = [];
  if (order.status === "generating" && order.nextPollAt) {
    due.push({ job: "generation", dueAt: Date.parse(order.nextPollAt) });
  }
  if (order.status === "failed" && !order.failureEmailSent && order.failureEmailDueAt) {
    due.push({ job: "failure-email", dueAt: Date.parse(order.failureEmailDueAt) });
  }
  // Only a finished song is sent: an approved order put back into generation waits until it is done.
  if (order.status === "completed" && order.approvalStatus === "approved" && order.deliveryDueAt) {
    due.push({ job: "delivery", dueAt: Date.parse(order.deliveryDueAt) });
  }
  return due;
}
