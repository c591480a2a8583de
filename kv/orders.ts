import type { SearchIndex } from "../domain/admin/search.ts";
import { indexPlanOf } from "../domain/order/index_plan.ts";
import { isOrderId, type Order } from "../domain/order/orders.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { getManyInChunks } from "./get_many.ts";
import { keys } from "./keys.ts";

/**
 * Orders and everything that points at them. Every write of an order goes through writeOrder, which
 * adds the order's indexes and counters to the same atomic operation, so a list, a count and the
 * order itself can never disagree.
 */

/** Customer-side §9: order numbers start at 1000. */
export const FIRST_ORDER_NUMBER = 1000;

/** Orders per block of the filter indexes' block counters (see keys.orderBlockCount). */
export const ORDER_BLOCK_SIZE = 500;

export const blockOf = (orderNumber: number) => Math.floor(orderNumber / ORDER_BLOCK_SIZE);

type IndexEntry = readonly [Deno.KvKey, unknown];

/** A counter and what an order adds to it while the order is as it is (always above 0). */
export interface Counted {
  key: Deno.KvKey;
  amount: bigint;
}

/** What the store keeps beside an order: its index entries, and what it adds to each counter. */
interface StoredIndex {
  entries: IndexEntry[];
  counters: Counted[];
}

const SEARCH_INDEXES: readonly SearchIndex[] = ["word", "email", "domain"];

/** The order's index plan (domain/order/index_plan.ts) as keys: the one place an order's indexes are named. */
function storedIndexOf(order: Order): StoredIndex {
  const plan = indexPlanOf(order);
  const { id, orderNumber } = order;
  const block = blockOf(orderNumber);
  const byId = (key: Deno.KvKey): IndexEntry => [key, id];
  const one = (key: Deno.KvKey): Counted => ({ key, amount: 1n });

  const entries: IndexEntry[] = [
    byId(keys.orderByNumber(orderNumber)),
    byId(keys.orderByEmail(order.parentEmail, id)),
    byId(keys.orderByPlacedAt(plan.placedAt, orderNumber)),
  ];
  if (order.userId) entries.push(byId(keys.orderByUser(order.userId, id)));
  if (plan.stage) entries.push(byId(keys.orderByStage(plan.stage, id)));
  if (plan.sessionId) entries.push(byId(keys.orderBySession(plan.sessionId)));
  if (plan.storageWaitSince !== null) {
    entries.push(byId(keys.orderAwaitingStorage(plan.storageWaitSince, orderNumber)));
  }
  if (plan.promiseSince !== null) entries.push(byId(keys.orderAwaitingSong(plan.promiseSince, orderNumber)));
  if (plan.requestedAt !== null) {
    entries.push(byId(keys.orderByRequestedDelivery(plan.requestedAt, orderNumber)));
  }
  for (const work of plan.due) entries.push(byId(keys.jobDue(work.lane, work.dueAt, id, work.job)));
  for (const filter of plan.filters) entries.push(byId(keys.orderByFilter(filter, orderNumber)));
  // Written with every change of the order, so a take withdrawn or replaced stops being served at once.
  for (const blobId of plan.releasedAudio) entries.push(byId(keys.releasedAudio(blobId, id)));
  for (const view of plan.views) entries.push([keys.orderInView(view, orderNumber), plan.filterBits]);
  for (const index of SEARCH_INDEXES) {
    for (const token of plan.search[index]) {
      entries.push([keys.orderSearch(index, token, orderNumber), plan.filterBits]);
    }
  }

  const counters = [one(keys.orderCount(`status:${order.status}`))];
  for (const filter of plan.filters) {
    counters.push(one(keys.orderCount(filter)), one(keys.orderBlockCount(filter, block)));
    for (const view of plan.views) {
      counters.push(
        one(keys.orderViewCount(filter, view)),
        one(keys.orderViewBlockCount(filter, view, block)),
      );
    }
  }
  if (plan.referral) {
    const { code, revenueCents } = plan.referral;
    counters.push(one(keys.referralCodeStat(code, "orders")));
    if (revenueCents > 0) {
      counters.push({ key: keys.referralCodeStat(code, "revenue"), amount: BigInt(revenueCents) });
    }
  }
  return { entries, counters };
}

