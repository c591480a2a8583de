import {
  type AttentionAnswer,
  type AttentionGroup,
  type AttentionOrder,
  datedRisk,
  datedWindows,
  hoursMs,
  pastPromise,
  reviewWaitingSince,
  SHOWN_PER_GROUP,
  tabOf,
} from "../domain/admin/attention.ts";
import type { JobName } from "../domain/order/due_work.ts";
import type { Order } from "../domain/order/orders.ts";
import { iso } from "../domain/time.ts";
import { OVERDUE_AFTER_MS } from "./backlog.ts";
import { keys } from "./keys.ts";
import { readStorageOutage } from "./storage_health.ts";
import { countOrders, getOrders } from "./orders.ts";

/**
 * Reads what needs attention (domain/admin/attention.ts) from the indexes the dashboard already keeps, so
 * the cost does not grow with the shop: the Failed tab's counter and first entries, the due-time
 * index's late sends, the range of the waiting families' index past the promise, and the Review and
 * For a date tabs' first entries, whose orders are read (up to a cap) because only the order says
 * how long it has waited or whether it is approved.
 */

/**
 * Songs in review read, oldest order first. The review queue is short in a working shop; past this
 * the count says "at least", since a song waiting longest is almost always among the oldest orders.
 */
export const REVIEW_SCAN_LIMIT = 100;
/** Dated orders read on each side of the last moment an approval now meets: past this, "at least". */
export const DATED_SCAN_LIMIT = 100;
/** Late sends counted, as the backlog counts them (kv/backlog.ts), so both panels agree. */
export const OVERDUE_COUNT_LIMIT = 1000;

/** Songs waiting for storage counted, as late sends are: past this, "at least". */
export const STORAGE_WAIT_COUNT_LIMIT = 1000;

/** Families past the promise counted, as late sends are: past this, "at least". */
export const PAST_PROMISE_COUNT_LIMIT = 1000;

export interface AttentionSettings {
  /** DELIVERY_DELAY_HOURS in ms: approval to the scheduled send. */
  delayMs: number;
  reviewWaitHours: number;
  datedWarningHours: number;
  promiseHours: number;
}

export async function readAttention(
  kv: Deno.Kv,
  now: number,
  settings: AttentionSettings,
): Promise<AttentionAnswer> {
  const [failed, storageWait, storageOutage, overdueSends, pastPromiseGroup, reviewWaiting, datedAtRisk] =
    await Promise.all([
      readFailed(kv),
      readStorageWait(kv),
      readStorageOutage(kv),
      readOverdueSends(kv, now),
      readPastPromise(kv, now, hoursMs(settings.promiseHours)),
      readReviewWaiting(kv, now, hoursMs(settings.reviewWaitHours)),
      readDatedAtRisk(kv, now, settings),
    ]);
  return {
    failed,
    storageWait,
    storageOutage,
    overdueSends,
    pastPromise: pastPromiseGroup,
    reviewWaiting,
    datedAtRisk,
    reviewWaitHours: settings.reviewWaitHours,
    promiseHours: settings.promiseHours,
    checkedAt: iso(now),
  };
}

const listed = (order: Order, since: number, more: Partial<AttentionOrder> = {}): AttentionOrder => ({
  id: order.id,
  orderNumber: order.orderNumber,
  childName: order.childName,
  filter: tabOf(order),
  since: iso(since),
  ...more,
});

async function idsOf(kv: Deno.Kv, selector: Deno.KvListSelector, limit: number, reverse = false) {
  const ids: string[] = [];
  for await (const entry of kv.list<string>(selector, { limit, reverse })) ids.push(entry.value);
  return ids;
}

/** The Failed tab's count, and its oldest orders. */
async function readFailed(kv: Deno.Kv): Promise<AttentionGroup> {
  const [count, ids] = await Promise.all([
    countOrders(kv, "failed"),
    idsOf(kv, { prefix: keys.ordersByFilter("failed") }, SHOWN_PER_GROUP),
  ]);
  const orders = (await getOrders(kv, ids))
    .filter((order) => order.status === "failed")
    .map((order) => listed(order, Date.parse(order.lastEventAt ?? order.updatedAt)));
  return { count, atLeast: false, orders };
}

/** Finished songs waiting for our audio storage, longest first, counted up to a cap from the index's keys. */
async function readStorageWait(kv: Deno.Kv): Promise<AttentionGroup> {
  let count = 0;
  const first: string[] = [];
  for await (
    const entry of kv.list<string>({ prefix: keys.ordersAwaitingStorage() }, {
      limit: STORAGE_WAIT_COUNT_LIMIT,
    })
  ) {
    count++;
    if (first.length < SHOWN_PER_GROUP) first.push(entry.value);
  }
  const orders = (await getOrders(kv, first)).flatMap((order) =>
    order.status === "generating" && order.storageWaitSince
      ? [listed(order, Date.parse(order.storageWaitSince))]
      : []
  );
  return { count, atLeast: count === STORAGE_WAIT_COUNT_LIMIT, orders };
}

