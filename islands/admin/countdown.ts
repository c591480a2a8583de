import type { ListedOrder } from "./types.ts";

/** Staff-side §9: the countdown badge re-renders every 60 s. */
export const COUNTDOWN_REFRESH_MS = 60_000;

const MINUTE = 60_000;

/**
 * 'Sends in Xh Ym' until the scheduled time, then 'Email queued' (the worker sends it on its next
 * sweep). Minutes round up, so the badge never says '0h 0m' while the send is still ahead.
 */
export function sendCountdown(scheduledFor: string, now: number): string {
  const left = Date.parse(scheduledFor) - now;
  if (!(left > 0)) return "Email queued";
  const minutes = Math.ceil(left / MINUTE);
  return `Sends in ${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

type CountdownFacts = Pick<ListedOrder, "status" | "approvalStatus" | "emailSentAt" | "deliveryScheduledFor">;

/** The badge's text for an approved song whose email has not gone yet; null when there is none. */
export function countdownOf(order: CountdownFacts, now: number): string | null {
  if (order.status !== "completed" || order.approvalStatus !== "approved") return null;
  if (order.emailSentAt || !order.deliveryScheduledFor) return null;
  return sendCountdown(order.deliveryScheduledFor, now);
}
