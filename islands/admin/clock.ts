import { signal } from "@preact/signals-react";
import { COUNTDOWN_REFRESH_MS } from "./countdown.ts";

/**
 * The browser's time for what depends on it (local dates, the send countdown). Null during the
 * server render and hydration, so both write the same text; then set, and moved on every 60 s.
 */
export const clientNow = signal<number | null>(null);

/** The browser's own time zone: the days staff pick and the times they read are on their clock. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Started once by the dashboard; answers a function that stops it. */
export function startClientClock(intervalMs = COUNTDOWN_REFRESH_MS): () => void {
  clientNow.value = Date.now();
  const timer = setInterval(() => (clientNow.value = Date.now()), intervalMs);
  return () => clearInterval(timer);
}
