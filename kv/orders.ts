import { filterBits, filtersOf } from "../domain/admin/order_list.ts";
import { promiseWaitingSince } from "../domain/admin/attention.ts";
import { viewsOf } from "../domain/admin/list_views.ts";
import { type SearchIndex, searchTermsOf } from "../domain/admin/search.ts";
import { releasedAudioOf } from "../domain/delivery/release.ts";
import { dueWorkOf } from "../domain/order/due_work.ts";
import { isOrderId, type Order } from "../domain/order/orders.ts";
import { referralTakingsOf } from "../domain/referral/stats.ts";
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

const ONE = 1n;

/** Orders per block of the filter indexes' block counters (see keys.orderBlockCount). */
export const ORDER_BLOCK_SIZE = 500;

export const blockOf = (orderNumber: number) => Math.floor(orderNumber / ORDER_BLOCK_SIZE);

type IndexEntry = readonly [Deno.KvKey, unknown];

function indexEntriesOf(order: Order): IndexEntry[] {
  const byId = (key: Deno.KvKey): IndexEntry => [key, order.id];
  const index: IndexEntry[] = [
    byId(keys.orderByNumber(order.orderNumber)),
    byId(keys.orderByEmail(order.parentEmail, order.id)),
  ];
  if (order.userId) index.push(byId(keys.orderByUser(order.userId, order.id)));
  // Only orders in the pipeline are listed by stage; a failed order keeps its stage for display.
  if (order.status === "generating" && order.currentStage) {
    index.push(byId(keys.orderByStage(order.currentStage, order.id)));
  }
  // A finished song waiting for our audio storage: staff's "Needs attention" reads these.
  if (order.status === "generating" && order.storageWaitSince) {
    index.push(byId(keys.orderAwaitingStorage(Date.parse(order.storageWaitSince), order.orderNumber)));
  }
  for (const work of dueWorkOf(order)) {
    index.push(byId(keys.jobDue(work.lane, work.dueAt, order.id, work.job)));
  }
  if (order.payment.kind === "checkout") index.push(byId(keys.orderBySession(order.payment.sessionId)));
  for (const filter of filtersOf(order)) {
    index.push(byId(keys.orderByFilter(filter, order.orderNumber)));
    if (filter === "dated") {
      const at = Date.parse(order.requestedDelivery!.at);
      index.push(byId(keys.orderByRequestedDelivery(at, order.orderNumber)));
    }
  }
  index.push(...searchEntriesOf(order), ...listEntriesOf(order), ...promiseEntriesOf(order));
  index.push(...releasedAudioEntriesOf(order));
  return index;
}

/**
 * The order's entries among the audio anyone may hear, one per blob the family has now: for writeOrder
 * and for the migration that adds them to orders written before. Written with every change of the
 * order, so a take withdrawn or replaced, or an order deleted, stops being served in the same write.
 */
export function releasedAudioEntriesOf(order: Order): IndexEntry[] {
  return releasedAudioOf(order).map((blobId): IndexEntry => [keys.releasedAudio(blobId, order.id), order.id]);
}

/** Whether some order's family has this audio now (releasedAudioEntriesOf): one short read. */
export async function isReleasedAudio(kv: Deno.Kv, blobId: string): Promise<boolean> {
  for await (const _ of kv.list({ prefix: keys.releasedAudioOfBlob(blobId) }, { limit: 1 })) return true;
  return false;
}

/**
 * The order's entry among those whose family still waits on the 24-hour promise, if it is one: for
 * writeOrder and for the migration that adds it to orders written before.
 */
export function promiseEntriesOf(order: Order): IndexEntry[] {
  const since = promiseWaitingSince(order);
  return since === null ? [] : [[keys.orderAwaitingSong(since, order.orderNumber), order.id]];
}

/**
 * An order's entries in the list's views and its placing time, for writeOrder and for the migration
 * that adds them to orders written before.
 */
export function listEntriesOf(order: Order): IndexEntry[] {
  const bits = filterBits(filtersOf(order));
  return [
    [keys.orderByPlacedAt(Date.parse(order.createdAt), order.orderNumber), order.id],
    ...viewsOf(order).map((view): IndexEntry => [keys.orderInView(view, order.orderNumber), bits]),
  ];
}

/** What an order adds to its views' counters: one per tab it is in, in all and in its block. */
export function viewCountersOf(order: Order): Counted[] {
  const block = blockOf(order.orderNumber);
  return filtersOf(order).flatMap((filter) =>
    viewsOf(order).flatMap((view) => [
      { key: keys.orderViewCount(filter, view), amount: ONE },
      { key: keys.orderViewBlockCount(filter, view, block), amount: ONE },
    ])
  );
}

const SEARCH_INDEXES: readonly SearchIndex[] = ["word", "email", "domain"];

/**
 * An order's entries in the dashboard's search indexes (all of them, or only `indexes`), for
 * writeOrder and for migrations that add an index to orders written before it existed.
 */
