import { tabOf } from "../domain/admin/attention.ts";
import { BadRequestError } from "../domain/errors.ts";
import type { GenerationEvent } from "../domain/generation/events.ts";
import {
  ACTIVITY_PAGE_SIZE,
  activityEntryOf,
  type StaffActivityEntry,
  type StaffActivityItem,
  type StaffActivityPage,
  type StaffActivityQuery,
} from "../domain/admin/staff_activity.ts";
import { dayRange } from "../domain/time.ts";
import { keys } from "./keys.ts";
import { getOrder, getOrders } from "./orders.ts";

/**
 * The staff activity log's index (domain/admin/staff_activity.ts). Each staff event is listed twice, across
 * orders and under its staff member, by when, so a page is one bounded read of one range (a day, or
 * everything) newest first, whatever the shop's size. Written by addStaffEvent (kv/events.ts) in the
 * event's own atomic operation; removed with the order (kv/order_removal.ts).
 */

/** The names in the staff member filter: a studio has a handful, this is far more. */
const STAFF_LIST_LIMIT = 200;
/** One order's actions listed at most (an order's whole life is a few dozen). */
const ORDER_ACTIONS_LIMIT = 200;

const atMs = (entry: StaffActivityEntry) => Date.parse(entry.at);

/** The index's keys for an entry. */
export function staffActivityKeysOf(entry: StaffActivityEntry): Deno.KvKey[] {
  return [
    keys.staffActivity(atMs(entry), entry.eventId),
    keys.staffActivityOf(entry.by, atMs(entry), entry.eventId),
  ];
}

/** Adds a staff event's entries to the operation that writes the event. */
export function addStaffActivity(operation: Deno.AtomicOperation, orderId: string, event: GenerationEvent) {
  const entry = activityEntryOf(orderId, event);
  if (!entry) return operation;
  for (const key of staffActivityKeysOf(entry)) operation.set(key, entry);
  // The key is what counts: the same value however often, and in whatever order, it is written.
  return operation.set(keys.staffMember(entry.by), true);
}

/** The log's keys for an order's events (its staff actions), for removing them with the order. */
export function staffActivityKeysOfEvents(orderId: string, events: readonly GenerationEvent[]): Deno.KvKey[] {
  return events.flatMap((event) => {
    const entry = activityEntryOf(orderId, event);
    return entry ? staffActivityKeysOf(entry) : [];
  });
}

export async function listStaffActivity(kv: Deno.Kv, query: StaffActivityQuery): Promise<StaffActivityPage> {
  const [page, staff] = await Promise.all([
    query.order === null ? readPage(kv, query) : readOrderActions(kv, query, query.order),
    listStaffMembers(kv),
  ]);
  return { entries: await withOrders(kv, page.entries), next: page.next, staff };
}

/** A page of the index's range for the query, newest first, and where the next one starts. */
async function readPage(kv: Deno.Kv, query: StaffActivityQuery) {
  const prefix = query.by ? keys.staffActivityByStaff(query.by) : keys.allStaffActivity();
  const range = query.day ? dayRange(query.day, query.tz) : null;
  const selector: Deno.KvListSelector = range
    ? { start: [...prefix, range.start], end: [...prefix, range.end] }
    : { prefix };
  const options = { reverse: true, ...(query.cursor ? { cursor: query.cursor } : {}) };
  const entries: StaffActivityEntry[] = [];
  const listed = kv.list<StaffActivityEntry>(selector, { ...options, limit: ACTIVITY_PAGE_SIZE });
  try {
    for await (const entry of listed) entries.push(entry.value);
  } catch (error) {
    // The store refuses a cursor it never gave: the asker's mistake, not ours.
    if (query.cursor && error instanceof TypeError) {
      throw new BadRequestError("cursor is not one this log gave.");
    }
    throw error;
  }
  if (entries.length < ACTIVITY_PAGE_SIZE) return { entries, next: null };
  // A full page: there is a next one only if an entry follows.
  const next = listed.cursor;
  for await (const _ of kv.list(selector, { reverse: true, cursor: next, limit: 1 })) {
    return { entries, next };
  }
  return { entries, next: null };
}

/** One order's staff actions, newest first, from its own timeline: "who approved #1070". */
async function readOrderActions(kv: Deno.Kv, query: StaffActivityQuery, orderNumber: number) {
  const id = (await kv.get<string>(keys.orderByNumber(orderNumber))).value;
  const order = id ? await getOrder(kv, id) : null;
  if (!order) return { entries: [], next: null };
  const range = query.day ? dayRange(query.day, query.tz) : null;
  const events: GenerationEvent[] = [];
  for await (const entry of kv.list<GenerationEvent>({ prefix: keys.orderEvents(order.id) })) {
    events.push(entry.value);
  }
  const entries = events.flatMap((event) => {
    const entry = activityEntryOf(order.id, event);
    if (!entry || (query.by && entry.by !== query.by)) return [];
    if (range && (atMs(entry) < range.start || atMs(entry) >= range.end)) return [];
    return [entry];
  });
  return { entries: entries.reverse().slice(0, ORDER_ACTIONS_LIMIT), next: null };
}

async function listStaffMembers(kv: Deno.Kv): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of kv.list({ prefix: keys.staffMembers() }, { limit: STAFF_LIST_LIMIT })) {
    names.push(entry.key[1] as string);
  }
  return names;
}

/** Each entry with its order's number, child and tab; an order gone since is left out. */
async function withOrders(kv: Deno.Kv, entries: StaffActivityEntry[]): Promise<StaffActivityItem[]> {
  const orders = new Map(
    (await getOrders(kv, [...new Set(entries.map((entry) => entry.orderId))])).map((
      order,
    ) => [order.id, order]),
  );
  return entries.flatMap((entry) => {
    const order = orders.get(entry.orderId);
    if (!order) return [];
    return [{ ...entry, orderNumber: order.orderNumber, childName: order.childName, filter: tabOf(order) }];
  });
}