/**
 * The part of an order's stored index under any of `prefixes` (a key counts as under itself): what a
 * migration adds to orders written before that part existed.
 */
export function storedIndexUnder(order: Order, prefixes: readonly Deno.KvKey[]): StoredIndex {
  const under = (key: Deno.KvKey) => prefixes.some((prefix) => prefix.every((part, i) => key[i] === part));
  const { entries, counters } = storedIndexOf(order);
  return {
    entries: entries.filter(([key]) => under(key)),
    counters: counters.filter(({ key }) => under(key)),
  };
}

/** An order's entries in the dashboard's search indexes (all of them, or only `indexes`). */
export function searchEntriesOf(order: Order, indexes = SEARCH_INDEXES): IndexEntry[] {
  return storedIndexUnder(order, indexes.map((index) => keys.orderSearchIndex(index))).entries;
}

/** What an order adds to its views' counters: one per tab it is in, in all and in its block. */
export function viewCountersOf(order: Order): Counted[] {
  return storedIndexUnder(order, [keys.allOrderViewCounts(), keys.allOrderViewBlockCounts()]).counters;
}

/** Whether some order's family has this audio now (plan.releasedAudio): one short read. */
export async function isReleasedAudio(kv: Deno.Kv, blobId: string): Promise<boolean> {
  for await (const _ of kv.list({ prefix: keys.releasedAudioOfBlob(blobId) }, { limit: 1 })) return true;
  return false;
}

const keyText = (key: Deno.KvKey) => JSON.stringify(key);

/** Counters by key, their amounts added up, so a diff sees each key once. */
function byKey(counters: Counted[]): Map<string, Counted> {
  const found = new Map<string, Counted>();
  for (const { key, amount } of counters) {
    const text = keyText(key);
    found.set(text, { key, amount: (found.get(text)?.amount ?? 0n) + amount });
  }
  return found;
}

/** Adds `delta` (negative to subtract) to a counter: `sum` wraps at 2^64, so −n is 2^64 − n. */
function sumCounter(operation: Deno.AtomicOperation, key: Deno.KvKey, delta: bigint) {
  if (delta === 0n) return operation;
  return operation.sum(key, delta > 0n ? delta : BigInt.asUintN(64, delta));
}

const NOTHING: StoredIndex = { entries: [], counters: [] };

/** Adds the writes that store `after` in place of `before` (null for a new order) to `operation`. */
export function writeOrder(operation: Deno.AtomicOperation, before: Order | null, after: Order) {
  operation.set(keys.order(after.id), after);
  const was = before ? storedIndexOf(before) : NOTHING;
  const now = storedIndexOf(after);
  // Only the entries that change are written: an order has a hundred or more (its search terms, views
  // and tabs), and most of its writes (a stage done, an email claimed) touch two or three of them. The
  // rest are as `before` left them, since every write of an order commits its entries with it.
  const kept = new Set(now.entries.map(([key]) => keyText(key)));
  const beforeValues = new Map<string, unknown>();
  for (const [key, value] of was.entries) {
    const text = keyText(key);
    if (kept.has(text)) beforeValues.set(text, value);
    else operation.delete(key);
  }
  for (const [key, value] of now.entries) {
    const text = keyText(key);
    if (!beforeValues.has(text) || !Object.is(beforeValues.get(text), value)) operation.set(key, value);
  }

  // Each counter moves by what the order adds to it now less what it added before: 1 → 0 when it
  // leaves a tab, a revenue that drops by a refund, nothing for a counter it stays in as it was.
  const beforeCounters = byKey(was.counters);
  const afterCounters = byKey(now.counters);
  for (const [text, { key, amount }] of beforeCounters) {
    sumCounter(operation, key, (afterCounters.get(text)?.amount ?? 0n) - amount);
  }
  for (const [text, { key, amount }] of afterCounters) {
    if (!beforeCounters.has(text)) sumCounter(operation, key, amount);
  }
  return operation;
}

