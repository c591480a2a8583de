import { assert, assertEquals, assertRejects } from "@std/assert";
import { type AdminFilter, filterBits, filtersOf } from "../../../domain/admin/order_list.ts";
import type { SearchIndex } from "../../../domain/admin/search.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { listAdminOrders } from "../../../kv/admin_orders.ts";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { inProgressAndFailedTabs } from "../../../kv/migrations/v5_in_progress_and_failed_tabs.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { countersAndTruth } from "../admin/helpers.ts";

const NEW_TABS: readonly AdminFilter[] = ["in-progress", "failed"];
const SEARCH_INDEXES: readonly SearchIndex[] = ["word", "email", "domain"];
/** The bits of the five tabs there were before issue 23, the first five of ADMIN_FILTERS. */
const OLD_BITS = filterBits(["all", "review", "approved", "sent", "dated"]);

const textOf = (value: unknown) => value instanceof Deno.KvU64 ? `${value.value}n` : JSON.stringify(value);

/** Everything the two tabs add to a store, and every search entry, as [key, value] texts. */
async function derivedEntries(kv: Deno.Kv) {
  const prefixes = [
    ...NEW_TABS.flatMap((filter) => [keys.ordersByFilter(filter), keys.orderBlockCounts(filter)]),
    ...SEARCH_INDEXES.map((index) => keys.orderSearchIndex(index)),
  ];
  const found: string[] = [];
  for (const prefix of prefixes) {
    for await (const entry of kv.list({ prefix })) {
      found.push(JSON.stringify([entry.key, textOf(entry.value)]));
    }
  }
  for (const filter of NEW_TABS) {
    const counter = await kv.get<Deno.KvU64>(keys.orderCount(filter));
    found.push(JSON.stringify([counter.key, textOf(counter.value)]));
  }
  return found.sort();
}

/**
 * A store as the code before issue 23 left it: written by writeOrder, then without what it now
 * keeps for the two new tabs (their index entries, counters and block counters), and with each search
 * entry holding only the five older tabs' bits.
 */
async function storeBeforeTheNewTabs(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  const expected = await derivedEntries(kv);
  for (const filter of NEW_TABS) {
    for (const prefix of [keys.ordersByFilter(filter), keys.orderBlockCounts(filter)]) {
      for await (const entry of kv.list({ prefix })) await kv.delete(entry.key);
    }
    await kv.delete(keys.orderCount(filter));
  }
  for (const index of SEARCH_INDEXES) {
    for await (const entry of kv.list<number>({ prefix: keys.orderSearchIndex(index) })) {
      if ((entry.value & OLD_BITS) !== entry.value) await kv.set(entry.key, entry.value & OLD_BITS);
    }
  }
  return { kv, expected };
}

/** Every order of a tab, read page by page through the dashboard's list. */
async function pagesOf(kv: Deno.Kv, filter: AdminFilter, q = "") {
  const numbers: number[] = [];
  for (let page = 1;; page++) {
    const list = await listAdminOrders(kv, { filter, page, q });
    numbers.push(...list.orders.map((order) => order.orderNumber));
    if (page >= list.totalPages) return { numbers, total: list.total, counts: list.counts };
  }
}

/** The orders of a tab recounted from the orders themselves, newest first. */
async function recountOf(kv: Deno.Kv, filter: AdminFilter) {
  const numbers: number[] = [];
  for await (const { value } of kv.list<Order>({ prefix: ["orders"] })) {
    if (filtersOf(value).includes(filter)) numbers.push(value.orderNumber);
  }
  return numbers.sort((a, b) => b - a);
}

Deno.test("migration 5 gives earlier orders the In Progress and Failed tabs, resumes after a crash without counting twice, and a second run changes nothing", async () => {
  // 1,200 samples span three blocks of 500 order numbers; 15% of them are being made or failed.
  const { kv, expected } = await storeBeforeTheNewTabs(1_200);
  await using _kv = kv;
  const before = await countersAndTruth(kv);
  assertEquals([before.truth.counts["in-progress"], before.truth.counts.failed], [120, 60]);
  assertEquals([before.stored.counts["in-progress"], before.stored.counts.failed], [0, 0]);
  assertEquals(before.stored.searched.failed, 0, "no search entry holds the Failed bit yet");
  assert(before.truth.searched.failed > 60, "each failed order has several search entries");
  assertEquals((await listAdminOrders(kv, { filter: "failed" })).orders, [], "before: the tab is empty");
  assertEquals((await listAdminOrders(kv, { q: "example.com" })).counts.failed, 0);

  let commits = 0;
  const crashing: Migration = {
    ...inProgressAndFailedTabs,
    up: (store, context) =>
      inProgressAndFailedTabs.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          // The first commit is the cleared tabs; crash after the first batch of orders.
          if (++commits === 2) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], { holder: "test" }), Error, "power cut");
  const halfway = await countersAndTruth(kv);
  const counted = halfway.stored.counts["in-progress"] + halfway.stored.counts.failed;
  assert(counted > 0 && counted < 180, `one batch in: ${counted}`);

  const report = await runMigrations(kv, [inProgressAndFailedTabs], { holder: "test" });
  assertEquals(report.applied, [{ version: 5, name: "in-progress-and-failed-tabs", resumed: true }]);
  const after = await countersAndTruth(kv);
  assertEquals(after.stored, after.truth, "counters, blocks, index and search bits equal their recount");
  assertEquals(await derivedEntries(kv), expected, "what writeOrder would have written, exactly");
  for (const filter of NEW_TABS) {
    const pages = await pagesOf(kv, filter);
    assertEquals(pages.numbers, await recountOf(kv, filter), `${filter}: every page, newest first`);
    assertEquals(pages.total, after.truth.counts[filter]);
  }
  // A search counts the new tabs from the bits its entries hold.
  const searched = await pagesOf(kv, "failed", "example.com");
  assertEquals([searched.total, searched.counts.failed, searched.counts["in-progress"]], [60, 60, 120]);

  // Run again from the start (as after a restore of a dump taken mid-way): the same store.
  await kv.delete(keys.schemaVersion());
  await runMigrations(kv, [inProgressAndFailedTabs], { holder: "test" });
  const again = await countersAndTruth(kv);
  assertEquals(again.stored, again.truth);
  assertEquals(await derivedEntries(kv), expected);
});
