import { assertEquals } from "@std/assert";
import {
  isRetryableStatus,
  parseRetryAfter,
  pushBounded,
  retryDelayMs,
} from "../../../providers/analytics_batching.ts";

Deno.test("a bounded queue keeps the newest and says how many it dropped", () => {
  const queue: number[] = [];
  const dropped = [1, 2, 3, 4, 5].map((n) => pushBounded(queue, n, 3));
  assertEquals(dropped, [0, 0, 0, 1, 1]);
  assertEquals(queue, [3, 4, 5]);
});

Deno.test("429 and 5xx are worth another try; other 4xx never are", () => {
  for (const status of [429, 500, 502, 503, 504]) {
    assertEquals(isRetryableStatus(status), true, String(status));
  }
  for (const status of [400, 401, 403, 404, 413]) {
    assertEquals(isRetryableStatus(status), false, String(status));
  }
});

Deno.test("the wait doubles per try, between half and all of its ceiling, up to the cap", () => {
  const backoff = { baseMs: 1000, maxMs: 30_000 };
  assertEquals([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, backoff, () => 0)), [
    500,
    1000,
    2000,
    4000,
    8000,
    15_000,
    15_000,
  ]);
  assertEquals([1, 2, 3, 6].map((n) => retryDelayMs(n, backoff, () => 1)), [1000, 2000, 4000, 30_000]);
});

Deno.test("a Retry-After is honoured, but never past the cap", () => {
  const backoff = { baseMs: 1000, maxMs: 30_000 };
  assertEquals(retryDelayMs(1, backoff, () => 0, 7000), 7000);
  assertEquals(retryDelayMs(1, backoff, () => 0, 600_000), 30_000);
  assertEquals(retryDelayMs(3, backoff, () => 0, 100), 2000, "a shorter one does not shorten the backoff");
});

Deno.test("Retry-After in seconds or as a date", () => {
  const now = Date.parse("2026-01-15T12:00:00Z");
  assertEquals(parseRetryAfter("7", now), 7000);
  assertEquals(parseRetryAfter("Thu, 15 Jan 2026 12:00:30 GMT", now), 30_000);
  assertEquals(parseRetryAfter("Thu, 15 Jan 2026 11:00:00 GMT", now), 0);
  assertEquals(parseRetryAfter(null, now), null);
  assertEquals(parseRetryAfter("soon", now), null);
});