/**
 * The mutations writeOrder adds for a new order: for writers that put several orders in one commit,
 * which takes at most 1,000 (an order with a referral code and streaming is over a hundred).
 */
export function newOrderMutations(order: Order): number {
  const { entries, counters } = storedIndexOf(order);
  return 1 + entries.length + byKey(counters).size;
}

/** Mutations a commit that writes several orders may hold, leaving room for a checkpoint and a lease. */
export const MUTATIONS_PER_BATCH = 800;

/** Adds the writes that remove `order` with its indexes and counters to `operation`. */
export function unwriteOrder(operation: Deno.AtomicOperation, order: Order) {
  const { entries, counters } = storedIndexOf(order);
  operation.delete(keys.order(order.id));
  for (const [key] of entries) operation.delete(key);
  for (const { key, amount } of byKey(counters).values()) sumCounter(operation, key, -amount);
  return operation;
}

export async function getOrder(kv: Deno.Kv, id: string): Promise<Order | null> {
  if (!isOrderId(id)) return null;
  return (await kv.get<Order>(keys.order(id))).value;
}

export async function getOrderBySession(kv: Deno.Kv, sessionId: string): Promise<Order | null> {
  const id = (await kv.get<string>(keys.orderBySession(sessionId))).value;
  return id ? await getOrder(kv, id) : null;
}

/** Orders by id, in the given order, skipping any that no longer exist. */
export async function getOrders(kv: Deno.Kv, ids: string[]): Promise<Order[]> {
  const entries = await getManyInChunks<Order>(kv, ids.map((id) => keys.order(id)));
  return entries.flatMap((entry) => entry.value ? [entry.value] : []);
}

async function idsUnder(kv: Deno.Kv, prefix: Deno.KvKey, limit?: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const entry of kv.list<string>({ prefix }, { limit })) ids.push(entry.value);
  return ids;
}

export async function listOrdersOfEmail(kv: Deno.Kv, email: string): Promise<Order[]> {
  return await getOrders(kv, await idsUnder(kv, keys.ordersOfEmail(email)));
}

export async function listOrdersOfUser(kv: Deno.Kv, userId: string): Promise<Order[]> {
  return await getOrders(kv, await idsUnder(kv, keys.ordersOfUser(userId)));
}

/** Whether an address has ordered before (a friend's referral discount is for a first order). */
export async function hasOrders(kv: Deno.Kv, email: string): Promise<boolean> {
  return (await idsUnder(kv, keys.ordersOfEmail(email), 1)).length > 0;
}

export async function countOrders(kv: Deno.Kv, name: string): Promise<number> {
  const [count] = await countManyOrders(kv, [name]);
  return count;
}

/** Several counters in one read, in the order of `names`. */
export async function countManyOrders(kv: Deno.Kv, names: readonly string[]): Promise<number[]> {
  const entries = await getManyInChunks<Deno.KvU64>(kv, names.map((name) => keys.orderCount(name)));
  return entries.map((entry) => entry.value ? Number(entry.value.value) : 0);
}

/**
 * Changes one order with a read-check-write loop: `change` gets the current order and returns the
 * new one, or null to leave it as it is. Answers the order as stored afterwards (null if missing).
 */
export function updateOrder(
  kv: Deno.Kv,
  id: string,
  change: (order: Order) => Order | null,
  /** More writes for the same atomic operation (events, the job message), given the new order. */
  alongside?: (operation: Deno.AtomicOperation, next: Order, before: Order) => void,
): Promise<Order | null> {
  // Not one of our ids: no such order (a long one would not even fit in a KV key).
  if (!isOrderId(id)) return Promise.resolve(null);
  return retryOnConflict(`order ${id}`, async () => {
    const entry = await kv.get<Order>(keys.order(id));
    if (!entry.value) return null;
    const next = change(entry.value);
    if (!next) return entry.value;
    const operation = writeOrder(kv.atomic().check(entry), entry.value, next);
    alongside?.(operation, next, entry.value);
    const result = await operation.commit();
    return result.ok ? next : CONFLICT;
  });
}
