import { dueWorkOf } from "../../domain/order/due_work.ts";
import type { Order } from "../../domain/order/orders.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";

/**
 * Migration 3: the due-time index gets lanes (domain/order/due_work.ts), so a family's email is
 * never listed behind a backlog of songs being made. Every order's due work is written to the new
 * index (a set, so a repeated batch changes nothing), then the one-lane index is deleted. Each batch
 * commits with the id of its last order as the checkpoint.
 */
const ORDERS_PER_COMMIT = 200;
const DELETES_PER_COMMIT = 500;

interface Progress {
  /** The id of the last order indexed; null once every order is, while the old index is cleared. */
  after: string | null;
}

export const dueWorkLanes: Migration = {
  version: 3,
  name: "due-work-lanes",
  async up(kv, context) {
    const progress = (context.checkpoint as Progress | null) ?? { after: "" };
    if (progress.after !== null) {
      let operation = kv.atomic();
      let count = 0;
      let last = progress.after;
      const orders = kv.list<Order>({ prefix: ["orders"], start: ["orders", progress.after] });
      for await (const entry of orders) {
        if (entry.key[1] === progress.after) continue;
        for (const work of dueWorkOf(entry.value)) {
          operation.set(keys.jobDue(work.lane, work.dueAt, entry.value.id, work.job), entry.value.id);
        }
        last = entry.value.id;
        if (++count === ORDERS_PER_COMMIT) {
          await context.commit(operation, { after: last } satisfies Progress);
          operation = kv.atomic();
          count = 0;
        }
      }
      await context.commit(operation, { after: null } satisfies Progress);
    }
    let operation = kv.atomic();
    let pending = 0;
    for await (const entry of kv.list({ prefix: keys.jobsDueBeforeLanes() })) {
      operation.delete(entry.key);
      if (++pending === DELETES_PER_COMMIT) {
        await context.commit(operation, { after: null } satisfies Progress);
        operation = kv.atomic();
        pending = 0;
      }
    }
    await context.commit(operation, { after: null } satisfies Progress);
  },
};
