import { assert, assertEquals, assertRejects } from "@std/assert";
import { DEFAULT_LIST_QUERY, type ListQuery } from "../../../domain/admin/list_query.ts";
import { viewName, viewsOf } from "../../../domain/admin/list_views.ts";
import { ADMIN_FILTERS, type AdminFilter, filtersOf } from "../../../domain/admin/order_list.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { instantOf } from "../../../domain/delivery/requested.ts";
import { listAdminOrders, listedOrderIds } from "../../../kv/admin_orders.ts";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { listViews } from "../../../kv/migrations/v7_list_views.ts";
import { blockOf, viewCountersOf, writeOrder } from "../../../kv/orders.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

/** Samples are a minute apart: 1,300 of them span three blocks of order numbers and two days. */
const NOW = Date.parse("2026-11-21T00:40:00Z");
const SAMPLES = 1_300;

async function allOrders(kv: Deno.Kv): Promise<Order[]> {
  const orders: Order[] = [];
  for await (const { value } of kv.list<Order>({ prefix: keys.allOrders() })) orders.push(value);
  return orders;
}

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether an order is in a query's view and days, judged from the order itself. */
function narrowedBy(query: ListQuery) {
  const start = query.from ? instantOf(`${query.from}T00:00`, query.tz)! : -Infinity;
  const end = query.to ? instantOf(`${dayAfter(query.to)}T00:00`, query.tz)! : Infinity;
  return (order: Order) => {
    const placed = Date.parse(order.createdAt);
    return viewsOf(order).includes(viewName(query)) && placed >= start && placed < end;
  };
}

/** The list a query should show, recounted from every order: its numbers in order, and each tab's count. */
function recount(orders: Order[], query: ListQuery) {
  const kept = orders.filter(narrowedBy(query));
  const counts = Object.fromEntries(
    ADMIN_FILTERS.map((f) => [f, kept.filter((o) => filtersOf(o).includes(f)).length]),
  ) as Record<AdminFilter, number>;
  const numbers = kept.filter((o) => filtersOf(o).includes(query.filter)).map((o) => o.orderNumber)
    .sort(query.sort === "oldest" ? (a, b) => a - b : (a, b) => b - a);
  return { numbers, counts };
}

/** Every page of a query through the dashboard's list. */
async function pagesOf(kv: Deno.Kv, query: ListQuery) {
  const numbers: number[] = [];
  for (let page = 1;; page++) {
    const list = await listAdminOrders(kv, { ...query, page });
    assertEquals(list.page, page);
    numbers.push(...list.orders.map((order) => order.orderNumber));
    if (page >= list.totalPages) return { numbers, total: list.total, counts: list.counts };
  }
}

async function exported(kv: Deno.Kv, query: ListQuery, orders: Order[]) {
  const numberOf = new Map(orders.map((o) => [o.id, o.orderNumber]));
  const numbers: number[] = [];
  for await (const ids of listedOrderIds(kv, query, 37)) numbers.push(...ids.map((id) => numberOf.get(id)!));
  return numbers;
}

/** A store of samples, a few of them changed since (so they moved between views and tabs). */
async function sampleStore() {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, SAMPLES, NOW);
  let changed = 0;
  for (const order of await allOrders(kv)) {
    if (order.orderNumber % 17 !== 0) continue;
    const after: Order = order.addStreamingServices
      ? { ...order, streamingStatus: "processing" }
      : order.status === "completed" && order.approvalStatus === "pending"
      ? { ...order, approvalStatus: "approved", approvedAt: new Date(NOW).toISOString() }
      : { ...order, isGift: !order.isGift };
    await writeOrder(kv.atomic(), order, after).commit();
    changed++;
  }
  assert(changed > 50);
  return kv;
}

function daysOf(orders: Order[]) {
  return [...new Set(orders.map((o) => o.createdAt.slice(0, 10)))].sort();
}

Deno.test("list views: every narrowing, sort and range of days pages, counts and exports as a recount of the orders says", async () => {
  await using kv = await sampleStore();
  const orders = await allOrders(kv);
  const [first, second] = daysOf(orders);
  assert(second, `the samples span two days: ${daysOf(orders)}`);
  const asked: Partial<ListQuery>[] = [
    { gift: "gift" },
    { gift: "not-gift", filter: "review" },
    { streaming: "with" },
    { streaming: "processing" },
    { streaming: "live", filter: "sent" },
    { streaming: "without", sort: "oldest", filter: "approved" },
    { code: "FRIEND10" },
    { code: "GRANDMA", gift: "gift", sort: "oldest" },
    { code: "NOSUCHCODE" },
    { sort: "oldest" },
    { sort: "oldest", filter: "failed" },
    { from: first, to: first },
    { from: second },
    { to: first, streaming: "with", filter: "sent" },
    { from: second, to: second, tz: "America/New_York", filter: "in-progress" },
    { from: second, to: second, tz: "Asia/Tokyo", gift: "gift", sort: "oldest" },
    { from: "2020-01-01", to: "2020-01-02" },
  ];
  for (const fields of asked) {
    const query: ListQuery = { ...DEFAULT_LIST_QUERY, ...fields };
    const expected = recount(orders, query);
    const label = JSON.stringify(fields);
    assert(
      fields.code === "NOSUCHCODE" || fields.from === "2020-01-01" || expected.numbers.length > 0,
      label,
    );
    const pages = await pagesOf(kv, query);
    assertEquals(pages.numbers, expected.numbers, `${label}: every page in order`);
    assertEquals(pages.total, expected.numbers.length, label);
    assertEquals(pages.counts, expected.counts, `${label}: each tab's count`);
    assertEquals(await exported(kv, query, orders), expected.numbers, `${label}: the export`);
  }
});

