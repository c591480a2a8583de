/**
 * Delivery on a chosen day (a gift for the birthday morning): the rule for when the song's email may be
 * asked for, when it is then sent, and how the moment is said back to the family. Pure, so the
 * order form, My Songs, the dashboard and the server all read the same rule.
 *
 * A request is a wall-clock time in the buyer's own time zone ("14 March, 8:00 in London"), kept as the
 * instant it names plus the zone it was chosen in, so it is said back in the family's words wherever it
 * is read, and a clock change between ordering and the day does not move it.
 */
export interface RequestedDelivery {
  /** The instant the family asked for (ISO). */
  at: string;
  /** The IANA zone it was chosen in ("Europe/London"). */
  timeZone: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The earliest the studio can honour: the song is made, reviewed by staff and then sent. */
export const EARLIEST_REQUEST_MS = 24 * HOUR_MS;
/** A request is for a day within the coming year. */
export const LATEST_REQUEST_MS = 365 * DAY_MS;

/** What the form's date-and-time box gives: "2026-03-14T08:00". */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export const TIME_ZONE_MAX_CHARS = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "long",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The zone's canonical IANA name ("Europe/London", "UTC"), or null for anything else. Intl also takes
 * a fixed offset ("+05:00"), which is refused: it ignores summer time, so "8:00" would drift by an
 * hour for half the year, and it names no place to say back to the family.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > TIME_ZONE_MAX_CHARS || !/^[A-Za-z]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The zones a family may pick from, canonical and sorted, with `current` (the browser's own, which
 * an older runtime may spell differently) always among them. Empty where the runtime cannot list them.
 */
export function timeZoneChoices(current: string): string[] {
  // Listed and sorted once: the list is drawn again at every keystroke in the form.
  listedZones ??= [
    ...new Set([
      "UTC",
      ...(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []),
    ]),
  ].sort(byName);
  if (!current || listedZones.includes(current)) return listedZones;
  return [...listedZones, current].sort(byName);
}

let listedZones: string[] | null = null;
const byName = (a: string, b: string) => a.localeCompare(b, "en");

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: string;
}

/** What a clock in `timeZone` shows at `instant`. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: parts.weekday,
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms (whole minutes: seconds are dropped). */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time ("2026-03-14T08:00") names in `timeZone`, or null when it is not one.
 * Where the clocks change it resolves as Temporal's "compatible" does: a time the clocks skip (01:30 on
 * the spring-forward night in London) is the same length of time after the change (02:30), and a time
 * they show twice (01:30 on the fall-back night) is the first of the two.
 */
export function instantOf(local: string, timeZone: string): number | null {
  const match = LOCAL_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // The zone's offsets either side of the day: at most one change falls between them.
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((instant) => toLocalInput(instant, timeZone) === local.slice(0, 16))
    .sort((a, b) => a - b);
  return candidates[0] ?? asUtc - before;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The wall-clock time at `instant` in the date-and-time box's own format ("2026-03-14T08:00"). */
export function toLocalInput(instant: number, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The place a zone is named after, as people say it: "Europe/London" → "London". */
export function placeOf(timeZone: string): string {
  const place = timeZone.split("/").pop() ?? timeZone;
  return place.replaceAll("_", " ");
}

/** English month names, January first, as dates are said to families and sung. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * The moment in the family's words: "Saturday 14 March, 8:00 in London", with the year when it is not
 * this year's (in that zone).
 */
export function describeDeliveryTime(request: RequestedDelivery, now?: number): string {
  const { timeZone } = request;
  const clock = wallClockAt(Date.parse(request.at), timeZone);
  const thisYear = now === undefined || wallClockAt(now, timeZone).year === clock.year;
  const date = `${clock.weekday} ${clock.day} ${MONTHS[clock.month - 1]}${thisYear ? "" : ` ${clock.year}`}`;
  return `${date}, ${clock.hour}:${pad(clock.minute)} in ${placeOf(timeZone)}`;
}

/** The moment in a dashboard row's few characters: "14 Mar 8:00" (the family's own clock). */
export function shortDeliveryTime(request: RequestedDelivery): string {
  const clock = wallClockAt(Date.parse(request.at), request.timeZone);
  return `${clock.day} ${MONTHS[clock.month - 1].slice(0, 3)} ${clock.hour}:${pad(clock.minute)}`;
}

/** The first moment a request made at `now` may name. */
export const earliestRequestAt = (now: number) => now + EARLIEST_REQUEST_MS;

/**
 * Why the family cannot ask for `request` at `now`, in their words, or null when the studio can honour
 * it: a day at least 24 hours away and within the coming year.
 */
export function requestRefusal(request: RequestedDelivery, now: number): string | null {
  const at = Date.parse(request.at);
  if (at < earliestRequestAt(now)) {
    // Said to the minute the boxes offer: the first whole minute that is late enough.
    const earliest = Math.ceil(earliestRequestAt(now) / 60_000) * 60_000;
    const words = describeDeliveryTime(
      { at: new Date(earliest).toISOString(), timeZone: request.timeZone },
      now,
    );
    return `We need at least 24 hours to make your song, so please choose ${words} or later.`;
  }
  if (at > now + LATEST_REQUEST_MS) {
    return "Please choose a delivery day within the next year.";
  }
  return null;
}

/**
 * When an approved song's email goes: the delay staff give every song after approval, or the family's
 * chosen moment when that is later. A song approved after the chosen moment goes after the delay.
 */
export function scheduledSendAt(
  approvedAt: number,
  delayMs: number,
  request: RequestedDelivery | null,
): number {
  const afterReview = approvedAt + delayMs;
  return request ? Math.max(afterReview, Date.parse(request.at)) : afterReview;
}

/**
 * Whether sending the song's email at `now` comes before the moment the family chose (a gift booked
 * for the birthday morning). Such a send goes only when staff confirm it for that order: the row's
 * Send Now asks first, and a bulk Send Now names each one and needs it confirmed by id.
 */
export function sendsEarly(order: { requestedDelivery?: RequestedDelivery | null }, now: number): boolean {
  const request = order.requestedDelivery;
  return !!request && Date.parse(request.at) > now;
}

/** Whether the family's chosen moment, not the delay after approval, decides the send. */
export function requestDecides(
  approvedAt: number,
  delayMs: number,
  request: RequestedDelivery | null,
): boolean {
  return !!request && Date.parse(request.at) > approvedAt + delayMs;
}
