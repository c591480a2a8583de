import type { Order } from "../../domain/orders.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { referralCountersOf } from "../orders.ts";
import { deleteUnder } from "./delete_under.ts";

/**
 * Migration 6: each referral code's paid orders and revenue (issue 23), which writeOrder keeps with
 * each order. Orders written before get here what it would have counted.
 *
 * The figures are cleared first (safe to repeat): migration 1, run by this code on an older store,
 * has already counted its orders. Then orders are read in batches, each committed with the id of its
 * last order as the checkpoint, so a run cut short goes on where it stopped and never counts an order
 * twice.
 */
/** Two counters a code: well inside the 1,000 mutations of a commit with the checkpoint and lease. */
const CODES_PER_COMMIT = 400;
/** A commit at least this often, even of nothing, renews the lease and keeps the place on a long run. */
const ORDERS_PER_COMMIT = 500;

interface Progress {
  /** The id of the last order read; "" before the first. */
  after: string;
}

export const referralCodeStats: Migration = {
  version: 6,
  name: "referral-code-stats",
  async up(kv, context) {
    let progress = context.checkpoint as Progress | null;
    if (!progress) {
      await deleteUnder(kv, keys.referralCodeStats());
      progress = { after: "" };
      await context.commit(kv.atomic(), progress);
    }

    let read = 0;
    let last = progress.after;
    // Each counter is summed once a commit, with what the batch's orders add to it.
    let counters = new Map<string, { key: Deno.KvKey; amount: bigint }>();
    const flush = async () => {
      const operation = kv.atomic();
      for (const { key, amount } of counters.values()) operation.sum(key, amount);
      await context.commit(operation, { after: last } satisfies Progress);
      read = 0;
      counters = new Map();
    };

    const orders = kv.list<Order>({ prefix: keys.allOrders(), start: keys.order(progress.after) });
    for await (const entry of orders) {
      if (entry.key[1] === progress.after) continue;
      const counted = referralCountersOf(entry.value);
      const fresh = counted.filter(({ key }) => !counters.has(JSON.stringify(key))).length;
      if (counters.size + fresh > CODES_PER_COMMIT * 2) await flush();
      for (const { key, amount } of counted) {
        const text = JSON.stringify(key);
        counters.set(text, { key, amount: (counters.get(text)?.amount ?? 0n) + amount });
      }
      last = entry.value.id;
      if (++read === ORDERS_PER_COMMIT) await flush();
    }
    await flush();
  },
};
