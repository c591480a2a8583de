import type { AnalyticsEvent, AnalyticsValue, CleanProperties } from "../domain/analytics/events.ts";
import type { AnalyticsSink, EventContext } from "./analytics.ts";
import {
  type Backoff,
  isRetryableStatus,
  parseRetryAfter,
  pushBounded,
  retryDelayMs,
} from "./analytics_batching.ts";

/**
 * PostHog's batch ingestion (https://posthog.com/docs/api/capture, "Batch events"):
 * `POST {host}/batch/` with `{ api_key, batch: [{ event, uuid, properties: { distinct_id, … }, timestamp }] }`.
 * The project key is public by design: it can only send events. The endpoint takes bodies up to 20 MB
 * (as PostHog's SDK maintainers state in PostHog/posthog-php#110); ours stay far below (50 events whose
 * values the scrubber cuts to 500 characters). It answers 200 when the batch is taken and a 4xx for a
 * batch it will never take (400 malformed, 401 a bad key, 413 too large); 429 and 5xx mean "not now",
 * so only those and network failures are tried again, as PostHog's own SDKs do.
 *
 * Events go out in the background: `send` only queues, so a request never waits on PostHog and never
 * fails because of it. The queue is bounded; while PostHog is away the oldest events give way.
 */
export const POSTHOG_DEFAULTS = {
  /** Events per request. */
  batchSize: 50,
  /** How long a partial batch waits for company before it goes anyway. */
  flushIntervalMs: 5_000,
  /** Queued events at most: about a megabyte, a few minutes of a busy shop's events. */
  maxQueued: 1_000,
  /** Tries per batch, with waits of up to 1, 2, 4 and 8 s between them (half of each random), then it is dropped. */
  maxAttempts: 5,
  backoff: { baseMs: 1_000, maxMs: 30_000 } as Backoff,
  /** One request's limit (AbortSignal.timeout). */
  requestTimeoutMs: 10_000,
  /** What `close()` allows itself at shutdown unless told otherwise. */
  closeTimeoutMs: 3_000,
};

export interface PostHogSinkOptions extends Partial<typeof POSTHOG_DEFAULTS> {
  /** POSTHOG_KEY, the project API key. */
  apiKey: string;
  /** POSTHOG_HOST, without a trailing slash (domain/config.ts trims it). */
  host: string;
  now?: () => number;
  /** Jitter for the backoff; tests pass a fixed one. */
  random?: () => number;
  /** Where problems are reported (console.warn): an analytics outage is worth a line, never an error. */
  warn?: (message: string) => void;
}

export interface PostHogSink extends AnalyticsSink {
  /** Sends everything queued now (retrying as usual) and resolves when each batch was sent or given up. */
  flush(): Promise<void>;
  /** Takes no more events, sends what is queued within `timeoutMs`, and drops (and counts) the rest. */
  close(timeoutMs?: number): Promise<void>;
  /** Counts since the sink was made. */
  readonly stats: { readonly queued: number; readonly sent: number; readonly dropped: number };
}

/** One event as PostHog's batch endpoint takes it. */
export interface CapturedEvent {
  event: AnalyticsEvent;
  /** Fixed when queued and the same on every try, so a batch retried after PostHog took it is known again. */
  uuid: string;
  timestamp: string;
  properties: Record<string, AnalyticsValue>;
}

type Outcome =
  | { kind: "sent" }
  | { kind: "refused"; status: number }
  | { kind: "retry"; reason: string; retryAfterMs: number | null };

