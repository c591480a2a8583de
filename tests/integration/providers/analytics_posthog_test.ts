import { assert, assertEquals, assertMatch } from "@std/assert";
import { startPostHogFake } from "../../../fakes/posthog.ts";
import { createTracker } from "../../../providers/analytics.ts";
import type { PostHogOptions } from "posthog-node";
import { createPostHogSink } from "../../../providers/analytics_posthog.ts";
import { createAnalytics } from "../../../providers/analytics_select.ts";
import { testConfig } from "../../helpers.ts";
import { nextPush } from "../next_push.ts";

const KEY = "phc_test_key";

/** The real client against the fake, fast: short waits, warnings kept for the test to read. */
function sinkAt(origin: string, client: Partial<PostHogOptions> = {}, apiKey = KEY) {
  const warnings: string[] = [];
  const sink = createPostHogSink({
    apiKey,
    host: origin,
    client: { flushInterval: 20, fetchRetryDelay: 5, ...client },
    warn: (message) => warnings.push(message),
  });
  return { sink, warnings, track: createTracker(sink) };
}

Deno.test("events reach PostHog's batch endpoint with the key, anonymous, in batches of the set size", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin, { flushAt: 3, maxBatchSize: 3 });
  for (let n = 0; n < 7; n++) track("FAQ Viewed", { n }, { distinctId: "browser:b-1", timestamp: 1_000 + n });
  track("Payment Success", { revenue: 24.99, currency: "USD" }, { distinctId: "order:o-1" });
  track("User Login", { method: "magic_link" });
  await sink.close();

  assertEquals(posthog.batches.map((batch) => batch.length), [3, 3, 3]);
  for (const request of posthog.requests) {
    assertEquals([request.method, request.path, request.answer], ["POST", "/batch/", 200]);
    assertEquals(JSON.parse(request.text).api_key, KEY);
  }
  const events = posthog.events();
  assertEquals(events.map((event) => event.properties.n ?? event.event), [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    "Payment Success",
    "User Login",
  ]);
  for (const event of events) {
    assertEquals(event.properties.$process_person_profile, false, "no person profile");
    assertEquals(event.properties.$geoip_disable, true, "our server's address locates nobody");
    assertMatch(event.uuid!, /^[0-9a-f-]{36}$/);
  }
  assertEquals(events[0].properties.distinct_id, "browser:b-1");
  assertEquals(events[0].timestamp, new Date(1_000).toISOString());
  assertEquals(events[7].properties.distinct_id, "order:o-1");
  assertEquals(events[7].properties.revenue, 24.99);
  // An event about no one in particular is linked to nothing.
  assertMatch(String(events[8].properties.distinct_id), /^server:[0-9a-f-]{36}$/);
});

Deno.test("a partial batch goes on its interval, without anyone flushing", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin, { flushInterval: 30 });
  const taken = nextPush(posthog.batches);
  track("Song Played", { trigger: "button" });
  assertEquals((await taken).length, 1, "the interval's batch");
  await sink.close();
  assertEquals(posthog.requests.length, 1);
});

Deno.test("an email or a phone number in a property never reaches PostHog", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin);
  track("Order Form Submitted", {
    parentEmail: "ann@example.com",
    note: "call me on 415-555-0134",
    contact: "ann@example.com",
    completeness: 77,
  });
  await sink.close();
  const sent = posthog.requests.map((request) => request.text).join("\n");
  for (const secret of ["ann@example.com", "415-555-0134", "parentEmail"]) {
    assert(!sent.includes(secret), `${secret} left the server`);
  }
  assertEquals(posthog.events()[0].properties.completeness, 77);
});

Deno.test("a batch answered 503 is tried again with backoff and arrives once", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track, warnings } = sinkAt(posthog.origin);
  posthog.failNext({ status: 503 }, 2);
  track("Song Played", { n: 1 });
  track("Song Played", { n: 2 });
  await sink.flush();
  assertEquals(posthog.requests.map((request) => request.answer), [503, 503, 200]);
  assertEquals(posthog.events().map((event) => event.properties.n), [1, 2]);
  // Every try carried the same events, so PostHog can tell a retry from a new event.
  const uuids = posthog.requests.map((request) =>
    JSON.parse(request.text).batch.map((e: { uuid: string }) => e.uuid)
  );
  assertEquals(uuids[0], uuids[2]);
  assertEquals(warnings, []);
  await sink.close();
});

