import { assertEquals } from "@std/assert";
import {
  completesOrder,
  orderAnalyticsId,
  orderIsTracked,
  orderRevenue,
} from "../../../../domain/analytics/orders.ts";
import type { PaymentRecord } from "../../../../domain/order/orders.ts";

const paid: PaymentRecord = { kind: "checkout", sessionId: "cs_1", provider: "local", amountPaid: 3499 };

Deno.test("an order's revenue is its stored price in US dollars", () => {
  assertEquals(orderRevenue({ totalPrice: 3499, discountAmount: 0, addStreamingServices: true }), {
    revenue: 34.99,
    currency: "USD",
    discount: 0,
    streaming: true,
  });
  assertEquals(orderRevenue({ totalPrice: 1874, discountAmount: 625, addStreamingServices: false }), {
    revenue: 18.74,
    currency: "USD",
    discount: 6.25,
    streaming: false,
  });
});

Deno.test("an order's events go under its own random id", () => {
  assertEquals(orderAnalyticsId({ id: "5f0c…" }), "order:5f0c…");
});

Deno.test("only paid orders whose family did not refuse tracking are reported", () => {
  assertEquals(orderIsTracked({ payment: paid }), true);
  assertEquals(orderIsTracked({ payment: paid, analyticsRefused: false }), true);
  assertEquals(orderIsTracked({ payment: paid, analyticsRefused: true }), false);
  assertEquals(orderIsTracked({ payment: { kind: "demo" } }), false);
  assertEquals(orderIsTracked({ payment: { kind: "manual", createdBy: "boss" } }), false);
});

Deno.test("the first delivery completes an order; a resend or a remade song's send does not", () => {
  assertEquals(completesOrder({ emailSentAt: null }), true);
  assertEquals(completesOrder({}), true);
  assertEquals(completesOrder({ emailSentAt: "2026-01-15T12:00:00Z", emailSendCount: 1 }), false);
  // A song made again clears emailSentAt but not the count of sends.
  assertEquals(completesOrder({ emailSentAt: null, emailSendCount: 1 }), false);
  // Orders sent before the count existed.
  assertEquals(completesOrder({ emailSentAt: "2025-06-01T12:00:00Z" }), false);
});
