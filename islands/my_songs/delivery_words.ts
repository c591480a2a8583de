import type { MySongsItem } from "../../domain/order/views.ts";
import { describeDeliveryTime, type RequestedDelivery } from "../../domain/delivery/requested.ts";

/**
 * When a song arrives, as a My Songs card and its toasts say it. Pure: the card and the
 * change of delivery time only lay these out.
 */

type DeliveryFacts = Pick<
  MySongsItem,
  "childName" | "songUrl" | "delivery" | "deliveryScheduledFor" | "requestedDelivery"
>;

/**
 * When the song arrives, on the clock the family chose it on, until it has arrived; null for a song
 * sent as soon as it is ready. Once approved, the scheduled send is the moment: the chosen one, or
 * later when the song was approved too close to it.
 */
export function arrivalMoment(item: DeliveryFacts): RequestedDelivery | null {
  const request = item.requestedDelivery;
  if (!request || item.songUrl || item.delivery === "delivered") return null;
  const at = item.delivery === "scheduled" && item.deliveryScheduledFor
    ? item.deliveryScheduledFor
    : request.at;
  return { at, timeZone: request.timeZone };
}

/** "Arrives Saturday 14 March, 8:00 in London"; null when the card's own words say when. */
export function arrivalLine(item: DeliveryFacts, now: number): string | null {
  const moment = arrivalMoment(item);
  return moment && `Arrives ${describeDeliveryTime(moment, now)}`;
}

/** The toast after a change: the new moment said back, warmly. */
export function deliverySavedWords(item: DeliveryFacts, now: number): string {
  const moment = arrivalMoment(item);
  const song = `${item.childName}'s song`;
  return moment
    ? `${song} will arrive on ${describeDeliveryTime(moment, now)}.`
    : `We'll send ${song} as soon as it's ready.`;
}
