import { assertEquals } from "@std/assert";
import {
  datedRisk,
  datedWindows,
  hoursMs,
  REVIEW_WAIT_HOURS,
  reviewWaitingSince,
  tabOf,
} from "../../../../domain/admin/attention.ts";
import { scheduledSendAt } from "../../../../domain/delivery/requested.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-01-15T12:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const WAIT = hoursMs(REVIEW_WAIT_HOURS);

const inReview = (readyAt: number) => ({
  status: "completed" as const,
  approvalStatus: "pending" as const,
  completedAt: iso(readyAt),
  emailSentAt: null,
});

Deno.test("review wait: a song ready more than N hours ago is waiting too long; exactly N is not", () => {
  assertEquals(REVIEW_WAIT_HOURS, 12);
  assertEquals(reviewWaitingSince(inReview(NOW - WAIT), NOW, WAIT), null, "exactly 12 h");
  assertEquals(reviewWaitingSince(inReview(NOW - WAIT - 1), NOW, WAIT), NOW - WAIT - 1, "12 h and 1 ms");
  assertEquals(reviewWaitingSince(inReview(NOW - 2 * HOUR), NOW, WAIT), null);
  // The wait is the rule's parameter: a shorter one flags sooner.
  assertEquals(reviewWaitingSince(inReview(NOW - 2 * HOUR), NOW, HOUR), NOW - 2 * HOUR);
});

Deno.test("review wait: only a finished song still pending approval counts", () => {
  const long = NOW - 2 * WAIT;
  assertEquals(reviewWaitingSince({ ...inReview(long), approvalStatus: "approved" }, NOW, WAIT), null);
  assertEquals(reviewWaitingSince({ ...inReview(long), approvalStatus: "rejected" }, NOW, WAIT), null);
  assertEquals(reviewWaitingSince({ ...inReview(long), status: "generating" }, NOW, WAIT), null);
  assertEquals(reviewWaitingSince({ ...inReview(long), status: "failed" }, NOW, WAIT), null);
  assertEquals(reviewWaitingSince({ ...inReview(long), completedAt: null }, NOW, WAIT), null);
});

const DELAY = 12 * HOUR;
const WARN = 12 * HOUR;
const LONDON = "Europe/London";

/** An unapproved dated order whose family's moment is `at`. */
const dated = (at: number) => ({
  requestedDelivery: { at: iso(at), timeZone: LONDON },
  emailSentAt: null,
  approvalStatus: "pending" as const,
  emailScheduledFor: null,
});

Deno.test("dated risk: unapproved, flagged once the last moment to approve is within the warning window", () => {
  // Approving by moment − delay still meets it; the window opens `WARN` before that.
  const approveBy = NOW + WARN;
  const at = approveBy + DELAY;
  assertEquals(datedRisk(dated(at), NOW, DELAY, WARN), { level: "soon", at, approveBy }, "just inside");
  assertEquals(datedRisk(dated(at + 1), NOW, DELAY, WARN), null, "just outside");
  assertEquals(datedRisk(dated(at), NOW - 1, DELAY, WARN), null, "a moment earlier, outside");
});

Deno.test("dated risk: missed once approving now would send after the moment, exactly at the deadline still met", () => {
  const at = NOW + DELAY;
  // Approval now schedules max(now + delay, at) = at: still met, but it is the last moment.
  assertEquals(scheduledSendAt(NOW, DELAY, dated(at).requestedDelivery), at);
  assertEquals(datedRisk(dated(at), NOW, DELAY, WARN)?.level, "soon");
  assertEquals(scheduledSendAt(NOW + 1, DELAY, dated(at).requestedDelivery) > at, true);
  assertEquals(datedRisk(dated(at), NOW + 1, DELAY, WARN), { level: "missed", at, approveBy: NOW });
  // A moment already past and still unsent.
  assertEquals(datedRisk(dated(NOW - HOUR), NOW, DELAY, WARN)?.level, "missed");
});

Deno.test("dated risk: an approved song is at risk only when its send is due after the moment", () => {
  const at = NOW + 3 * HOUR;
  const approved = (sendAt: number) => ({
    ...dated(at),
    approvalStatus: "approved" as const,
    emailScheduledFor: iso(sendAt),
  });
  assertEquals(datedRisk(approved(at), NOW, DELAY, WARN), null, "on the moment");
  assertEquals(datedRisk(approved(at - HOUR), NOW, DELAY, WARN), null, "early (Send Now)");
  assertEquals(datedRisk(approved(at + 1), NOW, DELAY, WARN), {
    level: "missed",
    at,
    approveBy: at - DELAY,
  });
});

Deno.test("dated risk: nothing without a request, or once the email has gone", () => {
  assertEquals(datedRisk({ ...dated(NOW), requestedDelivery: null }, NOW, DELAY, WARN), null);
  assertEquals(datedRisk({ ...dated(NOW), emailSentAt: iso(NOW - HOUR) }, NOW, DELAY, WARN), null);
});

Deno.test("dated windows: what is at risk lies before the horizon, and before now + delay only missed", () => {
  const { missedBefore, horizon } = datedWindows(NOW, DELAY, WARN);
  assertEquals([missedBefore, horizon], [NOW + DELAY, NOW + DELAY + WARN]);
  assertEquals(datedRisk(dated(horizon), NOW, DELAY, WARN)?.level, "soon", "the horizon itself");
  assertEquals(datedRisk(dated(horizon + 1), NOW, DELAY, WARN), null, "past it");
  assertEquals(datedRisk(dated(missedBefore), NOW, DELAY, WARN)?.level, "soon", "approving now meets it");
  assertEquals(datedRisk(dated(missedBefore - 1), NOW, DELAY, WARN)?.level, "missed");
  // An approved send late for its moment was approved by now, so its moment is before now + delay.
  const late = {
    ...dated(missedBefore - 1),
    approvalStatus: "approved" as const,
    emailScheduledFor: iso(NOW + DELAY),
  };
  assertEquals(datedRisk(late, NOW, DELAY, WARN)?.level, "missed");
  // An approved one on time is never at risk, wherever its moment.
  const onTime = { ...dated(horizon), approvalStatus: "approved" as const, emailScheduledFor: iso(horizon) };
  assertEquals(datedRisk(onTime, NOW, DELAY, WARN), null);
});

Deno.test("tabOf: the narrowest tab an order is listed under", () => {
  const order = { status: "completed" as const, approvalStatus: "pending" as const, emailSentAt: null };
  assertEquals(tabOf({ ...order, status: "failed" }), "failed");
  assertEquals(tabOf(order), "review");
  assertEquals(tabOf({ ...order, requestedDelivery: { at: iso(NOW), timeZone: LONDON } }), "review");
  assertEquals(tabOf({ ...order, approvalStatus: "approved" }), "approved");
  assertEquals(tabOf({ ...order, approvalStatus: "approved", emailSentAt: iso(NOW) }), "sent");
  assertEquals(tabOf({ ...order, status: "generating" }), "in-progress");
  assertEquals(
    tabOf({ ...order, status: "generating", requestedDelivery: { at: iso(NOW), timeZone: LONDON } }),
    "in-progress",
  );
  assertEquals(tabOf({ ...order, approvalStatus: "rejected" }), "all");
});
