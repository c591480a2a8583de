import { assert, assertEquals } from "@std/assert";
import { MAX_BULK_ORDERS, NOT_HEARD } from "../../../domain/admin/bulk_actions.ts";
import { REFUSALS } from "../../../domain/order/guards.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import {
  ADMIN_EMAIL,
  adminCall,
  adminHeaders,
  clockWorker,
  completedOrder,
  DELIVERY_ENV,
} from "../delivery/helpers.ts";
import { adminApi, type Headers } from "./helpers.ts";

const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const bulk = (t: TestApp, headers: Headers, body: unknown) =>
  adminApi(t, "POST", "/orders/bulk", headers, body);

const listen = (t: TestApp, headers: Headers, order: Order) =>
  adminApi(t, "POST", `/orders/${order.id}/listen`, headers, { playedMs: 30_000, durationMs: 120_000 });

/** Each result as [order number, ok, status, message], for one assertion over the whole answer. */
const summary = (results: { orderNumber: number | null; ok: boolean; status: number; message: string }[]) =>
  results.map((result) => [result.orderNumber, result.ok, result.status, result.message]);

Deno.test("bulk Approve: each order by Approve's own rules, only songs someone heard unless staff override", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const heard = await completedOrder(t, { childName: "Ada" });
  const unheard = await completedOrder(t, { childName: "Ben" });
  const approved = await completedOrder(t, { childName: "Cy" });
  await listen(t, admin, heard);
  await listen(t, admin, approved);
  const single = await adminCall(t, admin, approved.id, "approve");
  assertEquals(single.status, 200);
  const singleRefusal = await adminCall(t, admin, approved.id, "approve");

  const first = await bulk(t, admin, {
    action: "approve",
    ids: [heard.id, unheard.id, approved.id, UNKNOWN_ID],
  });
  assertEquals(first.status, 200);
  assertEquals(summary(first.body.results), [
    [heard.orderNumber, true, 200, single.body.message],
    [unheard.orderNumber, false, 409, NOT_HEARD],
    [approved.orderNumber, false, 409, singleRefusal.body.message],
    [null, false, 404, "Order not found."],
  ]);
  assertEquals(first.body.message, "1 order approved; 3 could not be: see why beside each.");
  assertEquals((await getOrder(t.kv, unheard.id))!.approvalStatus, "pending");

  const overridden = await bulk(t, admin, { action: "approve", ids: [unheard.id], override: true });
  assertEquals(summary(overridden.body.results), [[unheard.orderNumber, true, 200, single.body.message]]);
  assertEquals(overridden.body.message, "1 order approved.");

  // On each order's record, by whom, the same as its own button.
  for (const order of [heard, unheard]) {
    const detail = await adminApi(t, "GET", `/orders/${order.id}`, admin);
    const approvals = detail.body.events.filter((event: { stage: string; context: { action?: string } }) =>
      event.stage === "STAFF" && event.context.action === "approve"
    );
    assertEquals(approvals.length, 1);
    assertEquals(approvals[0].context.by, ADMIN_EMAIL);
  }
});

Deno.test("bulk Send Now sends each approved song once, and refuses the others in Send Now's words", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const orders = [];
  for (const childName of ["Dee", "Eve", "Fay"]) {
    const order = await completedOrder(t, {
      childName,
      parentEmail: `${childName.toLowerCase()}@example.com`,
    });
    assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
    orders.push(order);
  }
  const inReview = await completedOrder(t, { childName: "Gus" });
  const single = await adminCall(t, admin, inReview.id, "send-now");

  const answer = await bulk(t, admin, {
    action: "send-now",
    ids: [...orders, inReview].map((order) => order.id),
  });
  assertEquals(answer.status, 200);
  assertEquals(summary(answer.body.results).map(([, ok, status]) => [ok, status]), [
    [true, 200],
    [true, 200],
    [true, 200],
    [false, single.status],
  ]);
  assertEquals(answer.body.results[3].message, single.body.message);
  await worker.sweep();
  t.clock.advance(13 * HOUR);
  await worker.sweep();
  assertEquals(
    sink.messages.map((message) => message.to).sort(),
    [
      "<dee@example.com>",
      "<eve@example.com>",
      "<fay@example.com>",
    ].map((to) => to.slice(1, -1)).sort(),
  );
  const again = await bulk(t, admin, { action: "send-now", ids: orders.map((order) => order.id) });
  assert(
    again.body.results.every((result: { ok: boolean; status: number }) =>
      !result.ok && result.status === 409
    ),
  );
});

