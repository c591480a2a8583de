import { assert, assertEquals } from "@std/assert";
import type { StaffActivityPage } from "../../../domain/admin/staff_activity.ts";
import { ACTIVITY_PAGE_SIZE } from "../../../domain/admin/staff_activity.ts";
import { listEvents } from "../../../kv/events.ts";
import { keys } from "../../../kv/keys.ts";
import { deleteOrder } from "../../../kv/order_removal.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminCall, completedOrder, sessionHeaders } from "../delivery/helpers.ts";

/**
 * Issue 41: the staff activity log, across orders. The test clock starts at 2026-01-15 12:00 UTC;
 * two staff members, Boss and Sam.
 */
const BOSS = "boss@example.com";
const SAM = "sam@example.com";
const ENV = { ADMIN_EMAILS: `${BOSS},${SAM}`, JOB_QUEUE: "off" } as const;
const HOUR = 3_600_000;

async function activity(t: TestApp, query = "", as = BOSS) {
  const response = await t.request(`/api/admin/activity${query}`, { headers: await sessionHeaders(t, as) });
  return { status: response.status, body: await response.json() };
}

const lines = (page: StaffActivityPage) =>
  page.entries.map(({ by, action, orderNumber }) => `${by.split("@")[0]} ${action} #${orderNumber}`);

Deno.test("the activity log: staff actions across orders, newest first, by staff member, day and order", async () => {
  await using t = await createTestApp({ env: ENV });
  const boss = await sessionHeaders(t, BOSS);
  const sam = await sessionHeaders(t, SAM);
  const empty = await activity(t);
  assertEquals([empty.status, empty.body], [200, { entries: [], next: null, staff: [] }]);

  // 15 January, noon: Boss approves Ada's and Ben's songs. 23:30: Sam sends Ada's now.
  const ada = await completedOrder(t, { childName: "Ada" });
  const ben = await completedOrder(t, { childName: "Ben" });
  for (const order of [ada, ben]) assertEquals((await adminCall(t, boss, order.id, "approve")).status, 200);
  t.clock.advance(11.5 * HOUR);
  assertEquals((await adminCall(t, sam, ada.id, "send-now")).status, 200);
  // 16 January, 10:00: Sam turns Ben's links off.
  t.clock.advance(10.5 * HOUR);
  assertEquals((await adminCall(t, sam, ben.id, "revoke-links")).status, 200);

  const all = (await activity(t)).body as StaffActivityPage;
  assertEquals(lines(all), [
    `sam links-revoked #${ben.orderNumber}`,
    `sam send #${ada.orderNumber}`,
    `boss approve #${ben.orderNumber}`,
    `boss approve #${ada.orderNumber}`,
  ]);
  assertEquals(all.staff, [BOSS, SAM]);
  assertEquals(all.next, null);
  // Each line is its order's own timeline event, with the order to open.
  const adaEvents = (await listEvents(t.kv, ada.id)).filter((event) => event.stage === "STAFF");
  const approval = all.entries[3];
  assertEquals(approval, {
    eventId: adaEvents[0].id,
    orderId: ada.id,
    by: BOSS,
    action: "approve",
    message: adaEvents[0].message,
    at: "2026-01-15T12:00:00.000Z",
    orderNumber: ada.orderNumber,
    childName: "Ada",
    filter: "sent",
  });

  // "What did Sam do?"; "what was done on the 15th?" (in London, and in Tokyo, where 23:30 UTC is
  // already the 16th); "who approved Ada's song?"
  assertEquals(lines((await activity(t, `?by=${SAM}`)).body), lines(all).slice(0, 2));
  assertEquals(lines((await activity(t, "?day=2026-01-15&tz=Europe/London")).body), lines(all).slice(1));
  assertEquals(lines((await activity(t, "?day=2026-01-16&tz=Asia/Tokyo")).body), lines(all).slice(0, 2));
  assertEquals(lines((await activity(t, `?by=${SAM}&day=2026-01-15&tz=UTC`)).body), [lines(all)[1]]);
  const whoApproved = (await activity(t, `?order=%23${ada.orderNumber}`)).body as StaffActivityPage;
  assertEquals(lines(whoApproved), [`sam send #${ada.orderNumber}`, `boss approve #${ada.orderNumber}`]);
  assertEquals(lines((await activity(t, `?order=${ada.orderNumber}&by=${BOSS}`)).body), [lines(all)[3]]);
  assertEquals((await activity(t, "?order=99999")).body.entries, []);

  // An order deleted for good takes its lines with it.
  await deleteOrder(t.kv, t.deps.blobs, ben.id);
  assertEquals(lines((await activity(t)).body), [lines(all)[1], lines(all)[3]]);
  for await (const entry of t.kv.list({ prefix: keys.allStaffActivity() })) {
    assert((entry.value as { orderId: string }).orderId !== ben.id);
  }
});

Deno.test("the activity log pages newest first, each page where the last stopped", async () => {
  await using t = await createTestApp({ env: ENV });
  const boss = await sessionHeaders(t, BOSS);
  // Two full pages: the second, full too, says nothing follows it.
  const count = ACTIVITY_PAGE_SIZE * 2;
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) {
    const order = await completedOrder(t, { childName: `Kid${i}`, parentEmail: `kid${i}@example.com` });
    assertEquals((await adminCall(t, boss, order.id, "approve")).status, 200);
    numbers.unshift(order.orderNumber);
    t.clock.advance(60_000);
  }
  const first = (await activity(t, `?by=${BOSS}`)).body as StaffActivityPage;
  assertEquals(first.entries.map((entry) => entry.orderNumber), numbers.slice(0, ACTIVITY_PAGE_SIZE));
  const cursor = encodeURIComponent(first.next ?? "");
  assert(cursor);
  const second = (await activity(t, `?by=${BOSS}&cursor=${cursor}`)).body as StaffActivityPage;
  assertEquals(second.entries.map((entry) => entry.orderNumber), numbers.slice(ACTIVITY_PAGE_SIZE));
  assertEquals(second.next, null);
});

Deno.test("the activity log is for staff, and a wrong question is a 400 that says what is wrong", async () => {
  await using t = await createTestApp({ env: ENV });
  const visitor = await t.request("/api/admin/activity");
  assertEquals([visitor.status, typeof (await visitor.json()).message], [401, "string"]);
  const customer = await activity(t, "", "parent@example.com");
  assertEquals([customer.status, typeof customer.body.message], [403, "string"]);
  for (
    const [query, message] of [
      ["?day=2026-13-01", "day must be a day written as YYYY-MM-DD."],
      ["?tz=Mars/Olympus", "tz must be a time zone."],
      ["?order=abc", "order must be an order number."],
      ["?cursor=garbage", "cursor is not one this log gave."],
    ]
  ) {
    const answer = await activity(t, query);
    assertEquals([answer.status, answer.body.message], [400, message], query);
  }
  const ok = await t.request("/api/admin/activity", { headers: await sessionHeaders(t, BOSS) });
  assertEquals(ok.headers.get("cache-control"), "private, no-store");
  await ok.body?.cancel();
});
