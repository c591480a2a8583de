import { assertEquals } from "@std/assert";
import { dueWorkOf } from "../../../domain/order/due_work.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { runMigrations } from "../../../kv/migrations.ts";
import { dueWorkLanes } from "../../../kv/migrations/v3_due_work_lanes.ts";
import { listDue } from "../../../jobs/sweeper.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

/** A store as the code before issue 17 left it: the due work of every order in one index. */
async function oneLaneStore(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  // Approved songs waiting for their send, which the samples leave without a time.
  let scheduled = 0;
  for await (const { value } of kv.list<Order>({ prefix: ["orders"] })) {
    if (value.status !== "completed" || value.approvalStatus !== "approved" || value.emailSentAt) continue;
    await updateOrder(kv, value.id, (order) => ({ ...order, deliveryDueAt: order.updatedAt }));
    if (++scheduled === 10) break;
  }
  for await (const entry of kv.list<string>({ prefix: keys.allJobsDue() })) {
    const [, , dueAt, orderId, job] = entry.key as [string, string, number, string, string];
    await kv.atomic().delete(entry.key).set([...keys.jobsDueBeforeLanes(), dueAt, orderId, job], orderId)
      .commit();
  }
  return kv;
}

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix })) found.push(JSON.stringify(entry.key));
  return found.sort();
}

Deno.test("migration 3 moves every order's due work into its lane and clears the old index; a second run changes nothing", async () => {
  await using kv = await oneLaneStore(600);
  const expected: string[] = [];
  for await (const { value } of kv.list<Order>({ prefix: ["orders"] })) {
    for (const work of dueWorkOf(value)) {
      expected.push(JSON.stringify(keys.jobDue(work.lane, work.dueAt, value.id, work.job)));
    }
  }
  const oldKeys = await keysUnder(kv, keys.jobsDueBeforeLanes());
  assertEquals(oldKeys.length, expected.length);
  assertEquals(await keysUnder(kv, keys.allJobsDue()), []);

  await runMigrations(kv, [dueWorkLanes], { holder: "test" });
  assertEquals(await keysUnder(kv, keys.allJobsDue()), expected.sort());
  assertEquals(await keysUnder(kv, keys.jobsDueBeforeLanes()), []);
  const customer = await listDue(kv, "customer", Number.MAX_SAFE_INTEGER, 10_000);
  assertEquals(customer.length > 0 && customer.every((item) => item.job !== "generation"), true);

  await kv.delete(["schema", "version"]);
  await runMigrations(kv, [dueWorkLanes], { holder: "test" });
  assertEquals(await keysUnder(kv, keys.allJobsDue()), expected.sort());
});
