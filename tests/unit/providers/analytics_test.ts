import { assertEquals } from "@std/assert";
import { createTracker } from "../../../providers/analytics.ts";
import { RecordingAnalytics } from "../../helpers.ts";

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
