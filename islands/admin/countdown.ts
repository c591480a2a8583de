import { familyDateCountdown, familyDateDecides, requestedInFull } from "./requested_date.ts";
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

type CountdownFacts =
  & Pick<ListedOrder, "status" | "approvalStatus" | "emailSentAt" | "deliveryScheduledFor">
  & Partial<Pick<ListedOrder, "requestedDelivery">>;

/** An approved song whose email has not gone yet, with the moment it is due; null for any other. */
function waitingSend(order: CountdownFacts): string | null {
  if (order.status !== "completed" || order.approvalStatus !== "approved") return null;
  if (order.emailSentAt || !order.deliveryScheduledFor) return null;
  return order.deliveryScheduledFor;
}

/**
 * The badge's text for an approved song whose email has not gone yet; null when there is none. It says
 * which decides the send: the family's chosen moment ('Sends 14 Mar 8:00 · family's date', on their
 * clock, as a countdown in hours would hide the day) or the delay after approval ('Sends in Xh Ym').
 */
export function countdownOf(order: CountdownFacts, now: number): string | null {
  const scheduledFor = waitingSend(order);
  if (!scheduledFor) return null;
  if (familyDateDecides(order) && Date.parse(scheduledFor) > now) {
    return familyDateCountdown(order.requestedDelivery!);
  }
  return sendCountdown(scheduledFor, now);
}

/**
 * The badge's longer words (its tooltip and what a screen reader hears after the text) when the family
 * chose a moment: the moment in full, and which of it and the delay decides. Null without a request.
 */
export function countdownDetailOf(order: CountdownFacts, now: number): string | null {
  const scheduledFor = waitingSend(order);
  const request = order.requestedDelivery;
  if (!scheduledFor || !request) return null;
  const words = requestedInFull(request, now);
  if (familyDateDecides(order)) return `${words}, as the family asked. ${sendCountdown(scheduledFor, now)}`;
  return `After the delay from approval; the family asked for ${words}`;
}