Deno.test("a 429 and a dropped connection are tried again too", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin);
  posthog.failNext({ status: 429, retryAfterSeconds: 1 });
  posthog.failNext("reset");
  track("Song Paused", { at: 12 });
  await sink.flush();
  assertEquals(posthog.requests.map((request) => request.answer), [429, "reset", 200]);
  assertEquals(posthog.events().length, 1);
  await sink.close();
});

Deno.test("a batch PostHog refuses (400) is dropped with a warning, not retried forever", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track, warnings } = sinkAt(posthog.origin);
  posthog.failNext({ status: 400 });
  track("FAQ Viewed", { n: 1 });
  await sink.flush();
  assertEquals(posthog.requests.length, 1);
  assertEquals(posthog.events(), []);
  assertEquals(warnings.length, 1);
  assertMatch(warnings[0], /did not take a batch of analytics events: HTTP 400/);
  // The next events go as usual.
  track("FAQ Viewed", { n: 2 });
  await sink.close();
  assertEquals(posthog.events().map((event) => event.properties.n), [2]);
});

Deno.test("a wrong key is refused (401) and dropped, as any 4xx", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track, warnings } = sinkAt(posthog.origin, {}, "phc_wrong");
  track("FAQ Viewed");
  await sink.close();
  assertEquals(posthog.requests.map((request) => request.answer), [401]);
  assertEquals(warnings.length, 1);
});

Deno.test("a batch that keeps failing is given up after the last try", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track, warnings } = sinkAt(posthog.origin, { fetchRetryCount: 2 });
  posthog.failNext({ status: 502 }, 10);
  track("FAQ Viewed");
  await sink.flush();
  assertEquals(posthog.requests.length, 3);
  assertEquals(warnings.length, 1);
  assertMatch(warnings[0], /did not take a batch of analytics events: HTTP 502/);
  await sink.close();
});

Deno.test("past the queue's cap the oldest events go", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin, { maxQueueSize: 5, flushAt: 5, flushInterval: 60_000 });
  for (let n = 0; n < 8; n++) track("Form Field Focused", { n });
  await sink.flush();
  assertEquals(posthog.events().map((event) => event.properties.n), [3, 4, 5, 6, 7]);
  await sink.close();
});

Deno.test("close sends what is queued, then takes nothing more", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin, { flushInterval: 60_000 });
  track("FAQ Viewed", { n: 1 });
  track("FAQ Viewed", { n: 2 });
  assertEquals(posthog.requests.length, 0, "waiting for its interval");
  await sink.close();
  assertEquals(posthog.events().map((event) => event.properties.n), [1, 2]);
  track("FAQ Viewed", { n: 3 });
  await sink.close();
  assertEquals(posthog.requests.length, 1);
});

Deno.test("close keeps to its time limit when PostHog does not answer, and leaves nothing running", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  // A request's own limit an hour away: only close's limit can end this close.
  const { sink, track } = sinkAt(posthog.origin, { flushAt: 1, requestTimeout: 3_600_000 });
  posthog.failNext("timeout", 10);
  track("FAQ Viewed", { n: 1 });
  track("FAQ Viewed", { n: 2 });
  await sink.close(300);
  assertEquals(posthog.events(), []);
  assert(posthog.requests.length >= 1);
  // The test's sanitizers: no request, retry wait or timer of the client outlives close.
});

Deno.test("send never waits on PostHog, and never throws for it", async () => {
  await using posthog = startPostHogFake({ apiKey: KEY });
  const { sink, track } = sinkAt(posthog.origin, { flushAt: 1 });
  posthog.failNext("timeout", 5);
  // Each send returns at once (no promise to wait on), and none reached PostHog while they ran.
  for (let n = 0; n < 200; n++) assertEquals(track("Song Played", { n }), undefined);
  assertEquals(posthog.requests.length, 0, "send only queues");
  await sink.close(200);
});

Deno.test("without POSTHOG_KEY nothing is sent, wherever POSTHOG_HOST points", async () => {
  await using posthog = startPostHogFake();
  const sink = createAnalytics(testConfig({ POSTHOG_HOST: posthog.origin }));
  const track = createTracker(sink);
  track("FAQ Viewed", { question: "Who sings?" });
  track("Payment Success", { revenue: 24.99 });
  await sink.close?.();
  // A request of the test's own, sent after: by its answer, one sent before it would be recorded.
  await (await fetch(`${posthog.origin}/marker`)).body?.cancel();
  assertEquals(posthog.requests.map((request) => request.path), ["/marker"]);
});