Deno.test("list views: a search is narrowed by the view and days, and sorted as asked", async () => {
  await using kv = await sampleStore();
  const orders = await allOrders(kv);
  const [, second] = daysOf(orders);
  const asked: Partial<ListQuery>[] = [
    { q: "Mia", gift: "gift" },
    { q: "example.com", code: "NURSERY", from: second },
    { q: "Smith", streaming: "with", sort: "oldest" },
  ];
  for (const fields of asked) {
    const query: ListQuery = { ...DEFAULT_LIST_QUERY, ...fields };
    const searched = await pagesOf(kv, { ...DEFAULT_LIST_QUERY, q: query.q });
    const keep = narrowedBy(query);
    const byNumber = new Map(orders.map((o) => [o.orderNumber, o]));
    const expected = searched.numbers.filter((n) => keep(byNumber.get(n)!))
      .sort(query.sort === "oldest" ? (a, b) => a - b : (a, b) => b - a);
    assert(expected.length > 0 && expected.length < searched.numbers.length, JSON.stringify(fields));
    assertEquals((await pagesOf(kv, query)).numbers, expected, JSON.stringify(fields));
    assertEquals(await exported(kv, query, orders), expected);
  }
});

/** What the views' counters should hold, recounted from the orders, beside what they hold. */
async function viewCounters(kv: Deno.Kv) {
  const truth = new Map<string, bigint>();
  for (const order of await allOrders(kv)) {
    for (const { key, amount } of viewCountersOf(order)) {
      const text = JSON.stringify(key);
      truth.set(text, (truth.get(text) ?? 0n) + amount);
    }
  }
  const stored = new Map<string, bigint>();
  for (const prefix of [keys.allOrderViewCounts(), keys.allOrderViewBlockCounts()]) {
    for await (const entry of kv.list<Deno.KvU64>({ prefix })) {
      if (entry.value.value) stored.set(JSON.stringify(entry.key), entry.value.value);
    }
  }
  const sorted = (map: Map<string, bigint>) => [...map].sort(([a], [b]) => a.localeCompare(b));
  return { truth: sorted(truth), stored: sorted(stored) };
}

async function viewEntries(kv: Deno.Kv) {
  const found: string[] = [];
  for (const prefix of [keys.allOrderViews(), keys.ordersByPlacedAt()]) {
    for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  }
  return found;
}

Deno.test("list views: the views' counters equal a recount after orders move between tabs and views", async () => {
  await using kv = await sampleStore();
  const { truth, stored } = await viewCounters(kv);
  assert(truth.length > 100);
  assertEquals(stored, truth);
  // A block counter is per tab, view and block of order numbers.
  const block = blockOf((await allOrders(kv))[0].orderNumber);
  assert(truth.some(([key]) => key.endsWith(`,${block}]`)));
});

Deno.test("migration 7 gives earlier orders their views and placing times, resumes after a crash, and a second run changes nothing", async () => {
  await using kv = await sampleStore();
  const expectedEntries = await viewEntries(kv);
  const expectedCounters = (await viewCounters(kv)).truth;
  for (const prefix of [keys.allOrderViews(), keys.allOrderViewCounts(), keys.allOrderViewBlockCounts()]) {
    for await (const entry of kv.list({ prefix })) await kv.delete(entry.key);
  }
  for await (const entry of kv.list({ prefix: keys.ordersByPlacedAt() })) await kv.delete(entry.key);
  assertEquals(await viewEntries(kv), []);

  let commits = 0;
  const crashing: Migration = {
    ...listViews,
    up: (store, context) =>
      listViews.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          if (++commits === 3) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], { holder: "test" }), Error, "power cut");
  const report = await runMigrations(kv, [listViews], { holder: "test" });
  assertEquals(report.applied, [{ version: 7, name: "list-views", resumed: true }]);
  assertEquals(await viewEntries(kv), expectedEntries);
  assertEquals((await viewCounters(kv)).stored, expectedCounters);

  await kv.delete(keys.schemaVersion());
  await runMigrations(kv, [listViews], { holder: "test" });
  assertEquals(await viewEntries(kv), expectedEntries);
  assertEquals((await viewCounters(kv)).stored, expectedCounters);
  const gifts = await listAdminOrders(kv, { gift: "gift" });
  assertEquals(gifts.total, (await allOrders(kv)).filter((o) => o.isGift).length);
});
