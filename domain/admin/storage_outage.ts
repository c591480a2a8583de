/**
 * Our audio bucket being away, as the shop last found it (kv/storage_health.ts keeps the record):
 * staff see it under "Needs attention" and `/healthz?deep=1` reports it. Pure, so the dashboard
 * island shares the shape.
 */
export interface StorageOutage {
  /** When a write first failed (ISO). */
  since: string;
  /** When the latest try failed (ISO): the next is not made before STORAGE_RECHECK_MS after it. */
  lastFailedAt: string;
  /** The bucket's (or the network's) last words, for staff. */
  lastError: string;
}

/**
 * How often a bucket found away is tried again, across the shop: a thousand songs waiting on it
 * cost one write a minute between them, not a thousand, and none asks the music service again
 * meanwhile.
 */
export const STORAGE_RECHECK_MS = 60_000;

/** Whether a bucket recorded as away is due another try at `now`. */
export function recheckDue(outage: StorageOutage, now: number): boolean {
  return now - Date.parse(outage.lastFailedAt) >= STORAGE_RECHECK_MS;
}
