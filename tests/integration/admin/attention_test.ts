import { assertEquals } from "@std/assert";
import type { AttentionAnswer, AttentionGroup } from "../../../domain/admin/attention.ts";
import { REVIEW_SCAN_LIMIT } from "../../../kv/attention.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import {
  adminCall,
  adminHeaders,
  clockWorker,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";
import { failedOrder, forDate, refusingLyricist, waitingFamilies } from "./attention_fixtures.ts";
import { updateOrder } from "../../../kv/orders.ts";

/**
 * Issue 23: "Needs attention". The test clock starts at 2026-01-15 12:00 UTC (noon in London, GMT in
 * January) and DELIVERY_DELAY_HOURS is 12; the worker sweeps only when told.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (text: string) => Date.parse(text);

async function attention(t: TestApp, headers: Record<string, string>) {
  const response = await t.request("/api/admin/attention", { headers });
  return { status: response.status, body: await response.json() };
}

const names = (group: AttentionGroup) => group.orders.map((order) => order.childName);

Deno.test("needs attention: failed songs, late sends, songs long in review and dates at risk", async () => {
  await using t = await createTestApp({
    env: { ...DELIVERY_ENV, SWEEP_SECONDS: "3600" },
    providers: { words: refusingLyricist("Fay") },
  });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);

  const empty = (await attention(t, admin)).body as AttentionAnswer;
  const none = { count: 0, atLeast: false, orders: [] };
  assertEquals(empty, {
    failed: none,
    overdueSends: none,
    reviewWaiting: none,
    datedAtRisk: none,
    pastPromise: none,
    storageWait: none,
    storageOutage: null,
    reviewWaitHours: 12,
    promiseHours: 24,
    checkedAt: "2026-01-15T12:00:00.000Z",
  });

  // Noon: Fay's song fails (her family is told after the 30-minute grace); Rory's is ready for
  // review; Ben's is approved, its email due at midnight.
  const start = t.clock.now();
  const fay = await failedOrder(t, worker, { childName: "Fay", parentEmail: "fay@example.com" });
  const rory = await completedOrder(t, { childName: "Rory" });
  const ben = await completedOrder(t, { childName: "Ben" });
  assertEquals((await adminCall(t, admin, ben.id, "approve")).status, 200);

  // 23:00: songs for a date. Tom's moment needed approval by 22:00; Sia's needs it by 06:00, inside
  // the 12-hour window; Max is approved now, too late for 08:00; Ada is approved in time for 20:00.
  t.clock.set(at("2026-01-15T23:00:00Z"));
  const tom = await forDate(t, await completedOrder(t, { childName: "Tom" }), "2026-01-16T10:00");
  const sia = await forDate(t, await completedOrder(t, { childName: "Sia" }), "2026-01-16T18:00");
  const max = await forDate(t, await completedOrder(t, { childName: "Max" }), "2026-01-16T08:00");
  const ada = await forDate(t, await completedOrder(t, { childName: "Ada" }), "2026-01-16T20:00");
  // Lena's needs approval by 20:00 tomorrow: 20 hours away, outside the window.
  await forDate(t, await completedOrder(t, { childName: "Lena" }), "2026-01-17T08:00");
  for (const order of [max, ada]) assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);

  // Midnight: Rory has waited exactly 12 hours, not longer; Ben's email falls due only now.
  t.clock.set(at("2026-01-16T00:00:00Z"));
  let body = (await attention(t, admin)).body as AttentionAnswer;
  assertEquals(body.reviewWaiting, none);
  assertEquals(names(body.overdueSends), ["Fay"]);
  t.clock.advance(1);
  assertEquals(names((await attention(t, admin)).body.reviewWaiting), ["Rory"]);

  // Two minutes past: Ben's send is overdue too.
  t.clock.set(at("2026-01-16T00:02:00Z"));
  body = (await attention(t, admin)).body as AttentionAnswer;
  assertEquals(body.checkedAt, "2026-01-16T00:02:00.000Z");
  assertEquals(body.failed, {
    count: 1,
    atLeast: false,
    orders: [{
      id: fay.id,
      orderNumber: fay.orderNumber,
      childName: "Fay",
      filter: "failed",
      since: new Date(start).toISOString(),
    }],
  });
  assertEquals(body.overdueSends.count, 2);
  assertEquals(
    body.overdueSends.orders.map(({ childName, job, since, filter }) => ({ childName, job, since, filter })),
    [
      { childName: "Fay", job: "failure-email", since: "2026-01-15T12:30:00.000Z", filter: "failed" },
      { childName: "Ben", job: "delivery", since: "2026-01-16T00:00:00.000Z", filter: "approved" },
    ],
  );
  assertEquals(body.reviewWaiting, {
    count: 1,
    atLeast: false,
    orders: [{
      id: rory.id,
      orderNumber: rory.orderNumber,
      childName: "Rory",
      filter: "review",
      since: new Date(start).toISOString(),
    }],
  });
  // Sia can still be saved, so she comes first; then the dates missed, latest first. Ada is on
  // time, and Lena has a day yet.
  assertEquals(body.datedAtRisk.count, 3);
  assertEquals(
    body.datedAtRisk.orders.map(({ id, risk, since, approveBy, filter }) => ({
      id,
      risk,
      since,
      approveBy,
      filter,
    })),
    [
      {
        id: sia.id,
        risk: "soon",
        since: "2026-01-16T18:00:00.000Z",
        approveBy: "2026-01-16T06:00:00.000Z",
        filter: "review",
      },
      {
        id: tom.id,
        risk: "missed",
        since: "2026-01-16T10:00:00.000Z",
        approveBy: "2026-01-15T22:00:00.000Z",
        filter: "review",
      },
      {
        id: max.id,
        risk: "missed",
        since: "2026-01-16T08:00:00.000Z",
        approveBy: "2026-01-15T20:00:00.000Z",
        filter: "approved",
      },
    ],
  );
  assertEquals(body.datedAtRisk.orders[0].requestedDelivery, sia.requestedDelivery);

  // Acting on them clears them: Sia approved in time, Rory approved, Ben's email sent by the worker.
  for (const order of [sia, rory]) assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  await worker.sweep();
  body = (await attention(t, admin)).body as AttentionAnswer;
  assertEquals(names(body.datedAtRisk), ["Tom", "Max"]);
  assertEquals(body.reviewWaiting.count, 0);
  assertEquals(body.overdueSends.count, 0, "the sweep sent Ben's email and told Fay's family");
  assertEquals(body.failed.count, 1, "Fay's song is still failed");
});

Deno.test("needs attention: only staff may look", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const visitor = await attention(t, {});
  assertEquals([visitor.status, typeof visitor.body.message], [401, "string"]);
  const customer = await attention(t, await sessionHeaders(t, "ann@example.com"));
  assertEquals([customer.status, typeof customer.body.message], [403, "string"]);
  const admin = await t.request("/api/admin/attention", { headers: await adminHeaders(t) });
  assertEquals([admin.status, admin.headers.get("cache-control")], [200, "private, no-store"]);
  await admin.body?.cancel();
});

Deno.test("needs attention: a long review queue is read only up to its cap, and the count says so", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  // One more song than is read, each ready a minute after the one before.
  for (let i = 0; i <= REVIEW_SCAN_LIMIT; i++) {
    await completedOrder(t, { childName: `Kid${i}`, parentEmail: `kid${i}@example.com` });
    t.clock.advance(MINUTE);
  }
  t.clock.advance(13 * HOUR);
  const { reviewWaiting } = (await attention(t, admin)).body as AttentionAnswer;
  assertEquals([reviewWaiting.count, reviewWaiting.atLeast], [REVIEW_SCAN_LIMIT, true]);
  assertEquals(names(reviewWaiting), ["Kid0", "Kid1", "Kid2", "Kid3", "Kid4"], "longest wait first");
});

Deno.test("needs attention: families still waiting for their song more than 24 hours after ordering, longest first", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const { ana, ben } = await waitingFamilies(t);

  let body = (await attention(t, admin)).body as AttentionAnswer;
  // Cy has waited exactly 24 hours, not longer; Dot's song was sent, Eve's is for a later day and
  // Flo's order was refunded.
  assertEquals(body.pastPromise, {
    count: 2,
    atLeast: false,
    orders: [
      { id: ana.id, orderNumber: ana.orderNumber, childName: "Ana", filter: "review", since: ana.createdAt },
      {
        id: ben.id,
        orderNumber: ben.orderNumber,
        childName: "Ben",
        filter: "in-progress",
        since: ben.createdAt,
      },
    ],
  });
  assertEquals(body.promiseHours, 24);
  t.clock.advance(1);
  assertEquals(names((await attention(t, admin)).body.pastPromise), ["Ana", "Ben", "Cy"]);

  // Ana's song reaches her family: she leaves the group with the write that sends it.
  await updateOrder(t.kv, ana.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    emailSentAt: new Date(t.clock.now()).toISOString(),
    emailSendCount: 1,
  }));
  body = (await attention(t, admin)).body as AttentionAnswer;
  assertEquals([body.pastPromise.count, names(body.pastPromise)], [2, ["Ben", "Cy"]]);
});
