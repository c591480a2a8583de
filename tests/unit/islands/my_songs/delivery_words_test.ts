import { assertEquals } from "@std/assert";
import {
  arrivalLine,
  arrivalMoment,
  deliverySavedWords,
} from "../../../../islands/my_songs/delivery_words.ts";

const NOW = Date.parse("2026-11-26T15:00:00Z");
const MARCH_14 = { at: "2027-03-14T08:00:00.000Z", timeZone: "Europe/London" };
const item = (overrides = {}) => ({
  childName: "Rosa",
  songUrl: null,
  delivery: null,
  deliveryScheduledFor: null,
  requestedDelivery: MARCH_14,
  ...overrides,
});

Deno.test("a chosen day arrives on it, said on the clock it was chosen on, with the year when not this one", () => {
  assertEquals(arrivalLine(item(), NOW), "Arrives Sunday 14 March 2027, 8:00 in London");
  assertEquals(
    arrivalLine(item({ requestedDelivery: { ...MARCH_14, timeZone: "America/New_York" } }), NOW),
    "Arrives Sunday 14 March 2027, 4:00 in New York",
  );
  assertEquals(
    arrivalLine(item(), Date.parse("2027-01-02T00:00:00Z")),
    "Arrives Sunday 14 March, 8:00 in London",
  );
});

Deno.test("approved, the scheduled send is the moment; arrived or as soon as ready, there is none to say", () => {
  const late = "2027-03-14T21:00:00.000Z";
  assertEquals(arrivalMoment(item({ delivery: "scheduled", deliveryScheduledFor: late }))?.at, late);
  assertEquals(arrivalMoment(item({ delivery: "in-review", deliveryScheduledFor: late }))?.at, MARCH_14.at);
  assertEquals(arrivalMoment(item({ delivery: "delivered" })), null);
  assertEquals(arrivalMoment(item({ songUrl: "/media/x.mp3" })), null);
  assertEquals(arrivalLine(item({ requestedDelivery: null }), NOW), null);
});

Deno.test("after a change the toast says the new moment back", () => {
  assertEquals(
    deliverySavedWords(item(), NOW),
    "Rosa's song will arrive on Sunday 14 March 2027, 8:00 in London.",
  );
  assertEquals(
    deliverySavedWords(item({ requestedDelivery: null }), NOW),
    "We'll send Rosa's song as soon as it's ready.",
  );
});
