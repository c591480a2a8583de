import { assertEquals } from "@std/assert";
import { countdownOf, sendCountdown } from "../../../../islands/admin/countdown.ts";

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
