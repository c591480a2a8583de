import { z } from "zod";
import type { AnalyticsEvent, CleanProperties } from "./events.ts";
import { FAQ_ITEMS } from "../site/faq.ts";
import { REACTION_VIDEOS } from "../site/reactions.ts";
import { SOCIAL_LABEL } from "../site/site.ts";

/**
 * What each event a page may report carries (customer-side §3, analytics), property by property with
 * its type: the server passes on these and nothing else, so a hand-made request to the open
 * `/api/events` cannot make PostHog carry free text. Where a value is one of a known few (a FAQ
 * question, a video, an endpoint), it must be one of them; free strings are not accepted at all. The
 * scrubbing in domain/analytics/events.ts still runs after this, as a second line.
 *
 * Server-only (zod); the pages' own `track` calls are kept in step by the tests that post what pages
 * send (tests/integration/analytics/events_endpoint_test.ts, tests/e2e/analytics_test.ts).
 */

const orderId = z.uuid();
const httpStatus = z.number().int().min(0).max(599);
const percent = z.number().min(0).max(100);
/** An order form control's `name`: a camelCase identifier, so no address, number or token fits in it. */
const formField = z.string().regex(/^[a-z][A-Za-z]{1,39}$/);
/** A path of ours: no query (where private links carry their token), no spaces or `@`. */
const pagePath = z.string().max(200).regex(/^\/[A-Za-z0-9/_.~-]*$/);

/** What `track` adds to every page event (islands/lib/analytics.ts), and the open-events' sign-in flag. */
const EVERY_PAGE_EVENT = {
  deviceClass: z.enum(["mobile", "tablet", "desktop"]),
  path: pagePath,
  signedIn: z.boolean(),
};

const songVersion = z.literal(2);

export const BROWSER_EVENT_PROPERTIES = {
  "Order Started": {},
  "Order Form Submitted": {
    completeness: percent,
    includeStreaming: z.boolean(),
    isGift: z.boolean(),
    deliveryOnChosenDay: z.boolean(),
  },
  "Payment Failed": { reason: z.enum(["unpaid"]) },
  "Song Played": {
    orderId,
    trigger: z.enum(["open", "button"]),
    version: songVersion,
    source: z.enum(["my-songs"]),
  },
  "Song Downloaded": { orderId, version: songVersion },
  "Song Paused": { orderId, at: z.number().min(0), version: songVersion, source: z.enum(["my-songs"]) },
  "Unboxing Viewed": { orderId, ready: z.boolean(), skipped: z.boolean() },
  "Sample Song Played": { videoId: z.enum(REACTION_VIDEOS.map((video) => video.id)) },
  "Admin Access": {},
  "Auth Verify": { outcome: z.enum(["success", "failed"]), status: httpStatus },
  "Form Field Focused": { field: formField },
  "Form Field Completed": { field: formField, completeness: percent },
  "FAQ Viewed": { question: z.enum(FAQ_ITEMS.map((item) => item.question)) },
  "Contact Clicked": { target: z.enum(["email"]) },
  "Social Link Clicked": { target: z.enum([SOCIAL_LABEL]) },
  "Unbox Clicked": { orderId },
  "Error Occurred": {},
  "API Error": {
    endpoint: z.enum([
      "DELETE /api/orders/{id}",
      "POST /api/orders/{id}/retry-generation",
      "PUT /api/orders/{id}/delivery-time",
    ]),
    status: httpStatus,
  },
} satisfies Partial<Record<AnalyticsEvent, Record<string, z.ZodType>>>;

export type BrowserReportedEvent = keyof typeof BROWSER_EVENT_PROPERTIES;

export function isBrowserReportedEvent(event: AnalyticsEvent): event is BrowserReportedEvent {
  return Object.hasOwn(BROWSER_EVENT_PROPERTIES, event);
}

/**
 * The event's documented properties that hold a value of their documented type; anything else is left
 * out, property by property, so a page one release behind still counts its event.
 */
export function documentedProperties(
  event: BrowserReportedEvent,
  properties: Record<string, unknown>,
): CleanProperties {
  const schema: Record<string, z.ZodType> = { ...EVERY_PAGE_EVENT, ...BROWSER_EVENT_PROPERTIES[event] };
  const kept: CleanProperties = {};
  for (const [name, value] of Object.entries(properties)) {
    if (!Object.hasOwn(schema, name)) continue;
    const parsed = schema[name].safeParse(value);
    if (parsed.success) kept[name] = parsed.data as CleanProperties[string];
  }
  return kept;
}
