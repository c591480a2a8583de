import { assertEquals } from "@std/assert";
import {
  createTracker,
  refusingRequestTracker,
  type Track,
  trackOrderEvent,
} from "../../../providers/analytics.ts";
import { RecordingAnalytics } from "../../helpers.ts";

const PAYMENT = { kind: "checkout", sessionId: "cs_1", provider: "local", amountPaid: 2499 } as const;

Deno.test("server track scrubs before the sink sees anything", () => {
  const sink = new RecordingAnalytics();
  const track = createTracker(sink);
  track("Payment Success", { revenue: 24.99, parentEmail: "ann@example.com", note: "call 415-555-0134" });
  assertEquals(sink.events, [{ event: "Payment Success", properties: { revenue: 24.99 } }]);
});

Deno.test("a failing sink never breaks the caller", () => {
  const track = createTracker({
    send() {
      throw new Error("analytics service down");
    },
  });
  const warn = console.warn;
  const warnings: unknown[] = [];
  console.warn = (...args: unknown[]) => warnings.push(args);
  try {
    track("Order Started");
  } finally {
    console.warn = warn;
  }
  assertEquals(warnings.length, 1);
});

Deno.test("who an event is about reaches the sink beside its scrubbed properties", () => {
  const seen: unknown[] = [];
  const track = createTracker({
    send: (event, properties, context) => seen.push({ event, properties, context }),
  });
  track("FAQ Viewed", { question: "Who sings?", email: "ann@example.com" }, {
    distinctId: "browser:x",
    timestamp: 5,
  });
  assertEquals(seen, [{
    event: "FAQ Viewed",
    properties: { question: "Who sings?" },
    context: { distinctId: "browser:x", timestamp: 5 },
  }]);
});

Deno.test("an order's events go under its id, and not at all for a family that refused tracking or a test order", () => {
  const seen: unknown[] = [];
  const track: Track = (event, properties, context) => seen.push({ event, properties, context });
  const payment = PAYMENT;
  trackOrderEvent(track, { id: "o-1", payment }, "Payment Success", { revenue: 24.99 });
  trackOrderEvent(track, { id: "o-2", payment, analyticsRefused: true }, "Payment Success", {
    revenue: 24.99,
  });
  trackOrderEvent(track, { id: "o-3", payment: { kind: "demo" } }, "Order Completed", { revenue: 0 });
  assertEquals(seen, [{
    event: "Payment Success",
    properties: { revenue: 24.99 },
    context: { distinctId: "order:o-1", aboutOrder: true },
  }]);
});

Deno.test("a request that refused tracking records nothing about its sender; order events follow the order", () => {
  const seen: string[] = [];
  const track = refusingRequestTracker((event) => seen.push(event));
  track("User Login", { method: "magic_link" });
  track("FAQ Viewed", {}, { distinctId: "browser:x" });
  // Staff's browser sending GPC does not decide for the family whose song went out.
  trackOrderEvent(track, { id: "o-1", payment: PAYMENT }, "Order Completed", { revenue: 24.99 });
  trackOrderEvent(track, { id: "o-2", payment: PAYMENT, analyticsRefused: true }, "Order Completed", {});
  assertEquals(seen, ["Order Completed"]);
});
