import { assertEquals } from "@std/assert";
import { readBacklog } from "../../../kv/backlog.ts";
import { keys } from "../../../kv/keys.ts";
import { runMigrations } from "../../../kv/migrations.ts";
import { ordersAwaitingSong } from "../../../kv/migrations/v9_orders_awaiting_song.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

async function entriesUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  return found;
}

Deno.test("migration 9 lists the families of earlier orders still waiting for their song, oldest first", async () => {
  await using kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, 700);
  const expected = await entriesUnder(kv, keys.ordersAwaitingSong());
  // Sent songs are not waiting: of every 20 sample orders, 10 are sent.
  assertEquals(expected.length, 350);
  const firstWaiting = await readBacklog(kv, Date.now());
  for await (const entry of kv.list({ prefix: keys.ordersAwaitingSong() })) await kv.delete(entry.key);
  assertEquals((await readBacklog(kv, Date.now())).longestWaiting, null, "before: nobody waits");

  const report = await runMigrations(kv, [ordersAwaitingSong], { holder: "test" });
  assertEquals(report.applied, [{ version: 9, name: "orders-awaiting-song", resumed: false }]);
  assertEquals(await entriesUnder(kv, keys.ordersAwaitingSong()), expected);
  assertEquals((await readBacklog(kv, Date.now())).longestWaiting, firstWaiting.longestWaiting);
  assertEquals(firstWaiting.longestWaiting?.orderNumber, 1000);
});
