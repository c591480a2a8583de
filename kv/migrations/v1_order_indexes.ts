import type { Order } from "../../domain/order/orders.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { MUTATIONS_PER_BATCH, newOrderMutations, writeOrder } from "../orders.ts";
import { deleteUnder } from "./delete_under.ts";

/**
 * Migration 1: the order indexes and counters derived from orders (the dashboard's filter, block and
 * search entries), rebuilt for a store written before they existed. Without it,
 * the first change of an old order would subtract from counters that never counted it.
 *
 * The derived prefixes are cleared first (safe to repeat), then orders are written again in
 * batches, each committed with the id of its last order as the checkpoint, so a run cut short goes
 * on where it stopped and never counts an order twice. A store that the start-up rebuild
 * (which ran before there were migrations) already brought to this layout is left as it is.
 */
export const ORDER_INDEX_LAYOUT = 2;
const DERIVED = [["orders_by_filter"], ["order_block_counts"], ["order_search"], ["order_counts"]];

interface Progress {
  /** The id of the last order written again; "" before the first. */
  after: string;
}

export const orderIndexes: Migration = {
  version: 1,
  name: "order-indexes",
  async up(kv, context) {
    if ((await kv.get(keys.orderIndexLayout())).value === ORDER_INDEX_LAYOUT) return;
    let progress = context.checkpoint as Progress | null;
    if (!progress) {
      for (const prefix of DERIVED) await deleteUnder(kv, prefix);
      progress = { after: "" };
      await context.commit(kv.atomic(), progress);
    }
    let batch: Order[] = [];
    let mutations = 0;
    const flush = async () => {
      const operation = kv.atomic();
      for (const order of batch) writeOrder(operation, null, order);
      await context.commit(operation, { after: batch.at(-1)!.id } satisfies Progress);
      batch = [];
      mutations = 0;
    };
    const orders = kv.list<Order>({ prefix: ["orders"], start: ["orders", progress.after] });
    for await (const entry of orders) {
      if (entry.key[1] === progress.after) continue;
      // An order's indexes and counters grow with what the list can narrow by: count them, not orders.
      const size = newOrderMutations(entry.value);
      if (batch.length && mutations + size > MUTATIONS_PER_BATCH) await flush();
      batch.push(entry.value);
      mutations += size;
    }
    if (batch.length) await flush();
    // Older code that still runs its own start-up rebuild sees the layout as done (and so does a
    // resumed run, if this process dies before the runner records the version).
    await kv.set(keys.orderIndexLayout(), ORDER_INDEX_LAYOUT);
  },
};
