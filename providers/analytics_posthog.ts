import { PostHog, type PostHogOptions } from "posthog-node";
import type { AnalyticsSink } from "./analytics.ts";

/**
 * PostHog's own server client (posthog-node) does the sending: batches to `{host}/batch/`, retries of
 * a 429, a 5xx or a dropped connection, a bounded queue whose oldest events give way, and a flush at
 * shutdown. What stays ours is what leaves: scrubbed properties (providers/analytics.ts), anonymous
 * events with no person profile, and no geo-IP lookup, since the address it would read is our server's.
 *
 * `send` only queues, so a request never waits on PostHog and never fails because of it.
 */
export interface PostHogSinkOptions {
  /** POSTHOG_KEY, the project API key: public by design, it can only send events. */
  apiKey: string;
  /** POSTHOG_HOST, without a trailing slash (domain/config.ts trims it). */
  host: string;
  /** The client's own settings past ours; tests shorten its waits. */
  client?: Partial<PostHogOptions>;
  /** Where a batch PostHog refused or never took is reported: an analytics outage is worth a line. */
  warn?: (message: string) => void;
}

export interface PostHogSink extends AnalyticsSink {
  /** Sends everything queued now and resolves when each batch was sent or given up. */
  flush(): Promise<void>;
  /** Takes no more events and sends what is queued within `timeoutMs`; the rest is lost. */
  close(timeoutMs?: number): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 3_000;

export function createPostHogSink(options: PostHogSinkOptions): PostHogSink {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  /** Aborted once close has given the client its time: its requests then end at once (see `answer`). */
  const stopping = new AbortController();
  const client = new PostHog(options.apiKey, {
    // 50 events a request; at most 1,000 queued (about a megabyte) while PostHog is away.
    flushAt: 50,
    maxQueueSize: 1_000,
    ...options.client,
    host: options.host,
    disableGeoip: true,
    fetch: answer,
  });
  client.on("error", (error) => warn(`PostHog did not take a batch of analytics events: ${describe(error)}`));
  let closing: Promise<void> | null = null;

  /**
   * The client's fetch, cut short once close has run out of time. The client would otherwise wait out
   * its retries of every batch still queued; answering them taken lets it empty its queue now, and the
   * events are as lost as they would be at exit.
   */
  async function answer(url: string, init: Parameters<NonNullable<PostHogOptions["fetch"]>>[1]) {
    if (stopping.signal.aborted) return new Response(null, { status: 200 });
    const signal = init.signal ? AbortSignal.any([init.signal, stopping.signal]) : stopping.signal;
    try {
      return await fetch(url, { ...init, signal });
    } catch (error) {
      if (stopping.signal.aborted) return new Response(null, { status: 200 });
      throw error;
    }
  }

  return {
    send(event, properties, context = {}) {
      if (closing) return;
      client.capture({
        event,
        // Without an order or a page to name, each event stands alone: a fresh id links it to nothing.
        distinctId: context.distinctId ?? `server:${crypto.randomUUID()}`,
        // Anonymous events (https://posthog.com/docs/data/anonymous-vs-identified-events).
        properties: { ...properties, $process_person_profile: false },
        timestamp: new Date(context.timestamp ?? Date.now()),
      });
    },

    // The client has reported a failure through its "error" event already.
    flush: () => client.flush().catch(() => {}),

    close(timeoutMs = CLOSE_TIMEOUT_MS) {
      closing ??= (async () => {
        await client.shutdown(timeoutMs);
        // What was still under way ends now (answered above): nothing of the client outlives close.
        stopping.abort();
        await client.flush().catch(() => {});
      })();
      return closing;
    },
  };
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "status" in error) return `HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
