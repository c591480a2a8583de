import { dueWorkOf } from "../domain/due_work.ts";
import type { Order } from "../domain/orders.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

/**
 * Orders and everything that points at them. Every write of an order goes through writeOrder, which
 * adds the order's indexes and counters to the same atomic operation, so a list, a count and the
 * order itself can never disagree.
 */

/** Customer-side §9: order numbers start at 1000. */
export const FIRST_ORDER_NUMBER = 1000;

const ONE = 1n;
/** KV counters are unsigned 64-bit and `sum` wraps, so adding 2^64 − 1 subtracts one. */
const MINUS_ONE = 0xffff_ffff_ffff_ffffn;

function indexKeysOf(order: Order): Deno.KvKey[] {
  const index: Deno.KvKey[] = [
    keys.orderByNumber(order.orderNumber),
    keys.orderByEmail(order.parentEmail, order.id),
  ];
  if (order.userId) index.push(keys.orderByUser(order.userId, order.id));
  // Only orders in the pipeline are listed by stage; a failed order keeps its stage for display.
  if (order.status === "generating" && order.currentStage) {
    index.push(keys.orderByStage(order.currentStage, order.id));
  }
  for (const work of dueWorkOf(order)) index.push(keys.jobDue(work.dueAt, order.id, work.job));
  if (order.payment.kind === "checkout") index.push(keys.orderBySession(order.payment.sessionId));
  return index;
}

function counterNamesOf(order: Order): string[] {
  return ["all", `status:${order.status}`];
}

/** Adds the writes that store `after` in place of `before` (null for a new order) to `operation`. */
export function writeOrder(operation: Deno.AtomicOperation, before: Order | null, after: Order) {
  operation.set(keys.order(after.id), after);
  const afterKeys = indexKeysOf(after);
  const kept = new Set(afterKeys.map((key) => JSON.stringify(key)));
  for (const key of before ? indexKeysOf(before) : []) {
    if (!kept.has(JSON.stringify(key))) operation.delete(key);
  }
  for (const key of afterKeys) operation.set(key, after.id);

  const beforeCounters = new Set(before ? counterNamesOf(before) : []);
  const afterCounters = new Set(counterNamesOf(after));
  for (const name of beforeCounters) {
    if (!afterCounters.has(name)) operation.sum(keys.orderCount(name), MINUS_ONE);
  }
  for (const name of afterCounters) {
    if (!beforeCounters.has(name)) operation.sum(keys.orderCount(name), ONE);
  }
  return operation;
}

/** Adds the writes that remove `order` with its indexes and counters to `operation`. */
export function unwriteOrder(operation: Deno.AtomicOperation, order: Order) {
  operation.delete(keys.order(order.id));
  for (const key of indexKeysOf(order)) operation.delete(key);
  for (const name of counterNamesOf(order)) operation.sum(keys.orderCount(name), MINUS_ONE);
  return operation;
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
  return (await kv.get<Order>(keys.order(id))).value;
}

export async function getOrderBySession(kv: Deno.Kv, sessionId: string): Promise<Order | null> {
  const id = (await kv.get<string>(keys.orderBySession(sessionId))).value;
  return id ? await getOrder(kv, id) : null;
}

/** Orders by id, in the given order, skipping any that no longer exist. */
export async function getOrders(kv: Deno.Kv, ids: string[]): Promise<Order[]> {
  const orders: Order[] = [];
  for (let i = 0; i < ids.length; i += 10) { // getMany takes at most 10 keys
    const entries = await kv.getMany<Order[]>(ids.slice(i, i + 10).map((id) => keys.order(id)));
    for (const entry of entries) if (entry.value) orders.push(entry.value);
  }
  return orders;
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
  const counter = (await kv.get<Deno.KvU64>(keys.orderCount(name))).value;
  return counter ? Number(counter.value) : 0;
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

/** Gives a user the orders placed as a guest with their address, when they sign in. */
export async function linkOrdersToUser(kv: Deno.Kv, userId: string, email: string, now: number) {
  for (const order of await listOrdersOfEmail(kv, email)) {
    if (order.userId) continue;
    await updateOrder(
      kv,
      order.id,
      (current) => current.userId ? null : { ...current, userId, updatedAt: new Date(now).toISOString() },
    );
  }
}
