import type { AnalyticsEvent, AnalyticsValue } from "./events.ts";
import type { Config } from "../config.ts";

/**
 * What a page may report through our own endpoint (POST /api/events), shared by the page that batches
 * events (islands/lib/analytics.ts) and the route that takes them (routes/api/events.ts), so both
 * count with the same limits.
 */

/**
 * What pages do with their events, written on `<html data-analytics>` by the renderer: log them to
 * the console in development, and send them when PostHog is configured. Without a key a page sends
 * nothing, so no request is spent on events nobody will receive.
 */
export type PageAnalyticsMode = "console" | "send";

export function pageAnalyticsModes(config: Pick<Config, "env" | "analytics">): PageAnalyticsMode[] {
  const modes: PageAnalyticsMode[] = [];
  if (config.env === "development") modes.push("console");
  if (config.analytics.posthogKey) modes.push("send");
  return modes;
}

/** One event as a page sends it: already scrubbed there, scrubbed again on the server. */
export interface BrowserEvent {
  event: AnalyticsEvent;
  properties: Record<string, AnalyticsValue>;
  /** When it happened, in the page's clock (ms since the epoch). */
  ts?: number;
}

export interface BrowserEventBatch {
  /** The page's random id (islands/lib/analytics.ts); absent where storage is off. */
  anonymousId?: string;
  events: BrowserEvent[];
}

export const BROWSER_EVENT_LIMITS = {
  /** Events per request. */
  maxEvents: 10,
  /** A request's body: ten events with a few short properties each fit several times over. */
  maxBytes: 8 * 1024,
  maxProperties: 20,
  maxPropertyNameLength: 64,
  maxStringLength: 500,
  /** How long a page holds its first queued event before sending: a few clicks go as one request. */
  flushDelayMs: 2_000,
  /** A page that cannot send (offline) keeps the newest this many and forgets older ones. */
  maxQueued: 50,
} as const;

/**
 * Events whose truth is the server's: it tracks them itself (payments from the stored price, sign-ins,
 * the first delivery), so a page does not send them; the server takes from pages only the events
 * domain/analytics/browser_event_properties.ts documents. Revenue can then never come from a browser.
 */
export const SERVER_ONLY_EVENTS: readonly AnalyticsEvent[] = [
  "Payment Initiated",
  "Payment Success",
  "Order Completed",
  "Promo Code Applied",
  "User Signup",
  "User Login",
  "User Logout",
  "Magic Link Accessed",
];

export function acceptedFromBrowser(event: AnalyticsEvent): boolean {
  return !SERVER_ONLY_EVENTS.includes(event);
}

/** A page's random id: a version 4 UUID and nothing else, so no text can ride in it. */
export const ANONYMOUS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const HOUR = 60 * 60 * 1000;
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * The time recorded for a page's event: its own, when that is plausible for an event held a few
 * seconds (a clock off by hours, or a replayed request, takes the server's time instead).
 */
export function eventTime(ts: number | undefined, now: number): number {
  if (ts === undefined || ts < now - HOUR || ts > now + FUTURE_SKEW_MS) return now;
  return ts;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).byteLength;

/**
 * The next request's events from the head of `queue`, within the count and byte limits, and what is
 * left. An event that could never fit a request on its own is dropped (the batch is then empty), so
 * one oversized event cannot block the rest.
 */
export function splitBatch(
  queue: readonly BrowserEvent[],
  anonymousId: string | undefined,
  limits: { maxEvents: number; maxBytes: number } = BROWSER_EVENT_LIMITS,
): { batch: BrowserEvent[]; rest: BrowserEvent[] } {
  let size = byteLength(JSON.stringify({ anonymousId, events: [] }));
  let taken = 0;
  for (const event of queue) {
    if (taken === limits.maxEvents) break;
    const added = byteLength(JSON.stringify(event)) + (taken > 0 ? 1 : 0);
    if (size + added > limits.maxBytes) break;
    size += added;
    taken++;
  }
  if (taken === 0 && queue.length > 0) return { batch: [], rest: queue.slice(1) };
  return { batch: queue.slice(0, taken), rest: queue.slice(taken) };
}
