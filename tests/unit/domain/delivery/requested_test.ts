import { assert, assertEquals } from "@std/assert";
import {
  canonicalTimeZone,
  describeDeliveryTime,
  instantOf,
  placeOf,
  requestDecides,
  requestRefusal,
  scheduledSendAt,
  shortDeliveryTime,
  timeZoneChoices,
  toLocalInput,
} from "../../../../domain/delivery/requested.ts";

const at = (local: string, zone: string) => {
  const instant = instantOf(local, zone);
  return instant === null ? null : new Date(instant).toISOString();
};

Deno.test("a wall-clock time names its instant in the buyer's zone", () => {
  assertEquals(at("2026-03-14T08:00", "Europe/London"), "2026-03-14T08:00:00.000Z");
  assertEquals(at("2026-07-14T08:00", "Europe/London"), "2026-07-14T07:00:00.000Z", "summer time");
  assertEquals(at("2026-06-01T08:00", "Asia/Kolkata"), "2026-06-01T02:30:00.000Z", "a half-hour zone");
  assertEquals(at("2026-06-01T08:00", "America/Los_Angeles"), "2026-06-01T15:00:00.000Z");
  assertEquals(at("2026-01-10T08:00", "Australia/Sydney"), "2026-01-09T21:00:00.000Z", "southern summer");
  assertEquals(at("2026-12-31T23:59", "Pacific/Kiritimati"), "2026-12-31T09:59:00.000Z", "UTC+14");
});

Deno.test("a time the clocks skip is as far after the change as it was meant to be after the last hour", () => {
  // London springs forward 01:00 → 02:00 on 29 March 2026: 01:30 does not exist and is 02:30 BST.
  assertEquals(at("2026-03-29T01:30", "Europe/London"), "2026-03-29T01:30:00.000Z");
  assertEquals(toLocalInput(Date.parse("2026-03-29T01:30:00.000Z"), "Europe/London"), "2026-03-29T02:30");
  // New York springs forward 02:00 → 03:00 on 8 March 2026.
  assertEquals(at("2026-03-08T02:30", "America/New_York"), "2026-03-08T07:30:00.000Z");
  // Lord Howe moves by half an hour (02:00 → 02:30) on 4 October 2026.
  assertEquals(at("2026-10-04T02:15", "Australia/Lord_Howe"), "2026-10-03T15:45:00.000Z", "02:45");
});

Deno.test("a time the clocks show twice is the first of the two", () => {
  assertEquals(at("2026-10-25T01:30", "Europe/London"), "2026-10-25T00:30:00.000Z", "BST, not GMT");
  assertEquals(at("2026-11-01T01:30", "America/New_York"), "2026-11-01T05:30:00.000Z", "EDT, not EST");
  assertEquals(at("2026-10-25T02:00", "Europe/London"), "2026-10-25T02:00:00.000Z", "after the change");
});

Deno.test("what is not a wall-clock time or a zone is refused", () => {
  for (
    const local of [
      "2026-02-30T08:00",
      "2026-13-01T08:00",
      "2026-01-01T24:00",
      "2026-01-01 08:00",
      "soon",
      "",
    ]
  ) {
    assertEquals(instantOf(local, "Europe/London"), null, local);
  }
  assertEquals(canonicalTimeZone("Nowhere/Special"), null);
  assertEquals(canonicalTimeZone(""), null);
  assertEquals(canonicalTimeZone("x".repeat(65)), null);
  assertEquals(canonicalTimeZone("Europe/London"), "Europe/London");
  assertEquals(canonicalTimeZone("utc"), "UTC");
  // Intl takes a fixed offset too; it is no IANA zone (no summer time, no place to name): refused.
  for (const offset of ["+05:00", "-0800", "+01"]) assertEquals(canonicalTimeZone(offset), null, offset);
  assertEquals(canonicalTimeZone("US/Eastern"), "America/New_York", "an IANA alias, canonical");
});

Deno.test("the moment said back in the family's words", () => {
  const birthday = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };
  assertEquals(describeDeliveryTime(birthday), "Saturday 14 March, 8:00 in London");
  assertEquals(
    describeDeliveryTime(birthday, Date.parse("2026-01-15T00:00:00Z")),
    "Saturday 14 March, 8:00 in London",
  );
  assertEquals(
    describeDeliveryTime(birthday, Date.parse("2025-12-01T00:00:00Z")),
    "Saturday 14 March 2026, 8:00 in London",
    "another year says which",
  );
  assertEquals(
    describeDeliveryTime({ at: "2026-06-01T15:05:00.000Z", timeZone: "America/New_York" }),
    "Monday 1 June, 11:05 in New York",
  );
  assertEquals(shortDeliveryTime(birthday), "14 Mar 8:00");
  assertEquals(placeOf("America/Argentina/Buenos_Aires"), "Buenos Aires");
  assertEquals(placeOf("UTC"), "UTC");
});

