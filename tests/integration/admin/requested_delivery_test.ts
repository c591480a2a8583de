import { assert, assertEquals } from "@std/assert";
import type { AdminOrderList } from "../../../domain/admin/order_list.ts";
import { type Order, requestedDeliveryOf } from "../../../domain/order/orders.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "../delivery/helpers.ts";
import { placeOrder } from "../jobs/helpers.ts";
import { countersAndTruth } from "./helpers.ts";

/**
 * Issue 20 on the staff side: the "For a date" tab and what approving an order with a chosen moment
 * schedules and says. The test clock starts at 2026-01-15 12:00 UTC (noon in London, GMT in January);
 * DELIVERY_DELAY_HOURS is 12, so approving now schedules 2026-01-16 00:00 UTC unless the family's
 * moment is later.
 */

const HOUR = 60 * 60 * 1000;
const LONDON = "Europe/London";

/**
 * The family's moment on a London clock, written into the stored order (with its indexes) as the
 * order form would have made it. Placing it through the form checks the moment against the real
 * clock (at least 24 hours ahead), while these tests run on the test clock's January.
 */
async function forDate(t: TestApp, order: Order, deliveryAt: string): Promise<Order> {
  const requestedDelivery = requestedDeliveryOf(deliveryAt, LONDON);
  assert(requestedDelivery, deliveryAt);
  return (await updateOrder(t.kv, order.id, (current) => ({ ...current, requestedDelivery })))!;
}

async function list(t: TestApp, query: string) {
  const response = await t.request(`/api/admin/orders${query}`, { headers: await adminHeaders(t) });
  assertEquals(response.status, 200);
  return await response.json() as AdminOrderList;
}

Deno.test("the 'For a date' tab: unsent orders with a chosen moment, soonest first, counted", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  // Placed latest moment first, so order numbers (the other tabs' order) run against the moments.
  const late = await forDate(t, await completedOrder(t, { childName: "Lena" }), "2026-01-25T08:00");
  const making = await forDate(t, await placeOrder(t, { childName: "Mo" }), "2026-01-22T18:30");
  const soon = await forDate(t, await completedOrder(t, { childName: "Sia" }), "2026-01-20T08:00");
  const plain = await completedOrder(t, { childName: "Pip" });
  const sent = await forDate(t, await completedOrder(t, { childName: "Tom" }), "2026-01-18T08:00");
  assertEquals(soon.requestedDelivery, { at: "2026-01-20T08:00:00.000Z", timeZone: LONDON });
  assertEquals(making.status, "generating");

  let dated = await list(t, "?filter=dated");
  assertEquals(dated.orders.map((order) => order.childName), ["Tom", "Sia", "Mo", "Lena"]);
  assertEquals([dated.total, dated.counts.dated, dated.counts.all, dated.filter], [4, 4, 5, "dated"]);

  // Sent (early, by Send Now) it is no longer waiting for its date: it leaves the tab for Sent.
  assertEquals((await adminCall(t, admin, sent.id, "approve")).status, 200);
  assertEquals((await list(t, "?filter=dated")).counts.dated, 4, "approved, still waiting");
  const early = { confirmedEarlyFor: sent.requestedDelivery!.at };
  assertEquals((await adminCall(t, admin, sent.id, "send-now", early)).status, 200);
  dated = await list(t, "?filter=dated");
  assertEquals(dated.orders.map((order) => order.id), [soon.id, making.id, late.id]);
  assertEquals([dated.total, dated.counts.dated, dated.counts.sent], [3, 3, 1]);
  assert(dated.orders.every((order) => order.requestedDelivery && !order.emailSentAt));
  assertEquals(dated.orders[0].requestedDelivery, soon.requestedDelivery, "the list carries the moment");
  assert(!dated.orders.some((order) => order.id === plain.id));

  // A search within the tab keeps the tab's order, soonest moment first, whatever the order numbers.
  const latest = await forDate(t, await completedOrder(t, { childName: "Zed" }), "2026-01-28T08:00");
  const everyone = await list(t, "?filter=dated&q=example.com");
  assertEquals(everyone.orders.map((order) => order.id), [soon.id, making.id, late.id, latest.id]);

  // A search within the tab, counted by its matches.
  const searched = await list(t, "?filter=dated&q=sia");
  assertEquals(searched.orders.map((order) => order.id), [soon.id]);
  assertEquals([searched.total, searched.counts.dated, searched.counts.all], [1, 1, 1]);

  const { stored, truth } = await countersAndTruth(t.kv);
  assertEquals(stored, truth);
});

Deno.test("approving before the family's moment schedules it, and the answer names it", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await forDate(t, await completedOrder(t), "2026-01-20T08:00");
  const approved = await adminCall(t, await adminHeaders(t), order.id, "approve");
  assertEquals(approved.status, 200);
  assertEquals(
    approved.body.message,
    "The song will be delivered on Tuesday 20 January, 8:00 in London, as the family asked.",
  );
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(stored.deliveryScheduledFor, "2026-01-20T08:00:00.000Z");
  assertEquals(stored.emailScheduledFor, stored.deliveryScheduledFor);
  assertEquals(approved.body.order.deliveryScheduledFor, "2026-01-20T08:00:00.000Z");
  assertEquals(approved.body.order.requestedDelivery, { at: "2026-01-20T08:00:00.000Z", timeZone: LONDON });
});

Deno.test("approving too late for the family's moment keeps the delay, and says so", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  // 20:00 tonight in London, sooner than approval (noon) plus 12 hours.
  const order = await forDate(t, await completedOrder(t), "2026-01-15T20:00");
  const approved = await adminCall(t, await adminHeaders(t), order.id, "approve");
  assertEquals(approved.status, 200);
  assertEquals(approved.body.message, "The song will be delivered in 12 hours.");
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(stored.deliveryScheduledFor, new Date(t.clock.now() + 12 * HOUR).toISOString());
  assertEquals(stored.deliveryScheduledFor, "2026-01-16T00:00:00.000Z");
  assertEquals(stored.requestedDelivery?.at, "2026-01-15T20:00:00.000Z", "the request itself is kept");
  // Still unsent, so still under the tab, where staff see the moment was missed.
  assertEquals((await list(t, "?filter=dated")).orders.map((listed) => listed.id), [order.id]);
});
