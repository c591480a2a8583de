/**
 * PostHog's batch ingestion on loopback (https://posthog.com/docs/api/capture): `POST /batch/` with
 * `{ api_key, batch: [...] }`, plain or gzipped (Content-Encoding), answered the way the real one
 * answers, and failing on demand, so tests drive the real client (providers/analytics_posthog.ts) end
 * to end.
 *
 *   await using posthog = startPostHogFake({ apiKey: "phc_test" });
 *   const sink = createPostHogSink({ apiKey: "phc_test", host: posthog.origin });
 *   posthog.failNext({ status: 503 }, 2);   // the next two requests
 *   ...
 *   posthog.events()                        // every event of every batch it took
 */
import { startLoopbackServer } from "./loopback.ts";

/** How the fake fails a request instead of taking it; "reset" cuts the connection without an answer. */
export type PostHogFault = { status: number; retryAfterSeconds?: number } | "reset" | "timeout";

export interface PostHogFakeOptions {
  /** Any other `api_key` is answered 401, as PostHog answers a key it does not know. */
  apiKey?: string;
}

/** One event as it arrived. */
export interface ReceivedEvent {
  event: string;
  uuid?: string;
  timestamp?: string;
  /** With `distinct_id` among them wherever the event carried it: PostHog takes it in either place. */
  properties: Record<string, unknown>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  /** The body as sent (unzipped), to search for anything that should never have left. */
  text: string;
  /** The HTTP status answered, or the fault that replaced the answer. */
  answer: number | "reset" | "timeout";
}

/** PostHog's documented limit for one batch request. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export function startPostHogFake(options: PostHogFakeOptions = {}) {
  const requests: ReceivedRequest[] = [];
  /** The batches it took, in order. */
  const batches: ReceivedEvent[][] = [];
  const faults: PostHogFault[] = [];

  const server = startLoopbackServer(async (request, info) => {
    const gzipped = request.headers.get("content-encoding") === "gzip";
    const text = gzipped
      ? await new Response(request.body!.pipeThrough(new DecompressionStream("gzip"))).text()
      : await request.text();
    const url = new URL(request.url);
    const record: ReceivedRequest = { method: request.method, path: url.pathname, text, answer: 200 };
    requests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.answer = status;
      return Response.json(body, { status, headers });
    };

    if (request.method !== "POST" || url.pathname !== "/batch/") return answer(404, { detail: "Not found" });
    const fault = faults.shift();
    if (fault === "reset" || fault === "timeout") {
      record.answer = fault;
      if (fault === "reset") server.drop(info);
      return await server.hang();
    }
    if (fault) {
      const headers: Record<string, string> = fault.retryAfterSeconds === undefined
        ? {}
        : { "retry-after": String(fault.retryAfterSeconds) };
      return answer(fault.status, { type: "fault", detail: `Injected ${fault.status}` }, headers);
    }
    if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) {
      return answer(413, { type: "validation_error", detail: "Payload too large" });
    }
    let body: { api_key?: unknown; batch?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return answer(400, { type: "validation_error", detail: "Malformed request data" });
    }
    if (
      typeof body.api_key !== "string" || (options.apiKey !== undefined && body.api_key !== options.apiKey)
    ) {
      return answer(401, { type: "authentication_error", detail: "Project API key invalid" });
    }
    if (!Array.isArray(body.batch) || body.batch.length === 0 || !body.batch.every(isEvent)) {
      return answer(400, { type: "validation_error", detail: "Invalid batch" });
    }
    batches.push(body.batch.map(({ distinct_id, ...event }: ReceivedEvent & { distinct_id?: string }) => ({
      ...event,
      properties: { ...event.properties, ...(distinct_id === undefined ? {} : { distinct_id }) },
    })));
    return answer(200, { status: 1 });
  });

  return {
    origin: server.origin,
    requests,
    batches,
    /** Every event of every batch taken, in order. */
    events: (): ReceivedEvent[] => batches.flat(),
    /** The next `times` requests get `fault` instead of being taken. */
    failNext(fault: PostHogFault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    [Symbol.asyncDispose]: () => server[Symbol.asyncDispose](),
  };
}

export type PostHogFake = ReturnType<typeof startPostHogFake>;

/** PostHog needs an event name and a distinct id (in the event or its properties) for each event. */
function isEvent(value: unknown): value is ReceivedEvent {
  if (!value || typeof value !== "object") return false;
  const event = value as { event?: unknown; distinct_id?: unknown; properties?: { distinct_id?: unknown } };
  const distinctId = event.distinct_id ?? event.properties?.distinct_id;
  return typeof event.event === "string" && event.event !== "" && typeof distinctId === "string" &&
    distinctId !== "" && (event.properties === undefined || typeof event.properties === "object");
}
