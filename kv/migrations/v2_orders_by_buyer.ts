import { canonicalEmail } from "../../domain/referral/canonical_email.ts";
import type { Order } from "../../domain/order/orders.ts";
import { keys } from "../keys.ts";
import { getManyInChunks } from "../get_many.ts";
import type { Migration } from "../migrations.ts";

/**
 * Migration 2: the first-order rule compares buyers by their canonical address
 * (domain/referral/canonical_email.ts), read from `orders_by_buyer`, which fulfilment writes with each new
 * order. Orders from before it get their entry here, so an alias of an existing customer's address
 * is not taken for a new buyer. Only missing entries are written, so a repeated batch changes
 * nothing; each batch commits with the id of its last order as the checkpoint.
 */
/** One check per buyer, and KV allows 100 checks a commit (the runner adds its lease's). */
const ORDERS_PER_COMMIT = 80;

interface Progress {
  after: string;
}

export const ordersByBuyer: Migration = {
  version: 2,
  name: "orders-by-buyer",
  async up(kv, context) {
    const progress = (context.checkpoint as Progress | null) ?? { after: "" };
    let batch: Order[] = [];
    const flush = async () => {
      const buyers = new Map<string, string>();
      for (const order of batch) {
        const buyer = canonicalEmail(order.parentEmail);
        if (!buyers.has(buyer)) buyers.set(buyer, order.id);
      }
      const wanted = [...buyers.keys()].map((buyer) => keys.orderOfBuyer(buyer));
      const entries = await getManyInChunks<string>(kv, wanted);
      const operation = kv.atomic();
      for (const entry of entries) {
        // Guarded: fulfilment may write the same entry meanwhile, and its order then stands.
        if (entry.value === null) operation.check(entry).set(entry.key, buyers.get(String(entry.key[1]))!);
      }
      await context.commit(operation, { after: batch.at(-1)!.id } satisfies Progress);
      batch = [];
    };
    const orders = kv.list<Order>({ prefix: ["orders"], start: ["orders", progress.after] });
    for await (const entry of orders) {
      if (entry.key[1] === progress.after) continue;
      batch.push(entry.value);
      if (batch.length === ORDERS_PER_COMMIT) await flush();
    }
    if (batch.length) await flush();
  },
};
