import { assertEquals } from "@std/assert";
import {
  DELIVERY_TIME_INVALID,
  deliveryTimeChangeSchema,
  orderFormSchema,
  TIME_ZONE_INVALID,
} from "../../../../domain/order/orders.ts";

const form = (fields: Record<string, unknown>) =>
  orderFormSchema.safeParse({
    childName: "Mia",
    parentName: "Sam",
    parentEmail: "sam@example.com",
    ...fields,
  });

Deno.test("a chosen moment is stored as its instant and the buyer's zone", () => {
  const parsed = form({ deliveryAt: "2026-07-14T08:00", deliveryTimeZone: "Europe/London" });
  assertEquals(parsed.success && parsed.data.requestedDelivery, {
    at: "2026-07-14T07:00:00.000Z",
    timeZone: "Europe/London",
  });
  assertEquals(parsed.success && "deliveryAt" in parsed.data, false, "the box's raw value is not kept");
});

Deno.test("no chosen moment is 'as soon as it's ready', whatever the zone says", () => {
  for (const fields of [{}, { deliveryAt: "" }, { deliveryAt: "  ", deliveryTimeZone: "Nowhere/Special" }]) {
    const parsed = form(fields);
    assertEquals(parsed.success && parsed.data.requestedDelivery, null, JSON.stringify(fields));
  }
});

Deno.test("a moment that is not one, or a zone that is not one, gets words a parent can act on", () => {
  const badTime = form({ deliveryAt: "2026-02-30T08:00", deliveryTimeZone: "Europe/London" });
  assertEquals(badTime.success ? null : badTime.error.issues[0].message, DELIVERY_TIME_INVALID);
  const badZone = form({ deliveryAt: "2026-03-14T08:00", deliveryTimeZone: "Nowhere/Special" });
  assertEquals(badZone.success ? null : badZone.error.issues[0].message, TIME_ZONE_INVALID);
  const tooLong = form({ deliveryAt: "2026-03-14T08:00:00.000Z", deliveryTimeZone: "Europe/London" });
  assertEquals(tooLong.success, false);
});

Deno.test("My Songs' change: a moment, or empty for as soon as it's ready", () => {
  assertEquals(
    deliveryTimeChangeSchema.parse({ deliveryAt: "2026-03-14T08:00", deliveryTimeZone: "America/New_York" }),
    { at: "2026-03-14T12:00:00.000Z", timeZone: "America/New_York" },
  );
  assertEquals(deliveryTimeChangeSchema.parse({ deliveryAt: "", deliveryTimeZone: "" }), null);
  assertEquals(deliveryTimeChangeSchema.safeParse({ deliveryAt: "tomorrow" }).success, false);
});
