import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { type ConfirmedOrder, orderConfirmationEmail } from "../../../../domain/email/order_confirmation.ts";

const APP_URL = "https://littlehits.example";
const NOW = Date.parse("2026-03-01T10:00:00Z");

const paidOrder = (overrides: Partial<ConfirmedOrder> = {}): ConfirmedOrder => ({
  id: "order-1",
  orderNumber: 1042,
  childName: "Mia",
  addStreamingServices: false,
  isGift: false,
  giftRecipientName: "",
  giftRecipientEmail: undefined,
  parentEmail: "sam@example.com",
  totalPrice: 2499,
  discountAmount: 0,
  promoCode: null,
  customerReferralCode: "MIA-7K3Q",
  payment: { kind: "checkout", sessionId: "cs_1", provider: "local", amountPaid: 2499 },
  requestedDelivery: null,
  ...overrides,
});

const compose = (overrides: Partial<ConfirmedOrder> = {}) =>
  orderConfirmationEmail(paidOrder(overrides), APP_URL, NOW);

Deno.test("a paid order: its number, what it is, the price, the site's 24-hour promise, the share code and the order page", () => {
  const email = compose();
  assertEquals(email.subject, "Order #1042 confirmed: a song for Mia");
  for (const part of [email.html, email.text]) {
    assertStringIncludes(part, "Order #1042: a personalized song for Mia.");
    assertStringIncludes(part, "You paid $24.99.");
    assertStringIncludes(
      part,
      "You will receive an email with a unique link to hear your magical music within 24 hours.",
    );
    assertStringIncludes(part, "MIA-7K3Q");
    assertStringIncludes(part, "50% off their first order");
    assertStringIncludes(part, `${APP_URL}/?ref=MIA-7K3Q`);
    assertStringIncludes(part, `${APP_URL}/order-processing/order-1?name=Mia`);
  }
  assert(!email.text.includes("off with code"), "no discount, no discount line");
  assert(!/demo/i.test(email.text));
});

Deno.test("with a chosen day, the email names it in the family's words instead of the 24-hour promise", () => {
  const email = compose({ requestedDelivery: { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" } });
  assertStringIncludes(email.text, "We'll deliver it on Saturday 14 March, 8:00 in London");
  assertStringIncludes(email.html, "We&#39;ll deliver it on Saturday 14 March, 8:00 in London");
  assert(!email.text.includes("within 24 hours"));

  const nextYear = compose({
    requestedDelivery: { at: "2027-01-09T17:30:00.000Z", timeZone: "America/New_York" },
  });
  assertStringIncludes(nextYear.text, "on Saturday 9 January 2027, 12:30 in New York");
});

Deno.test("a discount shows what came off and the code that took it off", () => {
  const email = compose({ totalPrice: 1250, discountAmount: 1249, promoCode: "FRIEND-50" });
  assertStringIncludes(email.text, "You paid $12.50 ($12.49 off with code FRIEND-50).");
  const noCode = compose({ totalPrice: 1999, discountAmount: 500, promoCode: null });
  assertStringIncludes(noCode.text, "You paid $19.99 ($5.00 off).");
});

Deno.test("a gift with streaming says both", () => {
  const email = compose({
    addStreamingServices: true,
    isGift: true,
    giftRecipientName: "Grandma Jo",
    totalPrice: 3499,
  });
  assertStringIncludes(
    email.text,
    "Order #1042: a personalized song for Mia + streaming release, a gift for Grandma Jo.",
  );
  assertStringIncludes(email.text, "You paid $34.99.");
  const unnamed = compose({ isGift: true, giftRecipientName: "" });
  assertStringIncludes(unnamed.text, "a personalized song for Mia, a gift.");
});

Deno.test("a gift sent to its recipient says who receives the song and when, and that the giver gets a copy", () => {
  const gift = { isGift: true, giftRecipientName: "Grandma Jo", giftRecipientEmail: "jo@example.com" };
  const email = compose(gift);
  for (const part of [email.text, email.html]) {
    assert(
      !part.includes("You will receive an email with a unique link"),
      "the giver is not the one who receives it",
    );
  }
  assertStringIncludes(
    email.text,
    "Grandma Jo will receive an email with a unique link to hear the song within 24 hours, and we'll send you a copy at the same time.",
  );
  const dated = compose({
    ...gift,
    requestedDelivery: { at: "2026-03-14T08:00:00.000Z", timeZone: "Australia/Sydney" },
  });
  assertStringIncludes(
    dated.text,
    "Grandma Jo will receive an email with a unique link to hear the song on Saturday 14 March, 19:00 in Sydney, and we'll send you a copy",
  );
  assert(!dated.text.includes("you will receive an email"));
  // Without a name, the address the song goes to; without an address, the giver receives it as before.
  assertStringIncludes(
    compose({ ...gift, giftRecipientName: "" }).text,
    "jo@example.com will receive an email",
  );
  assertStringIncludes(
    compose({ ...gift, giftRecipientEmail: undefined }).text,
    "You will receive an email with a unique link to hear your magical music within 24 hours.",
  );
});

Deno.test("a demo order says plainly that nothing was charged, and has no share code", () => {
  const email = compose({ payment: { kind: "demo" }, customerReferralCode: null });
  assertStringIncludes(email.text, "Demo order — no charge.");
  assert(!email.text.includes("You paid"));
  assert(!email.text.includes("?ref="));
  assert(!email.text.includes("Share the magic"));
});

Deno.test("what the family typed is escaped in the HTML and kept as typed in the text part", () => {
  const hostile = `<script>alert("x")</script>`;
  const email = compose({
    childName: hostile,
    isGift: true,
    giftRecipientName: `<img src=x onerror=alert(1)>`,
    discountAmount: 100,
    totalPrice: 2399,
    promoCode: `<b>CODE</b>`,
  });
  assert(!email.html.includes("<script>"), "no script element");
  assert(!email.html.includes("<img"), "no image element");
  assert(!email.html.includes("<b>CODE"), "no markup from the code");
  assertStringIncludes(email.html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  assertStringIncludes(email.html, "&lt;img src=x onerror=alert(1)&gt;");
  assertStringIncludes(email.text, `a personalized song for ${hostile}`);
  assertStringIncludes(email.text, "a gift for <img src=x onerror=alert(1)>");
  assertStringIncludes(email.text, "with code <b>CODE</b>");
  // In the link, the name is a query value, not markup.
  assertStringIncludes(email.text, `?name=${encodeURIComponent(hostile)}`);
});

Deno.test("no stage names, provider or HTTP words reach the parent", () => {
  const email = compose({ requestedDelivery: { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" } });
  for (const word of ["LYRICS", "SUNO", "Suno", "OpenAI", "HTTP", "stage", "queue", "webhook", "Stripe"]) {
    assert(!email.text.includes(word), word);
  }
});
