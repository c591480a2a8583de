import type { DeliveryPart, Order } from "../order/orders.ts";
import { bonusTakeOf } from "../song/takes.ts";

/**
 * Delivery rules (staff-side §4, Approval and Delivery): when the customer may hear the song, the
 * delay, who gets which email. Which delivery commands staff may give now is domain/order/guards.ts.
 */

/** Tries of one send before the worker stops and leaves it to staff (Send Now stays available). */
export const MAX_DELIVERY_ATTEMPTS = 8;

const hasSong = (order: Order) => order.status === "completed" && !!order.songUrl;

/**
 * Whether the customer may hear the song. Until the first delivery email has gone, the song stays
 * with the studio: staff are still reviewing it, and the emailed link is the moment of the surprise.
 */
export function isReleased(order: Order): boolean {
  return hasSong(order) && !!order.emailSentAt;
}

/**
 * The stored audio (blob ids) the family has now, and with it anyone holding its address: the song
 * once released, and the other take while staff offer it, as the order's views show them
 * (domain/order/views.ts). Only these are served to whoever asks (routes/media.ts); the rest of what
 * is stored (a take not chosen or withdrawn, a song still in review, one replaced) is staff's alone,
 * so a reason that ends takes the audio with it.
 */
export function releasedAudioOf(order: Order): string[] {
  if (!isReleased(order)) return [];
  const ids = [order.songBlobId, bonusTakeOf(order)?.blobId].filter((id): id is string => !!id);
  return [...new Set(ids)];
}

/** Where the song stands on its way to the customer, for My Songs. */
export type DeliveryState = "in-review" | "scheduled" | "delivered";

export function deliveryStateOf(order: Order): DeliveryState | null {
  if (order.status !== "completed") return null;
  if (isReleased(order)) return "delivered";
  return order.approvalStatus === "approved" ? "scheduled" : "in-review";
}

export function deliveryDelayMs(hours: number): number {
  return Math.round(hours * 60 * 60 * 1000);
}

/** "12 hours", "1.5 hours", "30 minutes", "7 seconds": the setting as the approval message says it. */
export function describeDelay(hours: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (hours >= 1) return plural(Math.round(hours * 10) / 10, "hour");
  if (hours * 60 >= 1) return plural(Math.round(hours * 60), "minute");
  return plural(Math.max(1, Math.round(hours * 3600)), "second");
}

export interface DeliveryAddressee {
  part: DeliveryPart;
  to: string;
  /** The song goes to a gift's recipient; the parent's copy says it was delivered. */
  role: "parent" | "recipient" | "giver";
}

/**
 * Who gets what: the parent, or for a gift with a recipient address the recipient (main) and the
 * parent a copy. A gift without a recipient address (the form marks it but does not enforce it, per
 * customer-side §5) goes to the parent like any order.
 */
export function deliveryAddressees(
  order: Pick<Order, "isGift" | "giftRecipientEmail" | "parentEmail">,
): DeliveryAddressee[] {
  if (order.isGift && order.giftRecipientEmail && order.giftRecipientEmail !== order.parentEmail) {
    return [
      { part: "main", to: order.giftRecipientEmail, role: "recipient" },
      { part: "copy", to: order.parentEmail, role: "giver" },
    ];
  }
  return [{ part: "main", to: order.parentEmail, role: "parent" }];
}

/** The private link in a delivery email (ARCHITECTURE.md §10). */
export function orderLinkUrl(appUrl: string, orderId: string, token: string): string {
  return `${appUrl}/u/${encodeURIComponent(orderId)}?t=${token}`;
}
