import { assert, assertEquals, assertMatch } from "@std/assert";
import { startPostHogFake } from "../../../fakes/posthog.ts";
import { EVENTS_LIMIT } from "../../../routes/middleware/client_limit.ts";
import {
  createTestApp,
  jsonBody,
  latestSignInLink,
  openSignInLink,
  requestSignInLink,
} from "../../helpers.ts";
import { appWithPostHog } from "./helpers.ts";

const VISITOR = "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e";

const faqViewed = (question = "Who sings the song?") => ({
  event: "FAQ Viewed",
  properties: { question, deviceClass: "desktop", path: "/" },
  ts: Date.parse("2026-01-15T11:59:58Z"),
});

Deno.test("a page's events reach PostHog under its random id, scrubbed again on the server", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog);
  const answer = await t.request(
    "/api/events",
    jsonBody({
      anonymousId: VISITOR,
      events: [
        faqViewed(),
        // A page that skipped its own scrubbing (or a hand-made request) is scrubbed here.
        { event: "Form Field Completed", properties: { field: "parentEmail", value2: "ann@example.com" } },
        { event: "Contact Clicked", properties: { target: "call 415-555-0134", $set: null } },
      ],
    }),
  );
  assertEquals(answer.status, 204);
  assertEquals(await answer.text(), "");
  await t.sink.flush();

  const events = posthog.events();
  assertEquals(events.map((event) => event.event), ["FAQ Viewed", "Form Field Completed", "Contact Clicked"]);
  for (const event of events) assertEquals(event.properties.distinct_id, `browser:${VISITOR}`);
  assertEquals(events[0].properties.question, "Who sings the song?");
  assertEquals(events[0].timestamp, "2026-01-15T11:59:58.000Z", "the page's own time, being plausible");
  assertEquals(events[1].properties.field, "parentEmail");
  assertEquals(events[1].properties.value2, undefined);
  assertEquals(Object.keys(events[2].properties).filter((name) => !name.startsWith("$")), ["distinct_id"]);
  assertEquals(events[2].properties.$set, undefined);
  const sent = posthog.requests.map((request) => request.text).join("\n");
  assert(!sent.includes("ann@example.com") && !sent.includes("415-555-0134"));
});

Deno.test("a page's event reaches PostHog with only the properties it documents, each of its type", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog);
  const orderId = "be23929f-deb5-4447-8054-464f5ea1e015";
  const answer = await t.request(
    "/api/events",
    jsonBody({
      anonymousId: VISITOR,
      events: [{
        event: "Song Played",
        properties: {
          orderId,
          trigger: "button",
          deviceClass: "mobile",
          path: `/unboxing/${orderId}`,
          // Free text a hand-made request might carry, each past the old scrubbing.
          note: "write to mia＠example.com",
          contact: "mia%40example.com",
          spelled: "mia at example dot com",
          link: `/u/${orderId}?t=Fq3vX9kLm2Pz8RtY7wBn4Jc6Hd1Sg5Ae0UiOoKlMnBv`,
          comment: "our first dance",
          version: "two",
        },
      }],
    }),
  );
  assertEquals(answer.status, 204);
  await t.sink.flush();
  const [played] = posthog.events();
  const sentByPage = Object.keys(played.properties).filter((name) =>
    !name.startsWith("$") && name !== "distinct_id"
  );
  assertEquals(sentByPage.sort(), ["deviceClass", "orderId", "path", "trigger"]);
  const sent = posthog.requests.map((request) => request.text).join("\n");
  for (const text of ["mia", "our first dance", "Fq3vX9kLm2"]) assert(!sent.includes(text), text);
});

Deno.test("without an id, a request's events still count, as one visit", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog);
  await t.request("/api/events", jsonBody({ events: [faqViewed("a"), faqViewed("b")] }));
  await t.request("/api/events", jsonBody({ events: [faqViewed("c")] }));
  await t.sink.flush();
  const ids = posthog.events().map((event) => String(event.properties.distinct_id));
  for (const id of ids) assertMatch(id, /^browser:[0-9a-f-]{36}$/);
  assertEquals(ids[0], ids[1]);
  assert(ids[1] !== ids[2]);
});

