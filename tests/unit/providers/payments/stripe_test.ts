import { assertEquals, assertThrows } from "@std/assert";
import { StartupError } from "../../../../domain/errors.ts";
import { stripeHostOptions } from "../../../../providers/payments/stripe.ts";

Deno.test("STRIPE_API_URL becomes the SDK's host, port and protocol", () => {
  assertEquals(stripeHostOptions("http://127.0.0.1:12111"), {
    host: "127.0.0.1",
    port: 12111,
    protocol: "http",
  });
  assertEquals(stripeHostOptions("http://localhost:12111/"), {
    host: "localhost",
    port: 12111,
    protocol: "http",
  });
  assertEquals(stripeHostOptions("https://stripe-mock.internal"), {
    host: "stripe-mock.internal",
    port: 443,
    protocol: "https",
  });
  assertEquals(stripeHostOptions("http://stripe-mock"), { host: "stripe-mock", port: 80, protocol: "http" });
  // The SDK joins host and path itself, so an IPv6 host keeps its brackets.
  assertEquals(stripeHostOptions("http://[::1]:12111"), { host: "[::1]", port: 12111, protocol: "http" });
});

Deno.test("a STRIPE_API_URL the SDK could not honour is a start-up error, not a silent change", () => {
  // The SDK always requests /v1/… at the root, so a path would be dropped without a word.
  assertThrows(() => stripeHostOptions("http://127.0.0.1:12111/stripe"), StartupError, "bare origin");
  assertThrows(() => stripeHostOptions("http://127.0.0.1:12111/v1"), StartupError, "bare origin");
  assertThrows(() => stripeHostOptions("http://u:p@127.0.0.1:12111"), StartupError, "bare origin");
  assertThrows(() => stripeHostOptions("http://127.0.0.1:12111?x=1"), StartupError, "bare origin");
  assertThrows(() => stripeHostOptions("ftp://127.0.0.1"), StartupError, "http(s)");
  assertThrows(() => stripeHostOptions("127.0.0.1:12111"), StartupError, "http(s)");
});
