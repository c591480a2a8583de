import { assertEquals } from "@std/assert";
import { refusesTracking, requestRefusesTracking } from "../../../../domain/analytics/consent.ts";

Deno.test("Do Not Track or Global Privacy Control, as a browser reports them, refuse tracking", () => {
  assertEquals(refusesTracking({ doNotTrack: "1" }), true);
  assertEquals(refusesTracking({ globalPrivacyControl: true }), true);
  assertEquals(refusesTracking({ doNotTrack: "1", globalPrivacyControl: true }), true);
  // Chromium reports "unspecified" and Firefox "0" when the setting is off; GPC is false or absent.
  for (const doNotTrack of [null, undefined, "0", "unspecified"]) {
    assertEquals(refusesTracking({ doNotTrack, globalPrivacyControl: false }), false, String(doNotTrack));
  }
  assertEquals(refusesTracking({}), false);
});

Deno.test("DNT: 1 or Sec-GPC: 1 on a request refuses tracking; other values do not", () => {
  assertEquals(requestRefusesTracking(new Headers({ DNT: "1" })), true);
  assertEquals(requestRefusesTracking(new Headers({ "Sec-GPC": "1" })), true);
  assertEquals(requestRefusesTracking(new Headers({ "sec-gpc": " 1 " })), true, "header values are trimmed");
  assertEquals(requestRefusesTracking(new Headers({ DNT: "0", "Sec-GPC": "0" })), false);
  assertEquals(requestRefusesTracking(new Headers()), false);
});
