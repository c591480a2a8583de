import { assertEquals } from "@std/assert";
import { FAILURE_WORDS } from "../../../../domain/order/parent_words.ts";
import { type OrderPageFacts, orderPageView } from "../../../../islands/order_processing/page_words.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const DAY = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };

function facts(overrides: Partial<OrderPageFacts> = {}): OrderPageFacts {
  return {
    orderNumber: 1042,
    status: "generating",
    error: null,
    progress: "We're writing the words.",
    delivery: null,
    deliveryScheduledFor: null,
    requestedDelivery: null,
    songUrl: null,
    customerReferralCode: null,
    ...overrides,
  };
}

const view = (overrides: Partial<OrderPageFacts>, name = "Mia") =>
  orderPageView("o1", facts(overrides), name, NOW, (iso) => `[${iso}]`);

Deno.test("being made: the promise, or the chosen day in its zone, and the step", () => {
  const plain = view({});
  assertEquals([plain.title, plain.orderLine, plain.step], [
    "Magic in Progress!",
    "Order #1042",
    "We're writing the words.",
  ]);
  assertEquals(
    plain.message,
    "Your song is being created. You will receive an email with a unique link to hear your magical music within 24 hours.",
  );
  assertEquals(
    view({ requestedDelivery: DAY }).message,
    "Your song is being created. On Saturday 14 March, 8:00 in London, you will receive an email with a unique link to hear your magical music.",
  );
  assertEquals(plain.lead, "We're in the studio crafting Mia's special song.");
  assertEquals(view({}, "your child").lead, "We're in the studio crafting your child's special song.");
});

Deno.test("in review and approved: My Songs' words, the chosen day said as the arrival", () => {
  const review = view({ status: "completed", progress: null, delivery: "in-review", requestedDelivery: DAY });
  assertEquals([review.title, review.badge, review.arrival], [
    "Almost Ready!",
    "In final review",
    "Arrives Saturday 14 March, 8:00 in London",
  ]);
  const approved = view({
    status: "completed",
    progress: null,
    delivery: "scheduled",
    deliveryScheduledFor: "2026-01-16T00:00:00.000Z",
  });
  assertEquals([approved.title, approved.badge, approved.arrival], [
    "Approved and On Its Way!",
    "On its way",
    null,
  ]);
  assertEquals(
    approved.message,
    "Mia's song is approved. We'll email you a private link on [2026-01-16T00:00:00.000Z].",
  );
});

Deno.test("delivered: the way to the song, and nothing left to follow", () => {
  const delivered = view({
    status: "completed",
    progress: null,
    delivery: "delivered",
    songUrl: "/audio/x.mp3",
  });
  assertEquals([delivered.title, delivered.badge, delivered.settled], [
    "Your Song Has Arrived!",
    "Delivered",
    true,
  ]);
  assertEquals(delivered.next, { href: "/unboxing/o1", label: "Hear the Song" });
});

Deno.test("failed: plain words and the way to try again; a refund is said when the owner's view has one", () => {
  const failed = view({ status: "failed", progress: null, error: FAILURE_WORDS });
  assertEquals([failed.title, failed.message, failed.settled], ["We Hit a Snag", FAILURE_WORDS, false]);
  assertEquals(failed.next, { href: "/my-songs", label: "Try Again in My Songs" });
  assertEquals(view({ refunded: true }).refund?.startsWith("We've refunded your payment"), true);
  assertEquals(view({}).refund, null);
});
