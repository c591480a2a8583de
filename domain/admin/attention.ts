import { type AdminFilter, filtersOf } from "./order_list.ts";
import type { JobName } from "../order/due_work.ts";
import type { Order } from "../order/orders.ts";
import type { RequestedDelivery } from "../delivery/requested.ts";
import type { StorageOutage } from "./storage_outage.ts";

/**
 * "Needs attention", on the dashboard: which orders wait on staff before a family is let down, or already
 * are. The rules are pure, so kv/attention.ts applies them to what it reads and the
 * dashboard island shares the answer's shape. Each rule re-checks the order as read: an index entry only says where to look.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * A song in review longer than this is waiting too long. A constant rather than a setting: it is the
 * dashboard's threshold, not how the shop behaves, so nobody has to deploy to change it, and a
 * deployment has no knob to get wrong. Half a day means a song made overnight is flagged by the next
 * working afternoon. The rule takes it as a parameter, so a setting would be one line.
 */
export const REVIEW_WAIT_HOURS = 12;

/**
 * How long before the last moment to approve a dated song it is flagged. With the usual 12 hours of
 * delay this flags every unapproved song whose family's moment is less than a day away: the smallest
 * window in which staff still have a working day's notice.
 */
export const DATED_WARNING_HOURS = 12;

/**
 * Customer-side: a family hears from us with their song within 24 hours of ordering (the confirmation
 * email, the FAQ, the legal pages). An order still waiting past this has had that promise broken.
 */
export const PROMISE_HOURS = 24;

type PromiseFacts = Pick<
  Order,
  "createdAt" | "emailSentAt" | "emailSendCount" | "requestedDelivery" | "refund"
>;

/**
 * When the family began waiting on the 24-hour promise (the moment the order was paid and placed, ms),
 * while they still wait for their song; null once it has reached them (a song made again after that is
 * staff's follow-up, not the promise), for an order with a chosen moment (that moment is its promise:
 * datedRisk), and for a refunded one (the promise ended with the money).
 */
export function promiseWaitingSince(order: PromiseFacts): number | null {
  if (order.emailSentAt || (order.emailSendCount ?? 0) > 0) return null;
  if (order.requestedDelivery || order.refund) return null;
  return Date.parse(order.createdAt);
}

/** Whether the order has waited past the promise at `now` (exactly 24 hours is not yet past). */
export function pastPromise(order: PromiseFacts, now: number, promiseMs: number): number | null {
  const since = promiseWaitingSince(order);
  return since !== null && now - since > promiseMs ? since : null;
}

/** Orders listed per group; the count says how many there are in all. */
export const SHOWN_PER_GROUP = 5;

export const hoursMs = (hours: number) => Math.round(hours * HOUR_MS);

type ReviewFacts = Pick<Order, "status" | "approvalStatus" | "completedAt" | "emailSentAt">;

/**
 * When a song in review became ready (ms), if that was more than `waitMs` ago; null for a song not in
 * review or not waiting that long (exactly `waitMs` is not yet too long).
 */
export function reviewWaitingSince(order: ReviewFacts, now: number, waitMs: number): number | null {
  const inReview = order.status === "completed" && (order.approvalStatus ?? "pending") === "pending";
  if (!inReview || !order.completedAt) return null;
  const readyAt = Date.parse(order.completedAt);
  return now - readyAt > waitMs ? readyAt : null;
}

/**
 * missed: the family's moment can no longer be met (approval now would send it after the delay, which
 * ends past the moment, or the approved send is already scheduled after it). soon: it can still be
 * met if the song is approved by `approveBy`, which is less than the warning window away.
 */
export type DatedRiskLevel = "missed" | "soon";

export interface DatedRisk {
  level: DatedRiskLevel;
  /** The family's moment (ms). */
  at: number;
  /** The last moment an approval still meets it: the moment less the delay after approval. */
  approveBy: number;
}

