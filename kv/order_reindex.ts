import type { Order } from "../domain/orders.ts";
import { keys } from "./keys.ts";
import { acquireLease, releaseLease } from "./locks.ts";
import { writeOrder } from "./orders.ts";

/**
 * Rebuilds the indexes and counters that are derived from orders when a store was written by an
 * older layout (the dashboard's filter, block and search entries arrived with issue 7). Without it,
 * the first change of an old order would subtract from counters that never counted it. Runs at
 * start-up, once per store, under a lease so two instances starting together do not both count.
 */
export const ORDER_INDEX_LAYOUT = 2;

/** Prefixes holding only what writeOrder derives from orders: safe to drop and write again. */
const DERIVED = [["orders_by_filter"], ["order_block_counts"], ["order_search"], ["order_counts"]];
const ORDERS_PER_WRITE = 25;
const LEASE_MS = 10 * 60_000;

export async function ensureOrderIndexes(kv: Deno.Kv, now: number): Promise<{ rebuilt: number | null }> {
  if ((await kv.get<number>(keys.orderIndexLayout())).value === ORDER_INDEX_LAYOUT) return { rebuilt: null };
  const lease = await acquireLease(kv, { type: "migration", id: "order-indexes" }, "start-up", LEASE_MS, now);
  if (!lease) return { rebuilt: null }; // another instance is rebuilding them
  try {
    for (const prefix of DERIVED) await deleteUnder(kv, prefix);
    let rebuilt = 0;
    let batch: Order[] = [];
    const flush = async () => {
      const operation = kv.atomic();
      for (const order of batch) writeOrder(operation, null, order);
      const result = await operation.commit();
      if (!result.ok) throw new Error("Could not rebuild the order indexes.");
      rebuilt += batch.length;
      batch = [];
    };
    for await (const entry of kv.list<Order>({ prefix: ["orders"] })) {
      batch.push(entry.value);
      if (batch.length === ORDERS_PER_WRITE) await flush();
    }
    if (batch.length) await flush();
    await kv.set(keys.orderIndexLayout(), ORDER_INDEX_LAYOUT);
    return { rebuilt };
  } finally {
    await releaseLease(kv, lease, now);
  }
}

async function deleteUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  let operation = kv.atomic();
  let pending = 0;
  for await (const entry of kv.list({ prefix })) {
    operation.delete(entry.key);
    if (++pending === 500) {
      await operation.commit();
      operation = kv.atomic();
      pending = 0;
    }
  }
  if (pending) await operation.commit();
}
