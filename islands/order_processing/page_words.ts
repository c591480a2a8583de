import type { OrderStanding } from "../../domain/order/views.ts";
import { describeDeliveryTime } from "../../domain/delivery/requested.ts";
import { deliveryTime, type FormatTime, songStatusView } from "../my_songs/status.ts";

/**
 * What the order page (/order-processing/{id}, the confirmation email's "See Your Order") says at each
 * stage of an order, from where it stands (domain/order/views.ts, OrderStanding). Pure, so every wording
 * is unit-tested; the page only lays it out. The stage's own sentences are My Songs' (status.ts), so a
 * family reads the same words about the same song wherever they look.
 */
export interface OrderPageFacts extends OrderStanding {
  /** The delivered song's address, once it has arrived. */
  songUrl: string | null;
  customerReferralCode: string | null;
  /** Only in the owner's view: staff gave the payment back. */
  refunded?: boolean;
}

export interface OrderPageView {
  title: string;
  /** "Order #1042". */
  orderLine: string;
  /** The short status. */
  badge: string;
  /** "We're in the studio crafting Mia's special song.", while the song is still to come. */
  lead: string | null;
  message: string;
  /** While it is made: the step it is on. */
  step: string | null;
  /** For a day the family chose, until it arrives: "Arrives Saturday 14 March, 8:00 in London". */
  arrival: string | null;
  /** The way on: the song once it has arrived, the retry after a failure. */
  next: { href: string; label: string } | null;
  refund: string | null;
  /** Nothing more will change on this page: the song has arrived. */
  settled: boolean;
}

/** The spec's promise while the song is made (customer-side §2, order processing page). */
const PROMISE = "Your song is being created. You will receive an email with a unique link to hear your " +
  "magical music within 24 hours.";

export const REFUND_WORDS = "We've refunded your payment in full. It can take a few days to show on your " +
  "statement.";

/** `name`: the child's name as the page says it ("Mia", or "your child"). */
export function orderPageView(
  orderId: string,
  facts: OrderPageFacts,
  name: string,
  now: number,
  formatTime: FormatTime = deliveryTime,
): OrderPageView {
  const possessive = name === "your child" ? "your child's" : `${name}'s`;
  const card = songStatusView({ ...facts, childName: name }, formatTime, now);
  const base = {
    orderLine: `Order #${facts.orderNumber}`,
    badge: card.badge,
    lead: `We're in the studio crafting ${possessive} special song.`,
    step: card.step,
    arrival: card.arrival,
    next: null,
    refund: facts.refunded ? REFUND_WORDS : null,
    settled: false,
  };
  switch (card.stage) {
    case "pending":
      return { ...base, title: "Waiting for Payment", lead: null, message: card.message! };
    case "generating":
      return {
        ...base,
        title: "Magic in Progress!",
        // The chosen day is said in the sentence itself, as the confirmation email says it.
        arrival: null,
        message: facts.requestedDelivery
          ? `Your song is being created. On ${
            describeDeliveryTime(facts.requestedDelivery, now)
          }, you will receive an email with a unique link to hear your magical music.`
          : PROMISE,
      };
    case "in-review":
      return { ...base, title: "Almost Ready!", message: card.message! };
    case "scheduled":
      return { ...base, title: "Approved and On Its Way!", lead: null, message: card.message! };
    case "ready":
      return {
        ...base,
        title: "Your Song Has Arrived!",
        badge: "Delivered",
        lead: null,
        message: `${capitalise(possessive)} song has been delivered: open it whenever you like.`,
        next: { href: `/unboxing/${encodeURIComponent(orderId)}`, label: "Hear the Song" },
        settled: true,
      };
    case "failed":
      return {
        ...base,
        title: "We Hit a Snag",
        lead: null,
        message: card.message!,
        next: { href: "/my-songs", label: "Try Again in My Songs" },
      };
    default:
      return { ...base, title: "Your Order", lead: null, message: card.badge };
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
