import type { Order } from "../../domain/order/orders.ts";
import type { Migration } from "../migrations.ts";
import { searchEntriesOf } from "../orders.ts";

/**
 * Migration 4: the dashboard's search finds orders by their address's domain, from
 * the `order_search/domain` entries writeOrder adds with each order. Orders written before those
 * existed get theirs here, or a search for "example.com" would find only orders changed since. The
 * entries are sets, so a repeated batch changes nothing; each batch commits with the id of its last
 * order as the checkpoint.
 */
/** Well inside the 1,000 mutations of a commit even for an address with many dots. */
const MUTATIONS_PER_COMMIT = 800;

interface Progress {
  after: string;
}

export const searchByDomain: Migration = {
  version: 4,
  name: "search-by-domain",
  async up(kv, context) {
    const progress = (context.checkpoint as Progress | null) ?? { after: "" };
    let operation = kv.atomic();
    let pending = 0;
    let last = progress.after;
    const orders = kv.list<Order>({ prefix: ["orders"], start: ["orders", progress.after] });
    for await (const entry of orders) {
      if (entry.key[1] === progress.after) continue;
      const entries = searchEntriesOf(entry.value, ["domain"]);
      if (pending + entries.length > MUTATIONS_PER_COMMIT) {
        await context.commit(operation, { after: last } satisfies Progress);
        operation = kv.atomic();
        pending = 0;
      }
      for (const [key, value] of entries) operation.set(key, value);
      pending += entries.length;
      last = entry.value.id;
    }
    await context.commit(operation, { after: last } satisfies Progress);
  },
};
