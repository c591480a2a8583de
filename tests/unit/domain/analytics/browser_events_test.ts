import { assert, assertEquals } from "@std/assert";
import { ANALYTICS_EVENTS } from "../../../../domain/analytics/events.ts";
import {
  acceptedFromBrowser,
  ANONYMOUS_ID,
  type BrowserEvent,
  eventTime,
  pageAnalyticsModes,
  SERVER_ONLY_EVENTS,
  splitBatch,
} from "../../../../domain/analytics/browser_events.ts";
import { testConfig } from "../../../helpers.ts";

const event = (n: number, text = ""): BrowserEvent => ({
  event: "FAQ Viewed",
  properties: { n, text },
  ts: 1_700_000_000_000 + n,
});

Deno.test("money and sign-ins are the server's to report: a page may not send them", () => {
  for (const name of ["Payment Success", "Order Completed", "Payment Initiated", "User Login"] as const) {
    assertEquals(acceptedFromBrowser(name), false, name);
  }
  for (const name of ["FAQ Viewed", "Song Played", "Order Started", "Form Field Completed"] as const) {
    assertEquals(acceptedFromBrowser(name), true, name);
  }
  assert(SERVER_ONLY_EVENTS.every((name) => ANALYTICS_EVENTS.includes(name)));
});

Deno.test("a page's event keeps its own time when plausible, else takes the server's", () => {
  const now = Date.parse("2026-01-15T12:00:00Z");
  assertEquals(eventTime(now - 3_000, now), now - 3_000);
  assertEquals(eventTime(undefined, now), now);
  assertEquals(eventTime(now - 2 * 60 * 60 * 1000, now), now, "hours old: a wrong clock or a replay");
  assertEquals(eventTime(now + 60 * 60 * 1000, now), now, "from the future");
});

Deno.test("batches stop at the event count or the byte limit, whichever comes first", () => {
  const queue = Array.from({ length: 25 }, (_, n) => event(n));
  const first = splitBatch(queue, undefined, { maxEvents: 10, maxBytes: 8192 });
  assertEquals(first.batch.map((e) => e.properties.n), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assertEquals(first.rest.length, 15);

  const big = Array.from({ length: 5 }, (_, n) => event(n, "x".repeat(300)));
  const { batch, rest } = splitBatch(big, "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e", {
    maxEvents: 10,
    maxBytes: 1000,
  });
  const body = JSON.stringify({ anonymousId: "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e", events: batch });
  assert(new TextEncoder().encode(body).byteLength <= 1000, `${body.length} bytes`);
  assertEquals(batch.length, 2);
  assertEquals(rest.length, 3);
  // The body with one more event would not have fitted.
  const withOneMore = JSON.stringify({
    anonymousId: "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e",
    events: big.slice(0, 3),
  });
  assert(new TextEncoder().encode(withOneMore).byteLength > 1000);
});

Deno.test("an event too large for any request is dropped instead of blocking the queue", () => {
  const queue = [event(0, "x".repeat(2000)), event(1)];
  const first = splitBatch(queue, undefined, { maxEvents: 10, maxBytes: 1000 });
  assertEquals(first, { batch: [], rest: [event(1)] });
  assertEquals(splitBatch(first.rest, undefined, { maxEvents: 10, maxBytes: 1000 }).batch, [event(1)]);
  assertEquals(splitBatch([], undefined), { batch: [], rest: [] });
});

Deno.test("a page's id is a random UUID and nothing else", () => {
  assert(ANONYMOUS_ID.test(crypto.randomUUID()));
  for (const bad of ["ann@example.com", "", "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e\nx", "not-a-uuid"]) {
    assert(!ANONYMOUS_ID.test(bad), bad);
  }
});

Deno.test("pages log in development and send only when PostHog is configured", () => {
  assertEquals(pageAnalyticsModes(testConfig()), []);
  assertEquals(pageAnalyticsModes(testConfig({ APP_ENV: "development" })), ["console"]);
  assertEquals(pageAnalyticsModes(testConfig({ POSTHOG_KEY: "phc_test" })), ["send"]);
  assertEquals(pageAnalyticsModes(testConfig({ APP_ENV: "development", POSTHOG_KEY: "phc_test" })), [
    "console",
    "send",
  ]);
});
