import {
  describeDeliveryTime,
  placeOf,
  type RequestedDelivery,
  sendsEarly,
  shortDeliveryTime,
} from "../../domain/delivery/requested.ts";
import type { ListedOrder } from "./types.ts";

/**
 * How the dashboard speaks of the moment a family chose for their song's email (customer-side §1, special delivery timing): the one
 * home of these words, so the row, the countdown, Order Detail and the Send Now question say it alike.
 * The moment is always said on the family's own clock and named by their place ("8:00 in London"),
 * because that is what they asked for; where the staff member's clock reads otherwise, their own time
 * is given beside it ("9:00 your time"), so neither has to be worked out.
 */

type RequestFacts = { requestedDelivery?: RequestedDelivery | null };

/** Order Detail's words when the family chose no moment: the song goes the usual delay after approval. */
export const NO_REQUEST = "As soon as it's ready";

/**
 * The zone the family's moment is said in: the one stored with the request (for a gift, the clock it
 * was timed on). Read here alone, so the rows follow however the request keeps it.
 */
const familyZoneOf = (request: RequestedDelivery): string => request.timeZone;

/** The moment in a few characters with the family's place: "14 Mar 8:00 London". */
const shortWithPlace = (request: RequestedDelivery) =>
  `${shortDeliveryTime(request)} ${placeOf(familyZoneOf(request))}`;

/** The row's few characters: "For 14 Mar 8:00 London". */
export const requestedShort = (request: RequestedDelivery) => `For ${shortWithPlace(request)}`;

/**
 * The same moment on the staff member's clock (`staffZone`, the browser's), "14 Mar 9:00 your time",
 * or null when that clock reads the same as the family's.
 */
export function staffClockText(request: RequestedDelivery, staffZone: string): string | null {
  const theirs = shortDeliveryTime({ ...request, timeZone: familyZoneOf(request) });
  const ours = shortDeliveryTime({ ...request, timeZone: staffZone });
  return ours === theirs ? null : `${ours} your time`;
}

/**
 * The full words: "Saturday 14 March, 8:00 in London" (with the year when it is not this year's;
 * without `now`, as in the server's render, it is left out).
 */
export const requestedInFull = (request: RequestedDelivery, now?: number) =>
  describeDeliveryTime(request, now);

/** The phone card's words, with the room for them: "For Saturday 14 March, 8:00 in London". */
export const requestedLong = (request: RequestedDelivery, now?: number) =>
  `For ${requestedInFull(request, now)}`;

/** The short form's tooltip, and what a screen reader hears instead of it (with the staff's own time). */
export function requestedLabel(request: RequestedDelivery, now?: number, staffZone?: string): string {
  const ours = staffZone ? staffClockText(request, staffZone) : null;
  return `Requested delivery: ${requestedInFull(request, now)}${ours ? ` (${ours})` : ""}`;
}

/** Order Detail's "Requested Delivery": the full words, or "As soon as it's ready". */
export function requestedDeliveryText(order: RequestFacts, now?: number): string {
  return order.requestedDelivery ? requestedInFull(order.requestedDelivery, now) : NO_REQUEST;
}

/**
 * Whether the family's moment, not the delay after approval, decides when the approved email goes.
 * Approval schedules the later of the two (domain/delivery/requested.ts, scheduledSendAt), and only
 * approval and a change of the request set `deliveryScheduledFor`, so the send is the family's exactly
 * when it falls on their moment; a Send Now leaves it as it was and is told apart by `emailSentAt`.
 */
export function familyDateDecides(
  order: RequestFacts & Pick<ListedOrder, "deliveryScheduledFor">,
): boolean {
  const request = order.requestedDelivery;
  if (!request || !order.deliveryScheduledFor) return false;
  return Date.parse(order.deliveryScheduledFor) === Date.parse(request.at);
}

/**
 * Order Detail's note beside the scheduled send of an order with a request: which of the family's
 * moment and the delay after approval decided it. Null without a request (the delay always decides).
 */
export function scheduleDecidedBy(
  order: RequestFacts & Pick<ListedOrder, "deliveryScheduledFor">,
): string | null {
  if (!order.requestedDelivery || !order.deliveryScheduledFor) return null;
  return familyDateDecides(order) ? "the family's date" : "after the review delay";
}

/**
 * The countdown badge of a send the family's moment decides: "Sends 14 Mar 8:00 · family's date". The
 * place is in its tooltip and spoken words (countdown.ts) and on the row's own chip beside it: the
 * status column has no room for it at 1280 px.
 */
export const familyDateCountdown = (request: RequestedDelivery) =>
  `Sends ${shortDeliveryTime(request)} · family's date`;

/**
 * The question Send Now asks first when the family's moment is still ahead: sending now goes against
 * what they asked. Null once it has passed (sending then is what they wanted) or without a request,
 * and the dialog asks as it always did.
 */
export function sendNowWarning(order: RequestFacts, now: number): string | null {
  if (!sendsEarly(order, now)) return null;
  return `The family asked for ${requestedInFull(order.requestedDelivery!, now)}. Send the song now anyway?`;
}