type DatedFacts = Pick<
  Order,
  "requestedDelivery" | "emailSentAt" | "approvalStatus" | "emailScheduledFor"
>;

/**
 * Whether a dated order's moment is at risk. Approval schedules the later of approval + delay and the
 * moment (domain/delivery/requested.ts, scheduledSendAt), so an unapproved song meets its moment only
 * if approved by moment − delay; an approved one meets it when its pending send is due by then.
 */
export function datedRisk(
  order: DatedFacts,
  now: number,
  delayMs: number,
  warningMs: number,
): DatedRisk | null {
  const request = order.requestedDelivery;
  if (!request || order.emailSentAt) return null;
  const at = Date.parse(request.at);
  const approveBy = at - delayMs;
  if (order.approvalStatus === "approved" && order.emailScheduledFor) {
    return Date.parse(order.emailScheduledFor) > at ? { level: "missed", at, approveBy } : null;
  }
  if (now > approveBy) return { level: "missed", at, approveBy };
  return approveBy - now <= warningMs ? { level: "soon", at, approveBy } : null;
}

/**
 * Where in the index of dated orders (by the family's moment) the orders at risk can be, at `now`:
 * an unapproved song is flagged from moment − delay − warning, so nothing after `horizon` is; and a
 * moment before `missedBefore` (now + delay) can no longer be met by an approval now, nor by one
 * made earlier whose send is late, while from there to the horizon every unapproved song is "soon".
 * Reading the two apart keeps a pile of long-missed dates from hiding the ones still to be saved.
 */
export function datedWindows(now: number, delayMs: number, warningMs: number) {
  return { missedBefore: now + delayMs, horizon: now + delayMs + warningMs };
}

/**
 * The dashboard tab an order is best found under beside its number's search: the narrowest one it is
 * in (a number's search matches a prefix, #1003 also finds #10030, so the tab keeps it to one).
 */
const TAB_PREFERENCE: readonly AdminFilter[] = [
  "failed",
  "review",
  "approved",
  "sent",
  "in-progress",
  "dated",
];

export function tabOf(order: Parameters<typeof filtersOf>[0]): AdminFilter {
  const filters = filtersOf(order);
  return TAB_PREFERENCE.find((filter) => filters.includes(filter)) ?? "all";
}

/** One order as the panel lists it. */
export interface AttentionOrder {
  id: string;
  orderNumber: number;
  childName: string;
  /** Where the dashboard finds it (with a search for its number). */
  filter: AdminFilter;
  /** Failed at, waiting since, due at, ready at, placed at, or the family's moment (ISO), by group. */
  since: string;
  /** Overdue sends: which work is late. */
  job?: JobName;
  /** Dated at risk: the family's request and how it stands. */
  requestedDelivery?: RequestedDelivery;
  risk?: DatedRiskLevel;
  approveBy?: string;
}

export interface AttentionGroup {
  /** How many there are, counted up to a cap: `atLeast` says the cap was reached. */
  count: number;
  atLeast: boolean;
  /** The first SHOWN_PER_GROUP of them, most pressing first. */
  orders: AttentionOrder[];
}

/** `GET /api/admin/attention` (routes/api/admin/attention.ts). */
export interface AttentionAnswer {
  failed: AttentionGroup;
  overdueSends: AttentionGroup;
  /** Families still waiting longer than PROMISE_HOURS since they ordered, longest first. */
  pastPromise: AttentionGroup;
  reviewWaiting: AttentionGroup;
  datedAtRisk: AttentionGroup;
  /** Finished songs waiting for our audio storage to come back, longest first. */
  storageWait: AttentionGroup;
  /** Our audio bucket, while it is away; null while it works (or there is none). */
  storageOutage: StorageOutage | null;
  reviewWaitHours: number;
  promiseHours: number;
  checkedAt: string;
}

export type AttentionGroupName =
  | "failed"
  | "storageWait"
  | "overdueSends"
  | "pastPromise"
  | "reviewWaiting"
  | "datedAtRisk";