for (const [name, header] of [["DNT", { DNT: "1" }], ["Sec-GPC", { "Sec-GPC": "1" }]] as const) {
  Deno.test(`events posted with ${name}: 1 are answered 204 and nothing is sent`, async () => {
    await using posthog = startPostHogFake();
    await using t = await appWithPostHog(posthog);
    const answer = await t.request(
      "/api/events",
      jsonBody({ anonymousId: VISITOR, events: [faqViewed()] }, { headers: header }),
    );
    assertEquals(answer.status, 204);
    // Nor are the server's own events of a request that carries it: a first sign-in (User Signup, User Login).
    await requestSignInLink(t, "ann@example.com", { headers: header });
    const signedIn = await openSignInLink(t, await latestSignInLink(t, "ann@example.com"), {
      headers: header,
    });
    assertEquals(signedIn.status, 200);
    await signedIn.body?.cancel();
    await t.sink.flush();
    assertEquals(posthog.requests, []);

    // The same sign-in without it is counted: the silence above was the header's doing.
    await requestSignInLink(t, "bea@example.com");
    await (await openSignInLink(t, await latestSignInLink(t, "bea@example.com"))).body?.cancel();
    await t.sink.flush();
    assertEquals(posthog.events().map((event) => event.event), ["User Signup", "User Login"]);
  });
}

Deno.test("bad bodies get 400 with a message, never a 5xx", async () => {
  await using t = await createTestApp();
  const cases: [string, unknown][] = [
    ["no events", {}],
    ["an empty batch", { events: [] }],
    ["an unknown event", { events: [{ event: "Everything Bought", properties: {} }] }],
    ["a nested property", { events: [{ event: "FAQ Viewed", properties: { a: { b: 1 } } }] }],
    ["a long value", { events: [{ event: "FAQ Viewed", properties: { a: "x".repeat(501) } }] }],
    ["too many events", { events: Array.from({ length: 11 }, () => faqViewed()) }],
    [
      "too many properties",
      {
        events: [{
          event: "FAQ Viewed",
          properties: Object.fromEntries([...Array(21).keys()].map((n) => [`p${n}`, n])),
        }],
      },
    ],
    ["an id that is not random", { anonymousId: "ann@example.com", events: [faqViewed()] }],
    ["a time that is not a number", { events: [{ ...faqViewed(), ts: "yesterday" }] }],
  ];
  for (const [what, body] of cases) {
    const answer = await t.request("/api/events", jsonBody(body));
    assertEquals(answer.status, 400, what);
    const { message } = await answer.json();
    assert(typeof message === "string" && message.length > 0, what);
  }
  const broken = await t.request("/api/events", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  assertEquals(broken.status, 400);
  assertEquals(typeof (await broken.json()).message, "string");
  assertEquals(t.analytics.events, []);
});

Deno.test("a body past the small limit is refused before it is parsed", async () => {
  await using t = await createTestApp();
  const answer = await t.request(
    "/api/events",
    jsonBody({ events: [{ event: "FAQ Viewed", properties: { pad: "x".repeat(9000) } }] }),
  );
  assertEquals(answer.status, 413);
  assertEquals(typeof (await answer.json()).message, "string");
});

Deno.test("each client has an allowance of batches: past it, 429 with a message and Retry-After", async () => {
  await using t = await createTestApp();
  for (let i = 0; i < EVENTS_LIMIT.limit; i++) {
    const answer = await t.request("/api/events", jsonBody({ events: [faqViewed()] }));
    assertEquals(answer.status, 204);
  }
  const refused = await t.request("/api/events", jsonBody({ events: [faqViewed()] }));
  assertEquals(refused.status, 429);
  assertEquals((await refused.json()).message, EVENTS_LIMIT.message);
  assert(Number(refused.headers.get("retry-after")) > 0);
  assertEquals(t.analytics.events.length, EVENTS_LIMIT.limit);
  // Another client is not held back.
  const elsewhere = await t.app.request("/api/events", jsonBody({ events: [faqViewed()] }), {
    remoteAddr: { transport: "tcp", hostname: "203.0.113.9", port: 50000 },
  });
  assertEquals(elsewhere.status, 204);
});

Deno.test("server-only events from a page are dropped: revenue and sign-ins are the server's word", async () => {
  await using t = await createTestApp();
  const answer = await t.request(
    "/api/events",
    jsonBody({
      events: [
        { event: "Payment Success", properties: { revenue: 1 } },
        { event: "Order Completed", properties: {} },
        { event: "User Login", properties: {} },
        { event: "Payment Initiated", properties: { value: 1, currency: "USD" } },
        { event: "Song Played", properties: { orderId: "be23929f-deb5-4447-8054-464f5ea1e015" } },
      ],
    }),
  );
  assertEquals(answer.status, 204);
  assertEquals(t.analytics.events.map((event) => event.event), ["Song Played"]);
});

Deno.test("pages are told to send events only when PostHog is configured; CSP keeps connect-src 'self'", async () => {
  await using posthog = startPostHogFake();
  await using on = await appWithPostHog(posthog);
  await using off = await createTestApp();
  const landing = await on.request("/");
  assertMatch(await landing.text(), /<html[^>]* data-analytics="send"/);
  assertMatch(landing.headers.get("content-security-policy") ?? "", /connect-src 'self';/);
  assert(!(await (await off.request("/")).text()).includes("data-analytics"));
});
