import {
  type AnalyticsEvent,
  type AnalyticsProperties,
  deviceClass,
  scrubProperties,
} from "../../domain/analytics/events.ts";
import { refusesTracking } from "../../domain/analytics/consent.ts";
import {
  acceptedFromBrowser,
  ANONYMOUS_ID,
  BROWSER_EVENT_LIMITS,
  type BrowserEvent,
  type PageAnalyticsMode,
  splitBatch,
} from "../../domain/analytics/browser_events.ts";
import { readStored, writeStored } from "./storage.ts";

/**
 * Browser-side `track`: adds the device class and page, scrubs personal data, and (where the server
 * says PostHog is on, `<html data-analytics>`) queues the event for our own /api/events, which passes
 * it on. Events go a few at a time, on a short timer and when the page is hidden or left, with
 * `keepalive` so a navigation does not cut them off. A browser with Do Not Track or Global Privacy
 * Control on sends nothing. Nothing here ever throws into the page.
 */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}) {
  try {
    const clean = scrubProperties({
      ...properties,
      deviceClass: deviceClass(globalThis.innerWidth),
      path: location.pathname,
    });
    const modes = pageModes();
    if (modes.includes("console")) console.info(`[analytics] ${event}`, clean);
    if (modes.includes("send") && acceptedFromBrowser(event) && !browserRefusesTracking()) {
      enqueue({ event, properties: clean, ts: Date.now() });
    }
  } catch {
    // Analytics must never break the page.
  }
}

function pageModes(): PageAnalyticsMode[] {
  return (document.documentElement.dataset.analytics ?? "").split(" ") as PageAnalyticsMode[];
}

function browserRefusesTracking(): boolean {
  const { doNotTrack, globalPrivacyControl } = navigator as Navigator & { globalPrivacyControl?: boolean };
  return refusesTracking({ doNotTrack, globalPrivacyControl });
}

let queue: BrowserEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function enqueue(event: BrowserEvent) {
  queue.push(event);
  if (queue.length > BROWSER_EVENT_LIMITS.maxQueued) queue = queue.slice(-BROWSER_EVENT_LIMITS.maxQueued);
  if (!listening) {
    listening = true;
    // The last moments a page is sure to run: leaving it, or switching away (it may never come back).
    addEventListener("pagehide", sendQueued);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") sendQueued();
    });
  }
  if (queue.length >= BROWSER_EVENT_LIMITS.maxEvents) sendQueued();
  else timer ??= setTimeout(sendQueued, BROWSER_EVENT_LIMITS.flushDelayMs);
}

function sendQueued() {
  clearTimeout(timer);
  timer = undefined;
  const anonymousId = pageVisitorId();
  while (queue.length > 0) {
    const { batch, rest } = splitBatch(queue, anonymousId);
    queue = rest;
    if (batch.length === 0) continue;
    fetch("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ anonymousId, events: batch }),
      keepalive: true,
      // Events are anonymous: no cookie goes with them, so the server never looks up a session for one.
      credentials: "omit",
    }).catch(() => {
      // Lost events are only statistics: never retried, never shown.
    });
  }
}

const VISITOR_ID_KEY = "lh_analytics_id";
let visitorId: string | undefined;

/**
 * A random id for this browser, made here and kept in local storage (no cookie), so PostHog can count
 * visitors without knowing who anyone is. Where storage is off it lasts as long as the page.
 */
function pageVisitorId(): string | undefined {
  if (visitorId) return visitorId;
  const stored = readStored(VISITOR_ID_KEY);
  if (stored && ANONYMOUS_ID.test(stored)) return visitorId = stored;
  // Outside a secure context there is no randomUUID; the server then gives each request its own id.
  if (typeof crypto.randomUUID !== "function") return undefined;
  visitorId = crypto.randomUUID();
  writeStored(VISITOR_ID_KEY, visitorId);
  return visitorId;
}
