import { assertEquals } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { ensureOrderIndexes, ORDER_INDEX_LAYOUT } from "../../../kv/order_reindex.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { countersAndTruth } from "../admin/helpers.ts";

/** A store from before the dashboard's indexes: the orders, without what issue 7 derives from them. */
async function oldLayoutStore(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  for (const prefix of [["orders_by_filter"], ["order_block_counts"], ["order_search"]]) {
    for await (const entry of kv.list({ prefix })) await kv.delete(entry.key);
  }
  for await (const entry of kv.list({ prefix: ["order_counts"] })) {
    if (!["all", "status:completed", "status:failed", "status:generating"].includes(String(entry.key[1]))) {
      await kv.delete(entry.key);
    }
  }
  return kv;
}

Deno.test("an older store's order indexes are rebuilt once at start-up, then stay right as orders change", async () => {
  const kv = await oldLayoutStore(60);
  try {
    const before = await countersAndTruth(kv);
    assertEquals(before.stored.counts.review, 0, "the old layout has no tab counts");
    assertEquals(await ensureOrderIndexes(kv, Date.now()), { rebuilt: 60 });
    assertEquals((await kv.get(keys.orderIndexLayout())).value, ORDER_INDEX_LAYOUT);
    const after = await countersAndTruth(kv);
    assertEquals(after.stored, after.truth);
    assertEquals(await ensureOrderIndexes(kv, Date.now()), { rebuilt: null }, "only once");

    // An old order that was waiting for review is approved: the counts follow, none wraps around.
    const waiting = [];
    for await (
      const entry of kv.list<{ id: string; status: string; approvalStatus: string }>({ prefix: ["orders"] })
    ) {
      if (entry.value.status === "completed" && entry.value.approvalStatus === "pending") {
        waiting.push(entry.value);
      }
    }
    await updateOrder(kv, waiting[0].id, (order) => ({ ...order, approvalStatus: "approved" }));
    const changed = await countersAndTruth(kv);
    assertEquals(changed.stored, changed.truth);
  } finally {
    kv.close();
  }
});
