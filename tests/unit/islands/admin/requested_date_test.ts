import { assertEquals } from "@std/assert";
import {
  familyDateCountdown,
  familyDateDecides,
  NO_REQUEST,
  requestedDeliveryText,
  requestedLabel,
  requestedLong,
  requestedShort,
  scheduleDecidedBy,
  sendNowWarning,
  staffClockText,
} from "../../../../islands/admin/requested_date.ts";

/** Saturday 14 March 2026, 8:00 on a London clock (GMT, before the clocks go forward). */
const LONDON = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };
/** The same family moment chosen in New York: 8:00 there is 12:00 UTC in March (EDT). */
const NEW_YORK = { at: "2026-03-14T12:00:00.000Z", timeZone: "America/New_York" };
const NOW = Date.parse("2026-03-10T12:00:00Z");

Deno.test("requested date: the row's short words and the full words, on the family's clock", () => {
  assertEquals(requestedShort(LONDON), "For 14 Mar 8:00 London");
  assertEquals(requestedShort(NEW_YORK), "For 14 Mar 8:00 New York", "their 8:00, not the reader's");
  assertEquals(requestedLong(LONDON, NOW), "For Saturday 14 March, 8:00 in London");
  assertEquals(requestedLong(NEW_YORK), "For Saturday 14 March, 8:00 in New York");
  assertEquals(requestedLabel(LONDON, NOW), "Requested delivery: Saturday 14 March, 8:00 in London");
});

Deno.test("requested date: the staff member's own time beside the family's, where their clocks differ", () => {
  assertEquals(staffClockText(NEW_YORK, "Europe/Berlin"), "14 Mar 13:00 your time");
  assertEquals(staffClockText(NEW_YORK, "Pacific/Auckland"), "15 Mar 1:00 your time", "the next day there");
  assertEquals(staffClockText(NEW_YORK, "America/New_York"), null);
  assertEquals(staffClockText(LONDON, "UTC"), null, "GMT reads as UTC in March");
  assertEquals(
    requestedLabel(NEW_YORK, NOW, "Europe/Berlin"),
    "Requested delivery: Saturday 14 March, 8:00 in New York (14 Mar 13:00 your time)",
  );
  assertEquals(requestedLabel(NEW_YORK, NOW, "America/New_York"), requestedLabel(NEW_YORK, NOW));
});

Deno.test("requested date: Order Detail's words, with the year only when it is not this year's", () => {
  assertEquals(
    requestedDeliveryText({ requestedDelivery: LONDON }, NOW),
    "Saturday 14 March, 8:00 in London",
  );
  assertEquals(
    requestedDeliveryText({ requestedDelivery: LONDON }, Date.parse("2025-12-20T12:00:00Z")),
    "Saturday 14 March 2026, 8:00 in London",
  );
  assertEquals(requestedDeliveryText({ requestedDelivery: LONDON }), "Saturday 14 March, 8:00 in London");
  assertEquals(requestedDeliveryText({ requestedDelivery: null }, NOW), NO_REQUEST);
  assertEquals(requestedDeliveryText({}, NOW), "As soon as it's ready");
});

Deno.test("requested date: the family's moment decides the send when the schedule falls on it", () => {
  const request = { requestedDelivery: LONDON };
  assertEquals(familyDateDecides({ ...request, deliveryScheduledFor: LONDON.at }), true);
  // The same instant written another way is still the same moment.
  assertEquals(familyDateDecides({ ...request, deliveryScheduledFor: "2026-03-14T08:00:00Z" }), true);
  // Approved too late for the moment: the delay after approval decides.
  assertEquals(familyDateDecides({ ...request, deliveryScheduledFor: "2026-03-14T20:00:00.000Z" }), false);
  assertEquals(familyDateDecides({ ...request, deliveryScheduledFor: null }), false, "not approved yet");
  assertEquals(familyDateDecides({ requestedDelivery: null, deliveryScheduledFor: LONDON.at }), false);
  assertEquals(scheduleDecidedBy({ ...request, deliveryScheduledFor: LONDON.at }), "the family's date");
  assertEquals(
    scheduleDecidedBy({ ...request, deliveryScheduledFor: "2026-03-14T20:00:00.000Z" }),
    "after the review delay",
  );
  assertEquals(scheduleDecidedBy({ requestedDelivery: null, deliveryScheduledFor: LONDON.at }), null);
  assertEquals(scheduleDecidedBy({ ...request, deliveryScheduledFor: null }), null);
  assertEquals(familyDateCountdown(LONDON), "Sends 14 Mar 8:00 · family's date");
});

Deno.test("requested date: Send Now names the moment while it is ahead, and only then", () => {
  assertEquals(
    sendNowWarning({ requestedDelivery: LONDON }, NOW),
    "The family asked for Saturday 14 March, 8:00 in London. Send the song now anyway?",
  );
  assertEquals(
    sendNowWarning({ requestedDelivery: LONDON }, Date.parse(LONDON.at)),
    null,
    "the moment itself",
  );
  assertEquals(sendNowWarning({ requestedDelivery: LONDON }, Date.parse(LONDON.at) + 60_000), null, "passed");
  assertEquals(sendNowWarning({ requestedDelivery: null }, NOW), null, "no request: asked as always");
  assertEquals(sendNowWarning({}, NOW), null);
});
