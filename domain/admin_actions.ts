import type { Order } from "./orders.ts";

/**
 * Staff-side §4, the button rules: which row actions an order offers. The dashboard draws its
 * buttons from this function and the admin API refuses what it refuses, so a button is never shown
 * for something the server will not do (and the table has one unit test per row).
 */
export type ActionFacts =
  & Pick<
    Order,
    "status" | "approvalStatus" | "emailSentAt" | "songUrl" | "songLyrics" | "error" | "addStreamingServices"
  >
  & Partial<Pick<Order, "deliveryScheduledFor" | "discountReview" | "refund">>;

export const REGENERATE_LYRICS_BLOCKED = "Cannot regenerate lyrics while processing";

export interface AdminActions {
  upload: boolean;
  /** Send the approved song's first email: 'Send Now' when a send is scheduled, else 'Send Song'. */
  send: "Send Now" | "Send Song" | null;
  resend: boolean;
  approve: boolean;
  preview: boolean;
  copyLyrics: boolean;
  /** Always shown; disabled (with the reason as its title) while the song is being made. */
  regenerateLyrics: { enabled: true } | { enabled: false; reason: string };
  errorDetails: boolean;
  regenerateOrder: boolean;
  streamingStatus: boolean;
  /** Refund the payment of an order whose discount broke our rules (issue 16), once. */
  refund: boolean;
}

/** Statuses in which generation is still under way: staff-side §4 lists them for Upload. */
const IN_PROGRESS = new Set<string>(["pending", "generating", "lyrics_generated"]);

const hasSong = (order: ActionFacts) => order.status === "completed" && !!order.songUrl;

export function canUpload(order: ActionFacts): boolean {
  return IN_PROGRESS.has(order.status) || (order.status === "completed" && !order.songUrl);
}

/**
 * The upload endpoint also takes a failed order: the table offers no Upload button there, but Error
 * Details advises a manual upload after repeated failures and offers it in the dialog.
 */
export function canUploadManually(order: ActionFacts): boolean {
  return canUpload(order) || order.status === "failed";
}

export function canRegenerateLyrics(order: ActionFacts): boolean {
  return order.status !== "generating" && order.status !== "pending";
}

export function canRegenerateOrder(order: ActionFacts): boolean {
  return order.status === "failed" || hasSong(order);
}

export function canRefund(order: ActionFacts): boolean {
  return !!order.discountReview && !order.refund;
}

export function adminActionsOf(order: ActionFacts): AdminActions {
  const approval = order.approvalStatus ?? "pending";
  const sendable = hasSong(order) && approval === "approved" && !order.emailSentAt;
  return {
    upload: canUpload(order),
    send: sendable ? (order.deliveryScheduledFor ? "Send Now" : "Send Song") : null,
    resend: hasSong(order) && !!order.emailSentAt,
    approve: order.status === "completed" && approval === "pending",
    preview: hasSong(order),
    copyLyrics: !!order.songLyrics,
    regenerateLyrics: canRegenerateLyrics(order)
      ? { enabled: true }
      : { enabled: false, reason: REGENERATE_LYRICS_BLOCKED },
    errorDetails: order.status === "failed" && !!order.error,
    regenerateOrder: canRegenerateOrder(order),
    streamingStatus: !!order.addStreamingServices,
    refund: canRefund(order),
  };
}
