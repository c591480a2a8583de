import type { Order } from "../order/orders.ts";
import { DEFAULT_STREAMING_STATUS, type StreamingStatus } from "../song/streaming_status.ts";

/**
 * The order list's narrowing beyond its tabs: gift or not, the streaming add-on and its
 * status, and the referral code. Each combination is a "view" the store keeps as its own index with
 * block counters per tab (kv/orders.ts), so any of them pages and counts at 100,000 orders as cheaply
 * as a plain tab. The island reads the same choices.
 */

export const GIFT_CHOICES = ["any", "gift", "not-gift"] as const;
export type GiftChoice = (typeof GIFT_CHOICES)[number];

export const GIFT_LABELS: Record<GiftChoice, string> = {
  any: "Any",
  gift: "Gifts",
  "not-gift": "Not gifts",
};

export const STREAMING_CHOICES = ["any", "with", "without", "not-uploaded", "processing", "live"] as const;
export type StreamingChoice = (typeof STREAMING_CHOICES)[number];

export const STREAMING_LABELS: Record<StreamingChoice, string> = {
  any: "Any",
  with: "With the add-on",
  without: "Without it",
  "not-uploaded": "Not uploaded",
  processing: "Processing",
  live: "Live + sent",
};

/** The streaming statuses as the address spells them (staff-side §4's names have spaces and a "+"). */
const STREAMING_STATUS_CHOICE: Record<StreamingStatus, StreamingChoice> = {
  "not uploaded": "not-uploaded",
  processing: "processing",
  "live + sent": "live",
};

export interface ListFacets {
  gift: GiftChoice;
  streaming: StreamingChoice;
  /** A referral code as orders record it (upper case), or "" for any. */
  code: string;
}

export const ANY_FACETS: ListFacets = { gift: "any", streaming: "any", code: "" };

export function isGiftChoice(value: unknown): value is GiftChoice {
  return (GIFT_CHOICES as readonly unknown[]).includes(value);
}

export function isStreamingChoice(value: unknown): value is StreamingChoice {
  return (STREAMING_CHOICES as readonly unknown[]).includes(value);
}

export function hasFacets(facets: ListFacets): boolean {
  return facets.gift !== "any" || facets.streaming !== "any" || facets.code !== "";
}

/** The view's name in the store's keys. Codes are letters, digits and dashes, so "|" never clashes. */
export function viewName(facets: ListFacets): string {
  return `${facets.gift}|${facets.streaming}|${facets.code}`;
}

type ViewFacts = Pick<Order, "isGift" | "addStreamingServices" | "streamingStatus" | "referralCodeUsed">;

/**
 * Every view an order is listed in: each facet either left open ("any") or set to the order's own
 * value, in every combination (4 views for an order with neither streaming nor a code, 12 at most).
 */
export function viewsOf(order: ViewFacts): string[] {
  const gifts: GiftChoice[] = ["any", order.isGift ? "gift" : "not-gift"];
  const streams: StreamingChoice[] = order.addStreamingServices
    ? ["any", "with", STREAMING_STATUS_CHOICE[order.streamingStatus ?? DEFAULT_STREAMING_STATUS]]
    : ["any", "without"];
  const codes = order.referralCodeUsed ? ["", order.referralCodeUsed] : [""];
  return gifts.flatMap((gift) =>
    streams.flatMap((streaming) => codes.map((code) => viewName({ gift, streaming, code })))
  );
}
