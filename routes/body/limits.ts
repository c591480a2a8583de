import { BROWSER_EVENT_LIMITS } from "../../domain/analytics/browser_events.ts";

/**
 * How large each route's body may be, sized to what it carries (ARCHITECTURE.md §10 lengths, with
 * room for JSON escaping at six bytes a character). Anything not listed carries a few small fields.
 * The song upload reads its own body (routes/api/admin/song_upload_body.ts), after the admin check.
 */
const KIB = 1024;

const ROUTE_BODY_LIMITS: readonly { pattern: RegExp; maxBytes: number }[] = [
  // Stripe's events carry the whole checkout session.
  { pattern: /^\/api\/webhooks\/stripe$/, maxBytes: 512 * KIB },
  // The music service's callback carries lyrics and track details.
  { pattern: /^\/api\/webhooks\/suno$/, maxBytes: 256 * KIB },
  // The order form: a dozen free-text fields of 2,000 characters.
  { pattern: /^\/api\/(guest\/)?(create-checkout-session|orders)$/, maxBytes: 256 * KIB },
  // Prompts, lyrics and manual orders: up to 20,000 characters each.
  { pattern: /^\/api\/admin\//, maxBytes: 256 * KIB },
  // A page's analytics batch, which the page itself keeps within this.
  { pattern: /^\/api\/events$/, maxBytes: BROWSER_EVENT_LIMITS.maxBytes },
];

const SMALL_BODY_BYTES = 16 * KIB;

export function bodyLimitFor(path: string): number {
  return ROUTE_BODY_LIMITS.find((route) => route.pattern.test(path))?.maxBytes ?? SMALL_BODY_BYTES;
}

/** Uploads are large and may come over a slow studio connection, but not forever. */
export const UPLOAD_DEADLINE_MS = 180_000;
