import { MAGIC_LINK_TTL_MS, SESSION_TTL_MS } from "../domain/account/sign_in_limits.ts";
import { DRAFT_TTL_MS } from "./checkout_drafts.ts";
import { DEV_MAIL_TTL_MS } from "./dev_mail.ts";

/**
 * What a dump (kv/dump.ts) does with the entries the app writes with `expireIn`. Deno KV never tells
 * a reader when an entry expires, so a dump cannot copy expiries; instead:
 *
 * - ephemeral prefixes are left out unless asked for (`--include-ephemeral`): they are short-lived
 *   or machine-local, and a restored store is better without them (a rate-limit window, a lease, a
 *   sign-in link that dies in 15 minutes, the development mailbox);
 * - for the expiring entries worth keeping, the time they would have expired at is worked out from
 *   the value's own timestamp and the TTL the writing module uses, and written beside the entry, so
 *   the restore gives them what is left of their life (and skips those whose time has passed).
 *
 * A prefix missing from this table is dumped whole and restored without expiry. When a module adds
 * or changes an `expireIn`, add or change its row here (the TTLs that are not exported are repeated
 * below with where they come from).
 */
export interface PrefixPolicy {
  /** Left out of a dump by default. */
  ephemeral: boolean;
  /** When the entry would expire (ms since the epoch), or null if this one does not expire. */
  expiresAt?: (value: unknown, key: Deno.KvKey) => number | null;
}

const DAY = 24 * 60 * 60 * 1000;
/** kv/local_checkout.ts: SESSION_TTL_MS × 14, renewed on each change (so from createdAt is a floor). */
const LOCAL_CHECKOUT_TTL_MS = 14 * DAY;
/** orders/payment_events.ts EVENT_MEMORY_MS. */
const PAYMENT_EVENT_TTL_MS = 30 * DAY;
/** kv/song_uploads.ts RECORD_GRACE_MS. */
const SONG_UPLOAD_GRACE_MS = DAY;
/** providers/music/local.ts TASK_TTL_MS. */
const LOCAL_SONG_TASK_TTL_MS = 7 * DAY;
/** kv/locks.ts KEEP_RELEASED_MS. */
const LOCK_KEEP_MS = DAY;

type Fields = Record<string, unknown>;
const field = (
  value: unknown,
  name: string,
) => (value && typeof value === "object" ? (value as Fields)[name] : null);
/** A field holding an ISO date or epoch ms, plus `ttl`; null when it is missing (then: no expiry). */
const after = (name: string, ttl: number) => (value: unknown) => {
  const raw = field(value, name);
  const time = typeof raw === "number" ? raw : typeof raw === "string" ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(time) ? time + ttl : null;
};

export const APP_DUMP_POLICY: Record<string, PrefixPolicy> = {
  // Ephemeral: left out by default.
  rate_limits: { ephemeral: true },
  unknown_payment_sessions: { ephemeral: true },
  generation_steps: { ephemeral: true },
  locks: { ephemeral: true, expiresAt: after("expiresAt", LOCK_KEEP_MS) },
  // Seconds-long windows and shares of the providers' limits: a restored store starts with none held.
  shared_limits: { ephemeral: true },
  magic_links: { ephemeral: true, expiresAt: after("createdAt", MAGIC_LINK_TTL_MS * 2) },
  dev_mail: { ephemeral: true, expiresAt: after("sentAt", DEV_MAIL_TTL_MS) },
  dev_mail_by_message_id: { ephemeral: true },
  // What this shop last found of its bucket: a restored store finds out afresh.
  storage_outage: { ephemeral: true },
  // Which trace made an order's work due (providers/telemetry.ts): only the running shop's telemetry reads it.
  job_causes: { ephemeral: true },

  // Kept, with what is left of their life.
  sessions: { ephemeral: false, expiresAt: after("expiresAt", 0) },
  sessions_by_user: {
    ephemeral: false,
    expiresAt: (value) => (typeof value === "number" ? value + SESSION_TTL_MS : null),
  },
  checkout_drafts: { ephemeral: false, expiresAt: after("createdAt", DRAFT_TTL_MS) },
  local_checkout: { ephemeral: false, expiresAt: after("createdAt", LOCAL_CHECKOUT_TTL_MS) },
  payment_events: { ephemeral: false, expiresAt: after("handledAt", PAYMENT_EVENT_TTL_MS) },
  // Only an upload no order took expires; an attached one is kept for good (kv/song_uploads.ts).
  song_uploads: {
    ephemeral: false,
    expiresAt: (
      value,
    ) => (field(value, "attachedTo") ? null : after("expiresAt", SONG_UPLOAD_GRACE_MS)(value)),
  },
  local_song_tasks: { ephemeral: false, expiresAt: after("createdAt", LOCAL_SONG_TASK_TTL_MS) },
};

export const EPHEMERAL_PREFIXES = Object.entries(APP_DUMP_POLICY)
  .filter(([, policy]) => policy.ephemeral)
  .map(([prefix]) => prefix);
