import { assertEquals } from "@std/assert";
import { greetingTitle, orderLinkGreeting } from "../../../../domain/order/link_greeting.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../../domain/order/orders.ts";

function order(fields: Record<string, unknown> = {}): Order {
  const form = orderFormSchema.parse({
    childName: "Mia Rose",
    parentName: "Grandma Sue",
    parentEmail: "sue@example.com",
    ...fields,
  });
  return buildOrder(form, {
    id: "o1",
    orderNumber: 1000,
    userId: null,
    price: { basePrice: 2499, streamingPrice: 1000, discountAmount: 0, totalPrice: 2499 },
    payment: { kind: "checkout", sessionId: "cs_test", provider: "stripe", amountPaid: 2499 },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: "MIA-1000",
    now: Date.parse("2026-03-01T10:00:00Z"),
  });
}

const gift = order({ isGift: true, giftRecipientName: "Jo", giftRecipientEmail: "jo@example.com" });

Deno.test("a gift's recipient is told whose song it is and who sent it, on every visit", () => {
  for (const firstSignIn of [true, false]) {
    const greeting = orderLinkGreeting(gift, "jo@example.com", firstSignIn);
    assertEquals(greeting, { kind: "recipient", childName: "Mia", from: "Grandma Sue" });
    assertEquals(greetingTitle(greeting), "A song for Mia from Grandma Sue");
  }
  assertEquals(orderLinkGreeting(gift, "Jo@Example.com", false).kind, "recipient", "whatever the case");
});

Deno.test("the giver's copy of a gift, and every other order, greet the family as before", () => {
  assertEquals(orderLinkGreeting(gift, "sue@example.com", true), { kind: "welcome" });
  assertEquals(orderLinkGreeting(gift, "sue@example.com", false), { kind: "welcome-back" });
  assertEquals(greetingTitle({ kind: "welcome" }), "Welcome!");
  assertEquals(greetingTitle({ kind: "welcome-back" }), "Welcome back!");

  const ownSong = order();
  assertEquals(orderLinkGreeting(ownSong, "sue@example.com", false), { kind: "welcome-back" });
  // A gift sent to the giver's own address goes out as the family's email, so it greets as one.
  const toSelf = order({ isGift: true, giftRecipientEmail: "sue@example.com" });
  assertEquals(orderLinkGreeting(toSelf, "sue@example.com", true), { kind: "welcome" });
});

Deno.test("a link minted for an address the order no longer names is not a recipient's", () => {
  // Staff changed the recipient's address: the old link is revoked anyway, and it greets plainly.
  assertEquals(orderLinkGreeting(gift, "old-jo@example.com", false), { kind: "welcome-back" });
});
