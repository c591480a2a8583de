import type { Order } from "../../domain/order/orders.ts";
import { keys } from "../keys.ts";
import type { MigrationContext } from "../migrations.ts";
import { type Counted, storedIndexUnder } from "../orders.ts";
import { deleteUnder } from "./delete_under.ts";

/**
 * What a migration adds to every order written before an index existed: the entries and counters
 * writeOrder now keeps with each order where the migration clears, unless it says otherwise.
 */
export interface Backfill {
  /** Where what is added lives, cleared first: a run on an older store may already have written some. */
  clear: Deno.KvKey[];
  /** Single entries cleared first too (a prefix never covers the key it names). */
  clearKeys?: Deno.KvKey[];
  /** The entries to add, when not those writeOrder keeps under `clear` (`cleared`). */
  entriesOf?(order: Order, cleared: (readonly [Deno.KvKey, unknown])[]): (readonly [Deno.KvKey, unknown])[];
}

/** Well inside the 1,000 mutations of a commit (the runner adds its checkpoint and lease). */
const MUTATIONS_PER_COMMIT = 800;
/** A commit at least this often, even of nothing, renews the lease and keeps the place on a long run. */
const ORDERS_PER_COMMIT = 500;

interface Progress {
  /** The id of the last order read; "" before the first. */
  after: string;
}

/**
 * Clears what the backfill adds (safe to repeat), then reads orders in batches, each committed with the
 * id of its last order as the checkpoint, so a run cut short goes on where it stopped and never counts
 * an order twice. Each counter is summed once a commit, with what the batch's orders add to it.
 */
export async function backfillOrders(kv: Deno.Kv, context: MigrationContext, backfill: Backfill) {
  let progress = context.checkpoint as Progress | null;
  if (!progress) {
    for (const prefix of backfill.clear) await deleteUnder(kv, prefix);
    for (const key of backfill.clearKeys ?? []) await kv.delete(key);
    progress = { after: "" };
    await context.commit(kv.atomic(), progress);
  }

  let operation = kv.atomic();
  let sets = 0;
  let read = 0;
  let last = progress.after;
  let counters = new Map<string, Counted>();
  const flush = async () => {
    for (const { key, amount } of counters.values()) operation.sum(key, amount);
    await context.commit(operation, { after: last } satisfies Progress);
    operation = kv.atomic();
    sets = 0;
    read = 0;
    counters = new Map();
  };

  const orders = kv.list<Order>({ prefix: keys.allOrders(), start: keys.order(progress.after) });
  for await (const entry of orders) {
    if (entry.key[1] === progress.after) continue;
    const order = entry.value;
    const kept = storedIndexUnder(order, [...backfill.clear, ...backfill.clearKeys ?? []]);
    const entries = backfill.entriesOf?.(order, kept.entries) ?? kept.entries;
    const counted = kept.counters;
    const fresh = counted.filter(({ key }) => !counters.has(JSON.stringify(key))).length;
    if (sets + counters.size + entries.length + fresh > MUTATIONS_PER_COMMIT) await flush();
    for (const [key, value] of entries) operation.set(key, value);
    sets += entries.length;
    for (const { key, amount } of counted) {
      const text = JSON.stringify(key);
      counters.set(text, { key, amount: (counters.get(text)?.amount ?? 0n) + amount });
    }
    last = order.id;
    if (++read === ORDERS_PER_COMMIT) await flush();
  }
  await flush();
}
