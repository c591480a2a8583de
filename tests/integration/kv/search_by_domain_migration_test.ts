import { assertEquals, assertRejects } from "@std/assert";
import { listAdminOrders } from "../../../kv/admin_orders.ts";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { searchByDomain } from "../../../kv/migrations/v4_search_by_domain.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

async function entriesUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  return found.sort();
}

/** A store as the code before issue 18 left it: orders searchable by words and address, not domain. */
async function noDomainStore(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  for (const orderNumber of [1001, 1500]) {
    const id = (await kv.get<string>(keys.orderByNumber(orderNumber))).value!;
    await updateOrder(kv, id, (order) => ({ ...order, parentEmail: `kim.${orderNumber}@mail.example.org` }));
  }
  const expected = await entriesUnder(kv, keys.orderSearchIndex("domain"));
  for await (const entry of kv.list({ prefix: keys.orderSearchIndex("domain") })) await kv.delete(entry.key);
  return { kv, expected };
}

Deno.test("migration 4 indexes every earlier order's domain, resumes after a crash, and a second run changes nothing", async () => {
  const { kv, expected } = await noDomainStore(1_700);
  await using _kv = kv;
  assertEquals(expected.length, 1_700 + 2, "one entry per sample, two for a subdomain's address");
  assertEquals(
    (await listAdminOrders(kv, { q: "example.com" })).total,
    0,
    "before: the domain finds nothing",
  );

  let commits = 0;
  const crashing: Migration = {
    ...searchByDomain,
    up: (store, context) =>
      searchByDomain.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          if (++commits === 1) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], { holder: "test" }), Error, "power cut");
  const halfway = (await entriesUnder(kv, keys.orderSearchIndex("domain"))).length;
  assertEquals(halfway > 0 && halfway < expected.length, true, `one batch in: ${halfway}`);

  const report = await runMigrations(kv, [searchByDomain], { holder: "test" });
  assertEquals(report.applied, [{ version: 4, name: "search-by-domain", resumed: true }]);
  assertEquals(await entriesUnder(kv, keys.orderSearchIndex("domain")), expected);
  assertEquals((await listAdminOrders(kv, { q: "example.com" })).total, 1_698);
  assertEquals((await listAdminOrders(kv, { q: "@mail.example" })).orders.map((o) => o.orderNumber), [
    1500,
    1001,
  ]);

  await kv.delete(keys.schemaVersion());
  await runMigrations(kv, [searchByDomain], { holder: "test" });
  assertEquals(await entriesUnder(kv, keys.orderSearchIndex("domain")), expected);
});
