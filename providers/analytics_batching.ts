/**
 * The arithmetic of sending analytics in batches, apart from the network so it can be tested as is:
 * a queue that never grows past its cap, which answers are worth another try, and how long to wait
 * before it.
 */

/**
 * Appends `item`; past `capacity` the oldest items go (the newest say most about now, and memory stays
 * bounded while the service is away). Answers how many were dropped.
 */
export function pushBounded<T>(queue: T[], item: T, capacity: number): number {
  queue.push(item);
  const excess = Math.max(0, queue.length - capacity);
  if (excess > 0) queue.splice(0, excess);
  return excess;
}

/**
 * Rate limited or the service's own failure: another try may succeed. Any other 4xx says the batch
 * itself is wrong (a bad key, a malformed body) and would be refused forever.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before try `attempt + 1`: exponential, capped, with equal jitter (half fixed, half random)
 * so instances that failed together do not come back together. A Retry-After the service sent is
 * honoured up to the cap.
 */
export function retryDelayMs(
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
  retryAfterMs: number | null = null,
): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.min(backoff.maxMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
