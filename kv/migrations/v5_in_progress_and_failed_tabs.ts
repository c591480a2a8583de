import { type AdminFilter, filtersOf } from "../../domain/admin_orders.ts";
import type { Order } from "../../domain/orders.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { blockOf, searchEntriesOf } from "../orders.ts";
import { deleteUnder } from "./delete_under.ts";

/**
 * Migration 5: the dashboard's In Progress and Failed tabs (issue 23), which writeOrder keeps with
 * each order as it keeps the others. Orders written before get here what it would have written: their
 * entries in the two filter indexes, the tabs' counters and block counters, and their search entries
 * again, now holding the two new filter bits.
 *
 * The two tabs' entries and counters are cleared first (safe to repeat): migration 1, run by this code
 * on an older store, has already counted its orders under them. Then orders are read in batches, each
 * committed with the id of its last order as the checkpoint, so a run cut short goes on where it stopped
 * and never counts an order twice. Only an order in one of the two tabs changes: any other's search
 * bits are the same as before.
 */
const NEW_FILTERS: readonly AdminFilter[] = ["in-progress", "failed"];
/** Well inside the 1,000 mutations of a commit (the runner adds its checkpoint and lease). */
const MUTATIONS_PER_COMMIT = 800;
/** A commit at least this often, even of nothing, renews the lease and keeps the place on a long run. */
const ORDERS_PER_COMMIT = 500;

interface Progress {
  /** The id of the last order read; "" before the first. */
  after: string;
}

export const inProgressAndFailedTabs: Migration = {
  version: 5,
  name: "in-progress-and-failed-tabs",
  async up(kv, context) {
    let progress = context.checkpoint as Progress | null;
    if (!progress) {
      for (const filter of NEW_FILTERS) {
        await deleteUnder(kv, keys.ordersByFilter(filter));
        await deleteUnder(kv, keys.orderBlockCounts(filter));
        await kv.delete(keys.orderCount(filter));
      }
      progress = { after: "" };
      await context.commit(kv.atomic(), progress);
    }

    let operation = kv.atomic();
    let sets = 0;
    let read = 0;
    let last = progress.after;
    // Each counter is summed once a commit, so a commit holds its sets and its distinct counters.
    let counters = new Map<string, { key: Deno.KvKey; count: bigint }>();
    const flush = async () => {
      for (const { key, count } of counters.values()) operation.sum(key, count);
      await context.commit(operation, { after: last } satisfies Progress);
      operation = kv.atomic();
      sets = 0;
      read = 0;
      counters = new Map();
    };

    const orders = kv.list<Order>({ prefix: ["orders"], start: ["orders", progress.after] });
    for await (const entry of orders) {
      if (entry.key[1] === progress.after) continue;
      const order = entry.value;
      const filters = filtersOf(order);
      const added = NEW_FILTERS.filter((filter) => filters.includes(filter));
      if (added.length) {
        const listed = added.map((filter) =>
          [keys.orderByFilter(filter, order.orderNumber), order.id] as const
        );
        const entries = [...listed, ...searchEntriesOf(order)];
        const counted = added.flatMap((filter) => [
          keys.orderCount(filter),
          keys.orderBlockCount(filter, blockOf(order.orderNumber)),
        ]);
        const size = entries.length + counted.filter((key) => !counters.has(JSON.stringify(key))).length;
        if (sets + counters.size + size > MUTATIONS_PER_COMMIT) await flush();
        for (const [key, value] of entries) operation.set(key, value);
        sets += entries.length;
        for (const key of counted) {
          const text = JSON.stringify(key);
          const counter = counters.get(text) ?? { key, count: 0n };
          counter.count++;
          counters.set(text, counter);
        }
      }
      last = order.id;
      if (++read === ORDERS_PER_COMMIT) await flush();
    }
    await flush();
  },
};