Deno.test("bulk Send Now never sends a song booked for a later day unless staff confirmed that order", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const onTime = await completedOrder(t, { childName: "Jo", parentEmail: "jo@example.com" });
  const booked = await completedOrder(t, { childName: "Kit", parentEmail: "kit@example.com" });
  const birthday = new Date(t.clock.now() + 5 * 24 * HOUR).toISOString();
  await updateOrder(t.kv, booked.id, (order) => ({
    ...order,
    requestedDelivery: { at: birthday, timeZone: "Europe/London" },
  }));
  for (const order of [onTime, booked]) {
    assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  }

  const unconfirmed = await bulk(t, admin, { action: "send-now", ids: [onTime.id, booked.id] });
  assertEquals(summary(unconfirmed.body.results), [
    [onTime.orderNumber, true, 200, "The email is on its way."],
    [booked.orderNumber, false, 409, REFUSALS.earlyNotConfirmed],
  ]);
  await worker.sweep();
  assertEquals(sink.messages.map((message) => message.to), ["jo@example.com"]);
  const kept = (await getOrder(t.kv, booked.id))!;
  assertEquals(
    [kept.deliveryDueAt, kept.emailSentAt ?? null],
    [birthday, null],
    "still booked for the family's day",
  );
  const events = (await adminApi(t, "GET", `/orders/${booked.id}`, admin)).body.events;
  assert(
    !events.some((event: { context: { action?: string } }) => event.context?.action === "send"),
    "no Send Now on its record",
  );

  // Confirmed for that order by id, with the day staff were shown, it goes: as the row's own Send Now.
  const confirmed = await bulk(t, admin, {
    action: "send-now",
    ids: [booked.id],
    sendEarly: { [booked.id]: kept.requestedDelivery!.at },
  });
  assertEquals(summary(confirmed.body.results), [[
    booked.orderNumber,
    true,
    200,
    "The email is on its way.",
  ]]);
  await worker.sweep();
  assertEquals(sink.messages.map((message) => message.to).sort(), ["jo@example.com", "kit@example.com"]);
});

Deno.test("bulk Regenerate makes a failed order and a finished song again, and leaves one being made", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const finished = await completedOrder(t, { childName: "Hal" });
  const failed = await completedOrder(t, { childName: "Ida" });
  await updateOrder(t.kv, failed.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "SUNO_CREATE",
    error: "Song Creation failed.",
    failureType: "suno",
  }));
  const answer = await bulk(t, admin, { action: "regenerate", ids: [finished.id, failed.id, finished.id] });
  assertEquals(summary(answer.body.results).map(([number, ok]) => [number, ok]), [
    [finished.orderNumber, true],
    [failed.orderNumber, true],
  ], "each order once");
  assertEquals((await getOrder(t.kv, finished.id))!.status, "generating");
  assertEquals((await getOrder(t.kv, failed.id))!.status, "generating");
  const busy = await bulk(t, admin, { action: "regenerate", ids: [finished.id] });
  assertEquals(summary(busy.body.results).map(([, ok, status]) => [ok, status]), [[false, 409]]);
});

Deno.test("a bulk call names what is wrong with it: no orders, too many, an unknown action", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const cases: [unknown, string][] = [
    [{ action: "approve", ids: [] }, "Choose at least one order."],
    [
      { action: "approve", ids: Array(MAX_BULK_ORDERS + 1).fill(UNKNOWN_ID) },
      "At most 100 orders at a time.",
    ],
    [{ action: "delete", ids: [UNKNOWN_ID] }, "action must be one of approve, send-now, regenerate."],
  ];
  for (const [body, words] of cases) {
    const answer = await bulk(t, admin, body);
    assertEquals(answer.status, 400);
    assert(answer.body.message.includes(words), answer.body.message);
  }
});
