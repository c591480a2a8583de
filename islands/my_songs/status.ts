import type { MySongsItem } from "../../domain/order/views.ts";
import { FAILURE_WORDS } from "../../domain/order/parent_words.ts";
import { arrivalLine } from "./delivery_words.ts";

/**
 * What a My Songs card says about where its song stands (customer-side §4, order status card).
 * Pure, so every wording is unit-tested; the card only lays it out.
 */
export type SongStage =
  | "pending"
  | "generating"
  | "ready"
  | "in-review"
  | "scheduled"
  | "failed"
  | "other";

export interface SongStatusView {
  stage: SongStage;
  /** The short status badge. */
  badge: string;
  /** While generating: where the song stands, e.g. "We're recording your song." */
  step: string | null;
  /** A sentence or two for the parent; null when the card shows something else instead (the player). */
  message: string | null;
  /**
   * For a song asked for on a chosen day, until it arrives: "Arrives Saturday 14 March, 8:00 in
   * London". The message then says "then" where it would otherwise say when.
   */
  arrival: string | null;
}

/** Dates arrive as ISO strings; the browser writes them in the reader's own locale and time zone. */
export type FormatTime = (iso: string) => string;

export const FALLBACK_FAILURE = FAILURE_WORDS;

/**
 * What the words read of a song: a My Songs card's item, or the order page's standing of the order
 * (domain/order/views.ts, OrderStanding), which say where a song stands the same way.
 */
export type SongStatusFacts = Pick<
  MySongsItem,
  | "childName"
  | "status"
  | "progress"
  | "error"
  | "songUrl"
  | "delivery"
  | "deliveryScheduledFor"
  | "requestedDelivery"
>;

export function songStatusView(
  item: SongStatusFacts,
  formatTime: FormatTime = deliveryTime,
  now = Date.now(),
): SongStatusView {
  // A failed song's card is about putting it right; it arrives on its day once retried.
  const arrival = item.status === "failed" ? null : arrivalLine(item, now);
  return { ...stageView(item, formatTime, arrival !== null), arrival };
}

function stageView(
  item: SongStatusFacts,
  formatTime: FormatTime,
  dayChosen: boolean,
): Omit<SongStatusView, "arrival"> {
  const song = `${item.childName}'s song`;
  switch (item.status) {
    case "pending":
      return {
        stage: "pending",
        badge: "Waiting for Payment",
        step: null,
        message: "We're waiting for payment confirmation. Generation starts once your payment is processed.",
      };
    case "generating":
      return {
        stage: "generating",
        badge: "Creating your song",
        step: item.progress,
        message: "This usually takes 30-60 seconds. This page updates by itself.",
      };
    case "failed":
      return {
        stage: "failed",
        badge: "Generation failed",
        step: null,
        message: item.error || FALLBACK_FAILURE,
      };
    case "completed":
      if (item.songUrl) return { stage: "ready", badge: "Ready to play", step: null, message: null };
      if (item.delivery === "scheduled") {
        if (dayChosen) {
          return {
            stage: "scheduled",
            badge: "On its way",
            step: null,
            message: `${capitalise(song)} is approved. We'll email you a private link then.`,
          };
        }
        const when = item.deliveryScheduledFor ? formatTime(item.deliveryScheduledFor) : null;
        return {
          stage: "scheduled",
          badge: "On its way",
          step: null,
          message: when
            ? `${capitalise(song)} is approved. We'll email you a private link on ${when}.`
            : `${capitalise(song)} is approved. We'll email you a private link soon.`,
        };
      }
      // Made but not yet released: the studio listens to every song before the surprise goes out.
      return {
        stage: "in-review",
        badge: "In final review",
        step: null,
        message: `Our studio team is giving ${song} a final listen. We'll email you a private link ${
          dayChosen ? "then" : "when it's ready"
        }.`,
      };
    default:
      // A status this page does not know yet is shown as the server sent it (customer-side §4).
      return { stage: "other", badge: String(item.status), step: null, message: null };
  }
}

/** "Jan 15, 2026" in the reader's locale. */
export function createdDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}

/** The delivery time with date and time of day, in the reader's locale and time zone. */
export function deliveryTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