export function searchEntriesOf(order: Order, indexes = SEARCH_INDEXES): IndexEntry[] {
  // Only the filter bits: a search reads thousands of these, so each must cost next to nothing.
  const bits = filterBits(filtersOf(order));
  const terms = searchTermsOf(order);
  const tokens: Record<SearchIndex, string[]> = {
    word: terms.words,
    email: terms.emails.filter(Boolean),
    domain: terms.domains,
  };
  return indexes.flatMap((index) =>
    tokens[index].map((token): IndexEntry => [keys.orderSearch(index, token, order.orderNumber), bits])
  );
}

/** A counter and what an order adds to it while the order is as it is (always above 0). */
export interface Counted {
  key: Deno.KvKey;
  amount: bigint;
}

/**
 * The counters an order adds to: one each to the totals, its status, its filter tabs and their
 * blocks; and its referral code's figures.
 */
function countersOf(order: Order): Counted[] {
  const counters: Counted[] = [{ key: keys.orderCount(`status:${order.status}`), amount: ONE }];
  for (const filter of filtersOf(order)) {
    counters.push(
      { key: keys.orderCount(filter), amount: ONE },
      { key: keys.orderBlockCount(filter, blockOf(order.orderNumber)), amount: ONE },
    );
  }
  counters.push(...referralCountersOf(order), ...viewCountersOf(order));
  return counters;
}

/**
 * What an order adds to its referral code's figures (domain/referral/stats.ts): one order, and its
 * revenue. For writeOrder and for the migration that counts orders written before.
 */
export function referralCountersOf(order: Order): Counted[] {
  const takings = referralTakingsOf(order);
  if (!takings) return [];
  const counters: Counted[] = [{ key: keys.referralCodeStat(takings.code, "orders"), amount: ONE }];
  if (takings.revenueCents > 0) {
    counters.push({
      key: keys.referralCodeStat(takings.code, "revenue"),
      amount: BigInt(takings.revenueCents),
    });
  }
  return counters;
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

/** Adds the writes that store `after` in place of `before` (null for a new order) to `operation`. */
export function writeOrder(operation: Deno.AtomicOperation, before: Order | null, after: Order) {
  operation.set(keys.order(after.id), after);
  // Only the entries that change are written: an order has a hundred or more (its search terms, views
  // and tabs), and most of its writes (a stage done, an email claimed) touch two or three of them. The
  // rest are as `before` left them, since every write of an order commits its entries with it.
  const afterEntries = indexEntriesOf(after);
  const kept = new Set(afterEntries.map(([key]) => keyText(key)));
  const beforeValues = new Map<string, unknown>();
  for (const [key, value] of before ? indexEntriesOf(before) : []) {
    const text = keyText(key);
    if (kept.has(text)) beforeValues.set(text, value);
    else operation.delete(key);
  }
  for (const [key, value] of afterEntries) {
    const text = keyText(key);
    if (!beforeValues.has(text) || !Object.is(beforeValues.get(text), value)) operation.set(key, value);
  }

  // Each counter moves by what the order adds to it now less what it added before: 1 → 0 when it
  // leaves a tab, a revenue that drops by a refund, nothing for a counter it stays in as it was.
  const beforeCounters = byKey(before ? countersOf(before) : []);
  const afterCounters = byKey(countersOf(after));
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
  return 1 + indexEntriesOf(order).length + byKey(countersOf(order)).size;
}

/** Mutations a commit that writes several orders may hold, leaving room for a checkpoint and a lease. */
export const MUTATIONS_PER_BATCH = 800;

/** Adds the writes that remove `order` with its indexes and counters to `operation`. */
export function unwriteOrder(operation: Deno.AtomicOperation, order: Order) {
  operation.delete(keys.order(order.id));
  for (const [key] of indexEntriesOf(order)) operation.delete(key);
  for (const { key, amount } of byKey(countersOf(order)).values()) sumCounter(operation, key, -amount);
  return operation;
}

let newOrderTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs a write that claims an order number after every such write this process started before it.
 * They all check the one sequence entry, so running them at once only makes them collide: under 200
 * simultaneous checkouts the optimistic retries ran out and orders failed. Writers in other processes
 * still race optimistically, which `retryOnConflict` settles; within a process, they take turns.
 * `write` must not itself wait for another turn.
 */
export function inOrderNumberTurn<T>(write: () => Promise<T>): Promise<T> {
  const turn = newOrderTurn.then(write, write);
  newOrderTurn = turn.catch(() => {});
  return turn;
}

/**
 * Takes the next order number inside `operation`: the sequence entry read beforehand is checked,
 * so two orders committed at once can never share a number.
 */
export function claimOrderNumber(
  operation: Deno.AtomicOperation,
  sequence: Deno.KvEntryMaybe<number>,
): number {
  const orderNumber = sequence.value ?? FIRST_ORDER_NUMBER;
  operation.check(sequence).set(keys.orderSequence(), orderNumber + 1);
  return orderNumber;
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
