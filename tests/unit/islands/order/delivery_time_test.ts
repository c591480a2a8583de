import { assert, assertEquals } from "@std/assert";
import { requestRefusal } from "../../../../domain/delivery/requested.ts";
import {
  AS_SOON_AS_READY,
  browserTimeZone,
  choiceOf,
  deliveryAtOf,
  deliveryBounds,
  deliveryProblem,
  deliverySummary,
  isDeliveryRefusal,
  requestOf,
  restoreChoice,
  zoneLabel,
  zoneWords,
} from "../../../../islands/order/delivery_time.ts";

/** Thursday 26 November 2026, 14:56:50 in London (UTC+0 in winter). */
const NOW = Date.parse("2026-11-26T14:56:50Z");
const LONDON = "Europe/London";
const chosen = (date: string, time = "08:00") => ({ when: "chosen" as const, date, time });

Deno.test("the boxes give the API the family's wall-clock time; as soon as ready gives nothing", () => {
  assertEquals(deliveryAtOf(chosen("2027-03-14")), "2027-03-14T08:00");
  assertEquals(deliveryAtOf(AS_SOON_AS_READY), "");
  assertEquals(
    deliveryAtOf({ ...chosen("2027-03-14"), when: "ready" }),
    "",
    "the day kept in the boxes is not sent",
  );
  assertEquals(deliveryAtOf(chosen("")), "", "no day picked yet");
});

Deno.test("the moment is read on the family's clock, summer time included", () => {
  assertEquals(requestOf(chosen("2027-03-14"), LONDON), { at: "2027-03-14T08:00:00.000Z", timeZone: LONDON });
  assertEquals(requestOf(chosen("2027-06-14"), LONDON)?.at, "2027-06-14T07:00:00.000Z");
  assertEquals(requestOf(chosen("2027-03-14"), "America/New_York")?.at, "2027-03-14T12:00:00.000Z");
  assertEquals(requestOf(chosen("2027-02-30"), LONDON), null, "no such day");
  assertEquals(requestOf(AS_SOON_AS_READY, LONDON), null);
});

Deno.test("the date box offers 24 hours from now to a year ahead; the first day's earliest time is a whole minute", () => {
  assertEquals(deliveryBounds(NOW, LONDON), {
    minDate: "2026-11-27",
    maxDate: "2027-11-26",
    earliestTime: "14:57",
  });
  // Late in the evening in Sydney it is already tomorrow there.
  assertEquals(deliveryBounds(NOW, "Australia/Sydney").minDate, "2026-11-28");
  assertEquals(deliveryBounds(Date.parse("2026-11-26T14:56:00Z"), LONDON).earliestTime, "14:56");
});

Deno.test("the earliest time the box offers is one the rule accepts", () => {
  const { minDate, earliestTime } = deliveryBounds(NOW, LONDON);
  assertEquals(deliveryProblem(chosen(minDate, earliestTime), NOW, LONDON), null);
});

Deno.test("what stops a chosen day, on the box to put right, in plain words", () => {
  assertEquals(deliveryProblem(AS_SOON_AS_READY, NOW, LONDON), null);
  assertEquals(deliveryProblem(chosen(""), NOW, LONDON), {
    part: "date",
    title: "Choose a Day",
    message: "Please choose the day the song should arrive.",
  });
  assertEquals(deliveryProblem(chosen("2026-12-01", ""), NOW, LONDON)?.part, "time");
  assertEquals(
    deliveryProblem(chosen("2027-02-30"), NOW, LONDON)?.message,
    "That day isn't on the calendar. Please choose another.",
  );
  assertEquals(deliveryProblem(chosen("2026-11-27"), NOW, LONDON), {
    part: "date",
    title: "Choose Another Day",
    message:
      "We need at least 24 hours to make your song, so please choose Friday 27 November, 14:57 in London or later.",
  });
  assertEquals(
    deliveryProblem(chosen("2027-12-01"), NOW, LONDON)?.message,
    "Please choose a delivery day within the next year.",
  );
  assertEquals(deliveryProblem(chosen("2027-03-14"), NOW, LONDON), null);
});

Deno.test("the choice is said back in the family's words", () => {
  assertEquals(
    deliverySummary(AS_SOON_AS_READY, NOW, LONDON),
    "We'll send your song as soon as it's ready, within 24 hours.",
  );
  assertEquals(
    deliverySummary(chosen("2026-12-12"), NOW, LONDON),
    "Your song will arrive on Saturday 12 December, 8:00 in London.",
  );
  assertEquals(
    deliverySummary(chosen("2027-03-14", "07:30"), NOW, "America/New_York"),
    "Your song will arrive on Sunday 14 March 2027, 7:30 in New York.",
  );
  const hint = "Choose a day at least 24 hours from now and within the next year, on London time.";
  assertEquals(deliverySummary(chosen(""), NOW, LONDON), hint, "the zone is named before a day is chosen");
  assertEquals(
    deliverySummary(chosen("2026-11-27"), NOW, LONDON),
    hint,
    "too soon: not said as if it will happen",
  );
  assertEquals(
    deliverySummary(chosen(""), NOW, "UTC"),
    "Choose a day at least 24 hours from now and within the next year, on UTC.",
  );
});

Deno.test("a gift's moment is said as the recipient's, on their clock, and on the giver's too", () => {
  const gift = { recipient: "Grandma Jo", localTimeZone: LONDON };
  assertEquals(
    deliverySummary(AS_SOON_AS_READY, NOW, LONDON, gift),
    "We'll send the song to Grandma Jo as soon as it's ready, within 24 hours.",
  );
  assertEquals(
    deliverySummary(chosen("2026-12-12"), NOW, "Australia/Sydney", gift),
    "The song will reach Grandma Jo on Saturday 12 December, 8:00 in Sydney. " +
      "That's Friday 11 December, 21:00 in London for you.",
  );
  assertEquals(
    deliverySummary(chosen("2026-12-12"), NOW, LONDON, gift),
    "The song will reach Grandma Jo on Saturday 12 December, 8:00 in London.",
    "one zone: said once",
  );
  assertEquals(zoneWords("America/Argentina/Buenos_Aires"), "Buenos Aires time");
  assertEquals(zoneLabel("America/New_York"), "America/New York");
});

Deno.test("a stored request opens in its own zone; storage keeps only what the boxes could hold", () => {
  assertEquals(choiceOf(null), AS_SOON_AS_READY);
  assertEquals(choiceOf({ at: "2027-06-14T07:00:00.000Z", timeZone: LONDON }), chosen("2027-06-14"));
  assertEquals(
    choiceOf({ at: "2027-06-14T07:00:00.000Z", timeZone: "Asia/Tokyo" }),
    chosen("2027-06-14", "16:00"),
  );
  assertEquals(
    restoreChoice({ when: "chosen", date: "2027-06-14", time: "09:15" }),
    chosen("2027-06-14", "09:15"),
  );
  assertEquals(restoreChoice({ when: "later", date: "<b>", time: null }), AS_SOON_AS_READY);
});

Deno.test("the server's refusals of a day are recognised, whatever its clock said; other messages are not", () => {
  const day = { at: "2026-11-27T08:00:00.000Z", timeZone: LONDON };
  assert(isDeliveryRefusal(requestRefusal(day, NOW)!));
  assert(isDeliveryRefusal(requestRefusal({ ...day, at: "2028-01-01T08:00:00.000Z" }, NOW)!));
  assertEquals(isDeliveryRefusal("Please enter a valid email address."), false);
  assertEquals(isDeliveryRefusal(undefined), false);
});

Deno.test("the browser names its zone", () => {
  assert(browserTimeZone().length > 0);
});
