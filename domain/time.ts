import { instantOf } from "./delivery/requested.ts";

/** Seconds (decimals allowed, as config gives them) in the milliseconds timers and KV take. */
export const seconds = (value: number) => Math.round(value * 1000);

/** The stored form of an instant: orders and events keep ISO strings, readable in a dump. */
export const iso = (ms: number) => new Date(ms).toISOString();

const DAY_MS = 86_400_000;

/**
 * A day ("2026-11-27") as the instants it spans on a clock in `timeZone`: [start, end), 23 or 25 hours
 * across a clock change. Staff pick days in their own zone, so a shared link lists the same things.
 */
export function dayRange(day: string, timeZone: string): { start: number; end: number } {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const startOf = (date: string) => instantOf(`${date}T00:00`, timeZone) ?? Date.parse(`${date}T00:00:00Z`);
  return { start: startOf(day), end: startOf(next) };
}