/** Work in the customer lane due longer than OVERDUE_AFTER_MS ago: the backlog's rule, longest late first. */
async function readOverdueSends(kv: Deno.Kv, now: number): Promise<AttentionGroup> {
  const prefix = keys.jobsDue("customer");
  const late = { prefix, end: [...prefix, now - OVERDUE_AFTER_MS] };
  let count = 0;
  const first = new Map<string, { dueAt: number; job: JobName }>();
  for await (const entry of kv.list(late, { limit: OVERDUE_COUNT_LIMIT })) {
    count++;
    const [, , dueAt, orderId, job] = entry.key as [string, string, number, string, JobName];
    if (first.size < SHOWN_PER_GROUP && !first.has(orderId)) first.set(orderId, { dueAt, job });
  }
  const orders = (await getOrders(kv, [...first.keys()])).map((order) => {
    const { dueAt, job } = first.get(order.id)!;
    return listed(order, dueAt, { job });
  });
  return { count, atLeast: count === OVERDUE_COUNT_LIMIT, orders };
}

/**
 * Families waiting longer than the promise since they ordered, longest first: the range of the
 * waiting families' index before now − promise, counted up to a cap from its keys alone.
 */
async function readPastPromise(kv: Deno.Kv, now: number, promiseMs: number): Promise<AttentionGroup> {
  const prefix = keys.ordersAwaitingSong();
  // End keys are exclusive: an order placed exactly `promiseMs` ago has not yet waited past it.
  const late = { prefix, end: [...prefix, now - promiseMs] };
  let count = 0;
  const first: string[] = [];
  for await (const entry of kv.list<string>(late, { limit: PAST_PROMISE_COUNT_LIMIT })) {
    count++;
    if (first.length < SHOWN_PER_GROUP) first.push(entry.value);
  }
  const orders = (await getOrders(kv, first)).flatMap((order) => {
    const since = pastPromise(order, now, promiseMs);
    return since === null ? [] : [listed(order, since)];
  });
  return { count, atLeast: count === PAST_PROMISE_COUNT_LIMIT, orders };
}

/** Songs in review longer than the wait, longest first, among the oldest orders in review. */
async function readReviewWaiting(kv: Deno.Kv, now: number, waitMs: number): Promise<AttentionGroup> {
  const [inReview, ids] = await Promise.all([
    countOrders(kv, "review"),
    idsOf(kv, { prefix: keys.ordersByFilter("review") }, REVIEW_SCAN_LIMIT),
  ]);
  const waiting = (await getOrders(kv, ids)).flatMap((order) => {
    const since = reviewWaitingSince(order, now, waitMs);
    return since === null ? [] : [{ order, since }];
  }).sort((a, b) => a.since - b.since);
  return {
    count: waiting.length,
    atLeast: inReview > ids.length,
    orders: waiting.slice(0, SHOWN_PER_GROUP).map(({ order, since }) => listed(order, since)),
  };
}

/**
 * Dated orders whose moment is close or missed: first those that can still be saved, soonest moment
 * first; then those missed, the latest moment first, so a date missed weeks ago is what the cap drops.
 */
async function readDatedAtRisk(
  kv: Deno.Kv,
  now: number,
  { delayMs, datedWarningHours }: AttentionSettings,
): Promise<AttentionGroup> {
  const warningMs = hoursMs(datedWarningHours);
  const { missedBefore, horizon } = datedWindows(now, delayMs, warningMs);
  const prefix = keys.ordersByRequestedDelivery();
  const [soonIds, missedIds] = await Promise.all([
    // End keys are exclusive: the horizon itself is in.
    idsOf(kv, { start: [...prefix, missedBefore], end: [...prefix, horizon + 1] }, DATED_SCAN_LIMIT),
    idsOf(kv, { prefix, end: [...prefix, missedBefore] }, DATED_SCAN_LIMIT, true),
  ]);
  const atRisk = (await getOrders(kv, [...soonIds, ...missedIds])).flatMap((order) => {
    const risk = datedRisk(order, now, delayMs, warningMs);
    return risk ? [{ order, risk }] : [];
  });
  return {
    count: atRisk.length,
    atLeast: soonIds.length === DATED_SCAN_LIMIT || missedIds.length === DATED_SCAN_LIMIT,
    orders: atRisk.slice(0, SHOWN_PER_GROUP).map(({ order, risk }) =>
      listed(order, risk.at, {
        requestedDelivery: order.requestedDelivery!,
        risk: risk.level,
        approveBy: iso(risk.approveBy),
      })
    ),
  };
}
