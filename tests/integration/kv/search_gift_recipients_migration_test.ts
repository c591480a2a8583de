import { assertEquals, assertRejects } from "@std/assert";
import { listAdminOrders } from "../../../kv/admin_orders.ts";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { searchGiftRecipients } from "../../../kv/migrations/v8_search_gift_recipients.ts";
import { searchEntriesOf, updateOrder } from "../../../kv/orders.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

const SEARCH = [
  keys.orderSearchIndex("word"),
  keys.orderSearchIndex("email"),
  keys.orderSearchIndex("domain"),
];

async function searchEntries(kv: Deno.Kv) {
  const found: string[] = [];
  for (const prefix of SEARCH) {
    for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  }
  return found.sort();
}

/** A store as the code before issue 41 left it: gifts searchable by their parent only. */
async function parentsOnlyStore(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  const id = (await kv.get<string>(keys.orderByNumber(1001))).value!; // a sample gift
  await updateOrder(kv, id, (order) => ({ ...order, giftRecipientEmail: "rosa.d@gmail.com" }));
  const expected = await searchEntries(kv);
  for (const prefix of SEARCH) {
    for await (const entry of kv.list({ prefix })) await kv.delete(entry.key);
  }
  for await (const entry of kv.list<Order>({ prefix: keys.allOrders() })) {
    const operation = kv.atomic();
    for (const [key, value] of searchEntriesOf({ ...entry.value, isGift: false })) operation.set(key, value);
    await operation.commit();
  }
  return { kv, expected };
}

Deno.test("migration 8 indexes every earlier gift's recipient, resumes after a crash, and a second run changes nothing", async () => {
  const { kv, expected } = await parentsOnlyStore(1_200);
  await using _kv = kv;
  const found = async (q: string) => (await listAdminOrders(kv, { q })).orders.map((o) => o.orderNumber);
  assertEquals(await found("rosa.d@gmail.com"), [], "before: the recipient's address finds nothing");

  let commits = 0;
  const crashing: Migration = {
    ...searchGiftRecipients,
    up: (store, context) =>
      searchGiftRecipients.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          // The first commit is the cleared indexes; crash after the first batch of orders.
          if (++commits === 2) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], { holder: "test" }), Error, "power cut");

  const report = await runMigrations(kv, [searchGiftRecipients], { holder: "test" });
  assertEquals(report.applied, [{ version: 8, name: "search-gift-recipients", resumed: true }]);
  assertEquals(await searchEntries(kv), expected);
  assertEquals(await found("rosa.d@gmail.com"), [1001]);
  assertEquals(await found("gmail"), [1001]);

  await kv.delete(keys.schemaVersion());
  await runMigrations(kv, [searchGiftRecipients], { holder: "test" });
  assertEquals(await searchEntries(kv), expected);
});
