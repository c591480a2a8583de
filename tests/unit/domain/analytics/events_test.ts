import { assert, assertEquals } from "@std/assert";
import {
  ANALYTICS_EVENTS,
  deviceClass,
  isAnalyticsEvent,
  looksPersonal,
  scrubProperties,
} from "../../../../domain/analytics/events.ts";

Deno.test("the 26 event names of customer-side §3 are the typed union", () => {
  assertEquals(ANALYTICS_EVENTS.length, 26);
  assertEquals(new Set(ANALYTICS_EVENTS).size, 26);
  assert(isAnalyticsEvent("Order Started"));
  assert(isAnalyticsEvent("API Error"));
  assert(!isAnalyticsEvent("Order started"));
});

Deno.test("sensitive-looking property names are dropped whatever their value", () => {
  const clean = scrubProperties({
    email: "x",
    parentEmail: "x",
    password: "hunter2",
    token: "abc",
    authorization: "Bearer x",
    phoneNumber: "x",
    creditCard: "x",
    ssn: "x",
    childName: "Mia",
    parentName: "Ann",
    giftRecipientName: "Zoe",
    username: "x",
    address: "1 Main St",
    // kept:
    fieldName: "childName",
    orderNumber: 1042,
    revenue: 24.99,
    isGift: true,
    stage: "LYRICS",
  });
  assertEquals(clean, {
    fieldName: "childName",
    orderNumber: 1042,
    revenue: 24.99,
    isGift: true,
    stage: "LYRICS",
  });
});

Deno.test("values that look like emails, phones, SSNs or card numbers are dropped", () => {
  const personal = [
    "mia@example.com",
    "write to Mia.Parent+songs@mail.co.uk please",
    "+1 (415) 555-0134",
    "415-555-0134",
    "07700 900123",
    "123-45-6789",
    "123456789",
    "4242 4242 4242 4242",
    "4242-4242-4242-4242",
    "378282246310005",
  ];
  for (const value of personal) assert(looksPersonal(value), value);
  const clean = scrubProperties(Object.fromEntries(personal.map((value, i) => [`p${i}`, value])));
  assertEquals(clean, {});
});

Deno.test("disguised addresses and private links' secrets are dropped too", () => {
  const disguised = [
    "mia＠example.com",
    "mia%40example.com",
    "mia%2540example.com",
    "mia%EF%BC%A0example.com",
    "mia at example dot com",
    "mia [at] example [dot] com",
    "mia(at)example.co.uk",
    "Mia At Example.com",
    "/u/be23929f-deb5-4447-8054-464f5ea1e015?t=abc",
    "https://littlehits.example/u/x?token=q",
    "Fq3vX9kLm2Pz8RtY7wBn4Jc6Hd1Sg5Ae0UiOoKlMnBv",
  ];
  for (const value of disguised) assert(looksPersonal(value), value);
});

Deno.test("ordinary values survive scrubbing", () => {
  const ordinary = [
    "2025-08-16",
    "2025-08-16T10:00:00Z",
    "Order 1042",
    "LYRICS",
    "pop",
    "/order",
    "12",
    "v1.2.3",
    "look at this",
    "a song about a cat at the beach",
    "favoriteActivity",
    "Form Field Completed",
    "100%",
    "the-quick-brown-fox-jumps-over-the-lazy-dog",
  ];
  for (const value of ordinary) assert(!looksPersonal(value), value);
  assertEquals(scrubProperties({ a: "2025-08-16", b: "pop" }), { a: "2025-08-16", b: "pop" });
});

Deno.test("our own ids survive scrubbing even when their digits line up like a phone number", () => {
  // A real order id from a CI run whose "…-4447-8054-464…" read as eleven digits of a phone.
  const orderId = "be23929f-deb5-4447-8054-464f5ea1e015";
  assert(!looksPersonal(orderId));
  assert(!looksPersonal(`/unboxing/${orderId}`));
  assertEquals(scrubProperties({ orderId, version: 2 }), { orderId, version: 2 });
  // An id beside a phone number does not hide the number.
  assert(looksPersonal(`${orderId} call 415-555-0123`));
});

Deno.test("nested objects, functions and non-finite numbers are dropped; long strings are cut", () => {
  const clean = scrubProperties({
    nested: { email: "a@b.co" },
    list: ["a@b.co"],
    fn: () => 1,
    nan: NaN,
    nothing: null,
    long: "x".repeat(2000),
  });
  assertEquals(Object.keys(clean).sort(), ["long", "nothing"]);
  assertEquals((clean.long as string).length, 500);
});

Deno.test("device class by width: under 768 mobile, under 1024 tablet, else desktop", () => {
  assertEquals(deviceClass(320), "mobile");
  assertEquals(deviceClass(767), "mobile");
  assertEquals(deviceClass(768), "tablet");
  assertEquals(deviceClass(1023), "tablet");
  assertEquals(deviceClass(1024), "desktop");
});
