import { assertEquals } from "@std/assert";
import { canonicalEmail } from "../../../domain/referral/canonical_email.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { runMigrations } from "../../../kv/migrations.ts";
import { ordersByBuyer } from "../../../kv/migrations/v2_orders_by_buyer.ts";
import { buyerHasOrders } from "../../../kv/referral_holds.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

Deno.test("migration 2 marks every earlier buyer, so their aliases are not new buyers; a second run changes nothing", async () => {
  await using kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, 250);
  const buyers = new Set<string>();
  for await (const { value } of kv.list<Order>({ prefix: ["orders"] })) {
    buyers.add(canonicalEmail(value.parentEmail));
  }
  const [someone] = buyers;
  const alias = someone.replace("@", "+again@");
  assertEquals(await buyerHasOrders(kv, alias), false, "before: an alias looks new");

  await runMigrations(kv, [ordersByBuyer], { holder: "test" });
  let marked = 0;
  for await (const _ of kv.list({ prefix: ["orders_by_buyer"] })) marked++;
  assertEquals(marked, buyers.size);
  assertEquals(await buyerHasOrders(kv, alias), true);

  const stamp = (await kv.get(keys.orderOfBuyer(someone))).versionstamp;
  await kv.delete(["schema", "version"]);
  await runMigrations(kv, [ordersByBuyer], { holder: "test" });
  assertEquals((await kv.get(keys.orderOfBuyer(someone))).versionstamp, stamp);
});
