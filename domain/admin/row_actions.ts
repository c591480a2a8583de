import { allows, REFUSALS } from "../order/guards.ts";
import type { Order } from "../order/orders.ts";

/**
 * Staff-side §4, the button rules: which row actions an order offers. Each button reads the guard of
 * its command (domain/order/guards.ts), the same the admin API refuses with, so a button is never
 * shown for something the server will not do (and the table has one unit test per row).
 */
export type ActionFacts =
  & Pick<
    Order,
    "status" | "approvalStatus" | "emailSentAt" | "songUrl" | "songLyrics" | "error" | "addStreamingServices"
  >
  & Partial<Pick<Order, "deliveryScheduledFor" | "discountReview" | "refund" | "deliveryClaim">>;

export const REGENERATE_LYRICS_BLOCKED = REFUSALS.lyricsBusy;

export interface AdminActions {
  upload: boolean;
  /** Send the approved song's first email: 'Send Now' when a send is scheduled, else 'Send Song'. */
  send: "Send Now" | "Send Song" | null;
  resend: boolean;
  approve: boolean;
  /** Take an approved song back to Review before its email goes (staff-side Hold, on the row too). */
  hold: boolean;
  preview: boolean;
  copyLyrics: boolean;
  /** Always shown; disabled (with the reason as its title) while the song is being made. */
  regenerateLyrics: { enabled: true } | { enabled: false; reason: string };
  errorDetails: boolean;
  regenerateOrder: boolean;
  streamingStatus: boolean;
  /** Refund the payment of an order whose discount broke our rules (domain/referral/discount_review.ts), once. */
  refund: boolean;
}

export function adminActionsOf(order: ActionFacts): AdminActions {
  return {
    // The table's Upload is for songs not made yet; a failed order's upload lives in Error Details.
    upload: allows(order, "upload") && order.status !== "failed",
    send: allows(order, "sendNow") ? (order.deliveryScheduledFor ? "Send Now" : "Send Song") : null,
    resend: allows(order, "resend"),
    approve: allows(order, "approve"),
    hold: allows(order, "hold"),
    preview: order.status === "completed" && !!order.songUrl,
    copyLyrics: !!order.songLyrics,
    regenerateLyrics: allows(order, "regenerateLyrics")
      ? { enabled: true }
      : { enabled: false, reason: REGENERATE_LYRICS_BLOCKED },
    errorDetails: order.status === "failed" && !!order.error,
    regenerateOrder: allows(order, "regenerateOrder"),
    streamingStatus: !!order.addStreamingServices,
    refund: allows(order, "refund"),
  };
}
