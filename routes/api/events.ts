import { Hono } from "hono";
import { z } from "zod";
import { ANALYTICS_EVENTS } from "../../domain/analytics/events.ts";
import {
  documentedProperties,
  isBrowserReportedEvent,
} from "../../domain/analytics/browser_event_properties.ts";
import {
  ANONYMOUS_ID,
  BROWSER_EVENT_LIMITS as LIMITS,
  eventTime,
} from "../../domain/analytics/browser_events.ts";
import type { AppEnv } from "../request_context.ts";
import { EVENTS_LIMIT, limitPerClient } from "../middleware/client_limit.ts";
import { valid } from "./validate.ts";

/**
 * Pages' analytics (customer-side §3), first-party: a page posts a small batch here and the server
 * passes on each event's documented properties (domain/analytics/browser_event_properties.ts) through the same
 * `track` as its own events, which scrubs them again, so PostHog is never called from the browser (the content security policy stays `connect-src 'self'`). A browser that
 * sent DNT or GPC gets the untracked deps (routes/app.ts): its events are answered and dropped.
 * Accepted or not, the answer is 204: the page has nothing to do differently.
 */
export const eventsApi = new Hono<AppEnv>();

const propertyValue = z.union([z.string().max(LIMITS.maxStringLength), z.number(), z.boolean(), z.null()]);

const browserEvent = z.object({
  event: z.enum(ANALYTICS_EVENTS, { error: "That is not an analytics event we record." }),
  properties: z.record(z.string().max(LIMITS.maxPropertyNameLength), propertyValue)
    .refine((properties) => Object.keys(properties).length <= LIMITS.maxProperties, {
      error: `An analytics event may carry at most ${LIMITS.maxProperties} properties.`,
    })
    .default({}),
  ts: z.number().int().nonnegative().optional(),
});

const batchBody = z.object({
  anonymousId: z.string().regex(ANONYMOUS_ID, { error: "anonymousId must be a random UUID." }).optional(),
  events: z.array(browserEvent).min(1).max(LIMITS.maxEvents),
});

eventsApi.post("/events", valid("json", batchBody), limitPerClient(EVENTS_LIMIT), (c) => {
  const { track, clock } = c.var.deps;
  const { anonymousId, events } = c.req.valid("json");
  const now = clock.now();
  // A page without storage sends no id: its events still count, as one visit.
  const distinctId = `browser:${anonymousId ?? crypto.randomUUID()}`;
  for (const { event, properties, ts } of events) {
    if (!isBrowserReportedEvent(event)) continue;
    track(event, documentedProperties(event, properties), { distinctId, timestamp: eventTime(ts, now) });
  }
  return c.body(null, 204);
});
