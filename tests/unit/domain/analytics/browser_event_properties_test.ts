import { assertEquals } from "@std/assert";
import { ANALYTICS_EVENTS } from "../../../../domain/analytics/events.ts";
import {
  BROWSER_EVENT_PROPERTIES,
  documentedProperties,
  isBrowserReportedEvent,
} from "../../../../domain/analytics/browser_event_properties.ts";
import { SERVER_ONLY_EVENTS } from "../../../../domain/analytics/browser_events.ts";

const ORDER = "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e";

Deno.test("every event a page may send is documented, and no event only the server may send is", () => {
  assertEquals(
    Object.keys(BROWSER_EVENT_PROPERTIES).sort(),
    ANALYTICS_EVENTS.filter((event) => !SERVER_ONLY_EVENTS.includes(event)).sort(),
  );
  for (const event of SERVER_ONLY_EVENTS) assertEquals(isBrowserReportedEvent(event), false, event);
});

Deno.test("an event keeps its documented properties and the page's own, and nothing else", () => {
  assertEquals(
    documentedProperties("Song Played", {
      orderId: ORDER,
      trigger: "button",
      version: 2,
      deviceClass: "mobile",
      path: "/unboxing/" + ORDER,
      note: "hello",
      $set: "x",
      distinct_id: "someone",
      revenue: 1000,
    }),
    { orderId: ORDER, trigger: "button", version: 2, deviceClass: "mobile", path: "/unboxing/" + ORDER },
  );
});

Deno.test("a documented property of the wrong type or outside its values is left out", () => {
  assertEquals(
    documentedProperties("FAQ Viewed", { question: "Who sings the song?" }),
    { question: "Who sings the song?" },
  );
  for (
    const [event, properties] of [
      ["FAQ Viewed", { question: "write to ann@example.com" }],
      ["Song Played", { orderId: "ann@example.com" }],
      ["Song Played", { trigger: "call 415 555 0134" }],
      ["Auth Verify", { status: "500" }],
      ["Form Field Completed", { field: "mia at example dot com" }],
      ["Form Field Completed", { completeness: 101 }],
      ["Order Started", { path: "/u/" + ORDER + "?t=abc" }],
      ["Order Started", { path: "/order with spaces" }],
      ["API Error", { endpoint: "GET /anything" }],
    ] as const
  ) assertEquals(documentedProperties(event, properties), {}, `${event} ${JSON.stringify(properties)}`);
});
