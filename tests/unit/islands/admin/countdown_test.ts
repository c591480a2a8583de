import { assertEquals } from "@std/assert";
import { countdownDetailOf, countdownOf, sendCountdown } from "../../../../islands/admin/countdown.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

Deno.test("countdown: hours and minutes until the send, minutes rounded up", () => {
  assertEquals(sendCountdown(at(12 * HOUR), NOW), "Sends in 12h 0m");
  assertEquals(sendCountdown(at(11 * HOUR + 59 * MINUTE), NOW), "Sends in 11h 59m");
  assertEquals(sendCountdown(at(5 * HOUR + 30 * MINUTE + 1), NOW), "Sends in 5h 31m");
  assertEquals(sendCountdown(at(30_000), NOW), "Sends in 0h 1m");
  assertEquals(sendCountdown(at(36 * HOUR), NOW), "Sends in 36h 0m");
});

Deno.test("countdown: 'Email queued' once the time has come or passed", () => {
  assertEquals(sendCountdown(at(0), NOW), "Email queued");
  assertEquals(sendCountdown(at(-5 * MINUTE), NOW), "Email queued");
  assertEquals(sendCountdown("not a date", NOW), "Email queued");
});

Deno.test("countdown: only for approved, completed songs whose email has not gone", () => {
  const order = {
    status: "completed" as const,
    approvalStatus: "approved" as const,
    emailSentAt: null,
    deliveryScheduledFor: at(2 * HOUR),
  };
  assertEquals(countdownOf(order, NOW), "Sends in 2h 0m");
  assertEquals(countdownOf({ ...order, emailSentAt: at(-HOUR) }, NOW), null);
  assertEquals(countdownOf({ ...order, deliveryScheduledFor: null }, NOW), null);
  assertEquals(countdownOf({ ...order, approvalStatus: "pending" }, NOW), null);
  assertEquals(countdownOf({ ...order, status: "failed" }, NOW), null);
});

Deno.test("countdown: the family's chosen moment, when it decides, on their clock; else the delay", () => {
  const request = { at: at(50 * HOUR), timeZone: "Europe/London" }; // 2026-01-17T14:00Z, 14:00 in London
  const byFamily = {
    status: "completed" as const,
    approvalStatus: "approved" as const,
    emailSentAt: null,
    deliveryScheduledFor: request.at,
    requestedDelivery: request,
  };
  assertEquals(countdownOf(byFamily, NOW), "Sends 17 Jan 14:00 · family's date");
  assertEquals(
    countdownDetailOf(byFamily, NOW),
    "Saturday 17 January, 14:00 in London, as the family asked. Sends in 50h 0m",
  );
  assertEquals(countdownOf(byFamily, Date.parse(request.at)), "Email queued", "its moment has come");
  assertEquals(countdownOf({ ...byFamily, emailSentAt: at(HOUR) }, NOW), null, "sent early by Send Now");
  assertEquals(countdownDetailOf({ ...byFamily, emailSentAt: at(HOUR) }, NOW), null);

  // Approved too late for the moment: the delay decides, and the badge counts down as always.
  const byDelay = {
    ...byFamily,
    deliveryScheduledFor: at(12 * HOUR),
    requestedDelivery: { ...request, at: at(HOUR) },
  };
  assertEquals(countdownOf(byDelay, NOW), "Sends in 12h 0m");
  assertEquals(
    countdownDetailOf(byDelay, NOW),
    "After the delay from approval; the family asked for Thursday 15 January, 13:00 in London",
  );
  // Without a request, the badge has no longer words.
  assertEquals(countdownDetailOf({ ...byFamily, requestedDelivery: null }, NOW), null);
  assertEquals(countdownOf({ ...byFamily, requestedDelivery: null }, NOW), "Sends in 50h 0m");
});
