import {
  describeDeliveryTime,
  earliestRequestAt,
  instantOf,
  LATEST_REQUEST_MS,
  placeOf,
  type RequestedDelivery,
  requestRefusal,
  toLocalInput,
} from "../../domain/delivery/requested.ts";

/**
 * "When should it arrive?" (customer-side §1, special delivery timing), as the order form and My Songs ask it: as soon as the song is
 * ready, or on a day and at a time the family chooses, on the clock of the zone they pick (their own
 * by default; a gift's recipient's when it lives elsewhere). Pure, so the rule the boxes follow and
 * every sentence they say back are unit-tested; the server checks the same rule
 * (domain/delivery/requested.ts) with its own clock.
 */

export type DeliveryWhen = "ready" | "chosen";

/** The family's answer, as the two choices and the date and time boxes hold it. */
export interface DeliveryChoice {
  when: DeliveryWhen;
  /** The date box's value, "2026-03-14"; "" until a day is picked. */
  date: string;
  /** The time box's value, "08:00". */
  time: string;
}

/** The birthday morning: most families want the song waiting when the child wakes up. */
const MORNING = "08:00";

export const AS_SOON_AS_READY: DeliveryChoice = { when: "ready", date: "", time: MORNING };

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_SHAPE = /^\d{2}:\d{2}$/;
const MINUTE_MS = 60_000;

/** The zone this browser's clock shows ("Europe/London"): the zone a chosen day starts in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** What the API takes as `deliveryAt`: the wall-clock time ("2026-03-14T08:00"), or "" for as soon as ready. */
export function deliveryAtOf(choice: DeliveryChoice): string {
  return choice.when === "chosen" && choice.date && choice.time ? `${choice.date}T${choice.time}` : "";
}

/** The moment the choice names in `timeZone`, or null: as soon as ready, not filled in, or no such time. */
export function requestOf(choice: DeliveryChoice, timeZone: string): RequestedDelivery | null {
  const local = deliveryAtOf(choice);
  const at = local ? instantOf(local, timeZone) : null;
  return at === null ? null : { at: new Date(at).toISOString(), timeZone };
}

export interface DeliveryBounds {
  /** The first day the date box offers: 24 hours from now. */
  minDate: string;
  /** The last: a year from now. */
  maxDate: string;
  /** The earliest time on the first day, rounded up to a whole minute so choosing it is honoured. */
  earliestTime: string;
}

/** The days the date box offers at `now`, on the family's clock. */
export function deliveryBounds(now: number, timeZone: string): DeliveryBounds {
  const earliest = Math.ceil(earliestRequestAt(now) / MINUTE_MS) * MINUTE_MS;
  const first = toLocalInput(earliest, timeZone);
  return {
    minDate: first.slice(0, 10),
    maxDate: toLocalInput(now + LATEST_REQUEST_MS, timeZone).slice(0, 10),
    earliestTime: first.slice(11),
  };
}

export interface DeliveryProblem {
  /** The box to put right. */
  part: "date" | "time";
  /** A short heading for the toast. */
  title: string;
  message: string;
}

/** Why the choice cannot be sent at `now`, in the family's words, or null when it can. */
export function deliveryProblem(
  choice: DeliveryChoice,
  now: number,
  timeZone: string,
): DeliveryProblem | null {
  if (choice.when === "ready") return null;
  if (!DATE_SHAPE.test(choice.date)) {
    return { part: "date", title: "Choose a Day", message: "Please choose the day the song should arrive." };
  }
  if (!TIME_SHAPE.test(choice.time)) {
    return {
      part: "time",
      title: "Choose a Time",
      message: "Please choose the time the song should arrive.",
    };
  }
  const request = requestOf(choice, timeZone);
  if (!request) {
    return {
      part: "date",
      title: "Choose Another Day",
      message: "That day isn't on the calendar. Please choose another.",
    };
  }
  const refusal = requestRefusal(request, now);
  return refusal ? { part: "date", title: "Choose Another Day", message: refusal } : null;
}

/** A zone as the sentences name it: "London time", "New York time", "UTC". */
export function zoneWords(timeZone: string): string {
  return timeZone === "UTC" ? "UTC" : `${placeOf(timeZone)} time`;
}

/** A zone as the list of zones shows it: "America/New York". */
export function zoneLabel(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}

/** Who the song's email goes to, as the sentences under the boxes name them. */
export interface DeliveryAudience {
  /** A gift's recipient by name ("Grandma Jo", or "the recipient"); null: the one ordering. */
  recipient: string | null;
  /** The zone of the browser the form is filled in, to say a moment chosen elsewhere on its clock too. */
  localTimeZone?: string;
}

/**
 * The choice said back under the boxes, so the family reads exactly what they asked for, in which
 * zone, and who it reaches (for a gift, its recipient: "you" is the one ordering).
 */
export function deliverySummary(
  choice: DeliveryChoice,
  now: number,
  timeZone: string,
  audience: DeliveryAudience = { recipient: null },
): string {
  const { recipient } = audience;
  if (choice.when === "ready") {
    return recipient
      ? `We'll send the song to ${recipient} as soon as it's ready, within 24 hours.`
      : "We'll send your song as soon as it's ready, within 24 hours.";
  }
  const request = requestOf(choice, timeZone);
  if (!request || requestRefusal(request, now)) {
    return `Choose a day at least 24 hours from now and within the next year, on ${zoneWords(timeZone)}.`;
  }
  const when = describeDeliveryTime(request, now);
  const local = audience.localTimeZone;
  const yours = local && local !== timeZone
    ? ` That's ${describeDeliveryTime({ at: request.at, timeZone: local }, now)} for you.`
    : "";
  return recipient
    ? `The song will reach ${recipient} on ${when}.${yours}`
    : `Your song will arrive on ${when}.${yours}`;
}

/**
 * The boxes' values for a stored request, on the clock it was chosen on (My Songs' change form
 * keeps that zone, so "8:00 in London" stays 8:00 in London wherever the parent opens it).
 */
export function choiceOf(request: RequestedDelivery | null): DeliveryChoice {
  if (!request) return AS_SOON_AS_READY;
  const local = toLocalInput(Date.parse(request.at), request.timeZone);
  return { when: "chosen", date: local.slice(0, 10), time: local.slice(11) };
}

/** A choice read back from storage: only values the boxes could have held, else as soon as ready. */
export function restoreChoice(raw: Partial<Record<keyof DeliveryChoice, unknown>>): DeliveryChoice {
  const when = raw.when === "chosen" ? "chosen" : "ready";
  const date = typeof raw.date === "string" && DATE_SHAPE.test(raw.date) ? raw.date : "";
  const time = typeof raw.time === "string" && TIME_SHAPE.test(raw.time) ? raw.time : MORNING;
  return { when, date, time };
}

/**
 * Whether a message the server answered is its refusal of the chosen day. The server words it with
 * requestRefusal on its own clock, so the sentences are recognised by how that function begins them.
 */
export function isDeliveryRefusal(message: string | undefined): boolean {
  if (!message) return false;
  const day = { at: new Date(0).toISOString(), timeZone: "UTC" };
  const tooSoon = requestRefusal(day, 0) ?? "";
  const tooFar = requestRefusal(day, -2 * LATEST_REQUEST_MS) ?? "";
  return message.startsWith(tooSoon.slice(0, tooSoon.indexOf(","))) || message === tooFar;
}