export function createPostHogSink(options: PostHogSinkOptions): PostHogSink {
  const settings = { ...POSTHOG_DEFAULTS, ...definedOnly(options) };
  const endpoint = `${options.host}/batch/`;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const warn = options.warn ?? ((message: string) => console.warn(message));

  const queue: CapturedEvent[] = [];
  /** Aborted when close() runs out of time: waits end and requests in flight are cut. */
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pumping: Promise<void> | null = null;
  /** Send partial batches too (the interval passed, or someone flushes), not only full ones. */
  let drainAll = false;
  let closing: Promise<void> | null = null;
  /** Set at the first event dropped for room, cleared once the queue has caught up: one warning a burst. */
  let overflowing = false;
  let sent = 0;
  let dropped = 0;

  function captured(
    event: AnalyticsEvent,
    properties: CleanProperties,
    context: EventContext,
  ): CapturedEvent {
    return {
      event,
      uuid: crypto.randomUUID(),
      timestamp: new Date(context.timestamp ?? now()).toISOString(),
      properties: {
        ...properties,
        // Without an order or a page to name, each event stands alone: a fresh id links it to nothing.
        distinct_id: context.distinctId ?? `server:${crypto.randomUUID()}`,
        // Anonymous events (https://posthog.com/docs/data/anonymous-vs-identified-events): no person profile.
        $process_person_profile: false,
        // These requests come from our server, whose address says nothing of the family; PostHog's
        // server-side SDKs turn the lookup off for the same reason.
        $geoip_disable: true,
      },
    };
  }

  function arm() {
    if (timer !== undefined || pumping || closing) return;
    const armed = setTimeout(() => {
      timer = undefined;
      drainAll = true;
      void pump();
    }, settings.flushIntervalMs);
    // A quiet queue never keeps the process alive; shutdown flushes it through close().
    Deno.unrefTimer(armed);
    timer = armed;
  }

  function pump(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    pumping ??= drain().finally(() => {
      pumping = null;
      if (queue.length > 0) arm();
    });
    return pumping;
  }

  async function drain() {
    while (!stopping.signal.aborted && queue.length > 0 && (drainAll || queue.length >= settings.batchSize)) {
      await deliver(queue.splice(0, settings.batchSize));
    }
    drainAll = false;
    if (queue.length === 0) overflowing = false;
  }

  async function deliver(batch: CapturedEvent[]) {
    for (let attempt = 1;; attempt++) {
      const outcome = await post(batch);
      if (outcome.kind === "sent") {
        sent += batch.length;
        return;
      }
      if (outcome.kind === "refused") {
        dropped += batch.length;
        warn(`PostHog refused ${batch.length} analytics events (HTTP ${outcome.status}); they are dropped.`);
        return;
      }
      if (attempt >= settings.maxAttempts || stopping.signal.aborted) {
        dropped += batch.length;
        warn(
          `PostHog could not take ${batch.length} analytics events after ${attempt} tries ` +
            `(${outcome.reason}); they are dropped.`,
        );
        return;
      }
      await pause(retryDelayMs(attempt, settings.backoff, random, outcome.retryAfterMs));
    }
  }

  async function post(batch: CapturedEvent[]): Promise<Outcome> {
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: options.apiKey, batch }),
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(settings.requestTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.ok) return { kind: "sent" };
      if (!isRetryableStatus(response.status)) return { kind: "refused", status: response.status };
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now());
      return { kind: "retry", reason: `HTTP ${response.status}`, retryAfterMs };
    } catch (error) {
      return {
        kind: "retry",
        reason: error instanceof Error ? error.message : String(error),
        retryAfterMs: null,
      };
    }
  }

  /** Waits `ms`, or less when close() runs out of time. */
  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(wait);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      };
      const wait = setTimeout(done, ms);
      stopping.signal.addEventListener("abort", done, { once: true });
    });
  }

  async function flush() {
    do {
      drainAll = true;
      await pump();
    } while (queue.length > 0 && !stopping.signal.aborted);
  }

  return {
    send(event, properties, context = {}) {
      if (closing) return;
      const excess = pushBounded(queue, captured(event, properties, context), settings.maxQueued);
      if (excess > 0) {
        dropped += excess;
        if (!overflowing) {
          overflowing = true;
          warn(
            `PostHog is behind: ${settings.maxQueued} analytics events are waiting, so the oldest are ` +
              "being dropped until it catches up.",
          );
        }
      }
      if (queue.length >= settings.batchSize) void pump();
      else arm();
    },

    flush,

    close(timeoutMs = settings.closeTimeoutMs) {
      closing ??= (async () => {
        clearTimeout(timer);
        timer = undefined;
        const limit = setTimeout(() => stopping.abort(), timeoutMs);
        try {
          await flush();
        } finally {
          clearTimeout(limit);
        }
        if (queue.length > 0) {
          dropped += queue.length;
          warn(`PostHog: ${queue.length} analytics events were still queued at shutdown and are lost.`);
          queue.length = 0;
        }
      })();
      return closing;
    },

    stats: {
      get queued() {
        return queue.length;
      },
      get sent() {
        return sent;
      },
      get dropped() {
        return dropped;
      },
    },
  };
}

/** Options left undefined keep their defaults instead of replacing them with undefined. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
