import {
  bonusTakeOf,
  deliveredTakeNumber,
  type SongTake,
  type TakeChoice,
  type TakeDecision,
  takeLabel,
  type TakeNumber,
  takesOf,
  type TakeTiming,
} from "../../../domain/song/takes.ts";
import { formatPlayTime } from "../../unboxing/song_facts.ts";

/**
 * The words staff read about an order's two takes, in the preview and in Order Detail.
 * Dates come in through `formatDate`, so the dialogs write them as the rest of the dashboard does.
 */
export type FormatDate = (iso: string) => string;

interface TakeFacts {
  songTakes?: SongTake[] | null;
  takeChoice?: TakeChoice | null;
  bonusTake?: TakeDecision | null;
}

/** "Take 2 — chosen by admin on Mar 14, 2026, 8:00 AM", or "Take 1 (default)" when nobody chose. */
export function deliveredTakeText(order: TakeFacts, formatDate: FormatDate): string {
  const choice = order.takeChoice;
  if (!choice) return `${takeLabel(deliveredTakeNumber(order))} (default)`;
  return `${takeLabel(choice.take)} — chosen by ${choice.by} on ${formatDate(choice.at)}`;
}

/** "Take 1 offered by admin on …", or "Not offered". */
export function anotherVersionText(order: TakeFacts, formatDate: FormatDate): string {
  const bonus = bonusTakeOf(order);
  if (!bonus || !order.bonusTake) return "Not offered";
  return `${takeLabel(bonus.take)} offered by ${order.bonusTake.by} on ${formatDate(order.bonusTake.at)}`;
}

/** The take staff could offer as "Another version": the one the family does not get. */
export function otherTakeNumber(order: TakeFacts): TakeNumber {
  return deliveredTakeNumber(order) === 1 ? 2 : 1;
}

export function bonusSwitchLabel(order: TakeFacts): string {
  return `Also give the family ${takeLabel(otherTakeNumber(order))} as a bonus`;
}

/** The delivered take's badge: on its way until the email went, then with the family. */
export function deliveredBadgeText(sent: boolean): string {
  return sent ? "Delivered" : "Delivering";
}

/** Asked before choosing another take once the email went: the family is emailed again. */
export function redeliverQuestion(order: TakeFacts, take: TakeNumber): string {
  return `The family already has ${takeLabel(deliveredTakeNumber(order))}. ` +
    `Deliver ${takeLabel(take)} instead and email them again?`;
}

/** "2:31", or null when the music service did not say how long the take is. */
export function takeDurationText(take: SongTake): string | null {
  const seconds = take.durationSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
    ? formatPlayTime(seconds)
    : null;
}

const tries = (count: number) => `${count} failed ${count === 1 ? "try" : "tries"}`;

/** A take's timed lyrics for Order Detail: stored, still owed, or not to be had (with the reason). */
export function timingStateText(timing: TakeTiming, formatDate: FormatDate): string {
  switch (timing.state) {
    case "stored":
      return `Stored: ${timing.lines} ${timing.lines === 1 ? "line" : "lines"} (${
        formatDate(timing.storedAt)
      })`;
    case "owed":
      return `Not yet: asked for again on ${formatDate(timing.dueAt)}` +
        (timing.attempts > 0 ? ` (${tries(timing.attempts)} so far)` : "");
    case "absent":
      return `Not available: ${timing.reason}`;
  }
}

/**
 * The small note under the preview's lyrics when a take shows no sing-along, or null when it does.
 * `loaded` is the timing the preview fetched: a take marked stored whose words could not be read
 * still gets plain lyrics, and staff are told why.
 */
export function timingNote(take: SongTake, loaded: boolean, formatDate: FormatDate): string | null {
  if (loaded) return null;
  const timing = take.timing;
  switch (timing.state) {
    case "stored":
      return "Timed lyrics: not available (stored, but they could not be loaded)";
    case "owed":
      return `Timed lyrics: not available yet (asked for again on ${formatDate(timing.dueAt)}` +
        (timing.attempts > 0 ? `; ${tries(timing.attempts)} so far)` : ")");
    case "absent":
      return `Timed lyrics: not available (${timing.reason})`;
  }
}

/** A string that changes whenever a take's timing does, so the preview fetches the words again. */
export function timingsSignature(order: TakeFacts): string {
  return takesOf(order).map((take) => `${take.take}:${take.blobId}:${take.timing.state}`).join(",");
}