Deno.test("the earliest moment is 24 hours away and the latest a year away", () => {
  const now = Date.parse("2026-01-15T09:00:00.000Z");
  const zone = "Europe/London";
  const request = (iso: string) => ({ at: iso, timeZone: zone });
  assertEquals(requestRefusal(request("2026-01-16T09:00:00.000Z"), now), null, "exactly 24 hours");
  assertEquals(
    requestRefusal(request("2026-01-16T08:59:00.000Z"), now),
    "We need at least 24 hours to make your song, so please choose Friday 16 January, 9:00 in London or later.",
  );
  assertEquals(requestRefusal(request("2027-01-15T09:00:00.000Z"), now), null, "a year away");
  assertEquals(
    requestRefusal(request("2027-01-16T09:00:00.000Z"), now),
    "Please choose a delivery day within the next year.",
  );
});

Deno.test("the send goes at the later of the review delay and the family's moment", () => {
  const approvedAt = Date.parse("2026-01-15T09:00:00.000Z");
  const twelveHours = 12 * 60 * 60 * 1000;
  const birthday = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };
  assertEquals(scheduledSendAt(approvedAt, twelveHours, null), approvedAt + twelveHours);
  assertEquals(scheduledSendAt(approvedAt, twelveHours, birthday), Date.parse(birthday.at));
  assertEquals(requestDecides(approvedAt, twelveHours, birthday), true);
  const tonight = { at: "2026-01-15T18:00:00.000Z", timeZone: "Europe/London" };
  assertEquals(
    scheduledSendAt(approvedAt, twelveHours, tonight),
    approvedAt + twelveHours,
    "approved too late",
  );
  assertEquals(requestDecides(approvedAt, twelveHours, tonight), false);
  assertEquals(requestDecides(approvedAt, twelveHours, null), false);
});

Deno.test("the earliest moment offered is a whole minute that is late enough", () => {
  const now = Date.parse("2026-01-15T14:56:50.000Z");
  const refusal = requestRefusal({ at: "2026-01-16T14:56:00.000Z", timeZone: "Europe/London" }, now);
  assertEquals(refusal?.includes("Friday 16 January, 14:57 in London or later"), true, refusal ?? "");
  assertEquals(requestRefusal({ at: "2026-01-16T14:57:00.000Z", timeZone: "Europe/London" }, now), null);
});

Deno.test("the zones offered are the runtime's IANA list, sorted, with UTC and the browser's own", () => {
  const zones = timeZoneChoices("Asia/Calcutta");
  for (const zone of ["UTC", "Europe/London", "Australia/Sydney", "Asia/Calcutta"]) {
    assert(zones.includes(zone), zone);
  }
  assertEquals(zones, [...zones].sort((a, b) => a.localeCompare(b, "en")));
  assertEquals(new Set(zones).size, zones.length);
  assert(
    zones.every((zone) => canonicalTimeZone(zone) !== null),
    "every zone offered is one the server takes",
  );
});

/** A seeded generator (mulberry32), so a failure names a case that comes back on the next run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test({
  name: "in every zone, near every clock change and on random days, the rule agrees with Temporal",
  ignore: typeof Temporal === "undefined",
  fn() {
    const zones = timeZoneChoices("UTC");
    assert(zones.length > 300, "the runtime lists its zones");
    const random = seeded(43);
    const wrong: string[] = [];
    const minuteOf = (time: Temporal.PlainDateTime) => time.toString({ smallestUnit: "minute" });
    /** A wall-clock time names the instant Temporal's "compatible" names. */
    const checkWallClock = (time: Temporal.PlainDateTime, zone: string) => {
      const expected = time.toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
      const instant = instantOf(minuteOf(time), zone);
      if (instant !== expected) {
        wrong.push(
          `${minuteOf(time)} in ${zone}: ${at(minuteOf(time), zone)}, Temporal ${
            new Date(expected).toISOString()
          }`,
        );
      }
    };
    /** An instant shows the wall-clock time Temporal shows. */
    const checkInstant = (zoned: Temporal.ZonedDateTime) => {
      const shown = toLocalInput(zoned.epochMilliseconds, zoned.timeZoneId);
      if (shown !== minuteOf(zoned.toPlainDateTime())) wrong.push(`${zoned}: shown as ${shown}`);
    };

    for (const zone of zones) {
      // Each clock change of this year and the next, with the times around it every quarter hour: the
      // wall-clock times the clocks skip or show twice, and the instants either side.
      const start = Temporal.ZonedDateTime.from({ timeZone: zone, year: 2026, month: 1, day: 1 });
      let change = start.getTimeZoneTransition("next");
      for (; change && change.year < 2028; change = change.getTimeZoneTransition("next")) {
        const before = change.subtract({ hours: 3 });
        for (let minutes = 0; minutes <= 360; minutes += 15) {
          checkWallClock(before.toPlainDateTime().add({ minutes }), zone);
          checkInstant(before.add({ minutes }));
        }
      }
      // Random minutes of random days, this year to well past the furthest a request may name.
      for (let n = 0; n < 40; n++) {
        const day = Temporal.PlainDate.from("2026-01-01").add({ days: Math.floor(random() * 1_000) });
        const time = day.toPlainDateTime({
          hour: Math.floor(random() * 24),
          minute: Math.floor(random() * 60),
        });
        checkWallClock(time, zone);
        checkInstant(time.toZonedDateTime(zone));
      }
    }
    assertEquals(wrong.slice(0, 20), [], `${wrong.length} disagreements`);
  },
});
