import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  isSpanContextValid,
  metrics,
  ProxyTracerProvider,
  type Span,
  type SpanContext,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { JobLane, JobName } from "../domain/order/due_work.ts";
import type { CallFacts } from "../domain/generation/provider_calls.ts";
import { keys } from "../kv/keys.ts";

/**
 * What an operator sees of the shop's own work through OpenTelemetry (docs/deploy.md, "Telemetry").
 * Deno exports it over OTLP when the process runs with `OTEL_DENO=true`, and traces `Deno.serve` and
 * `fetch` by itself; this module names everything the shop adds, so no other file holds a span's,
 * a metric's or an attribute's name:
 *
 * - a span for each run of a job (a generation step, an email, timed lyrics), parented on the request
 *   that made the work due: the request's trace context is kept beside the order, in the write that
 *   made the work due (`rememberCause`), so a queue message, the sweeper, another instance or a run
 *   after a restart all find it;
 * - a span for each call to an outside service, around Deno's own `fetch` span;
 * - the metrics below;
 * - one log line per job run, inside its span, so its trace id goes with it.
 *
 * Attributes pass through `attributesOf`, which keeps only the keys in ATTRIBUTE_KINDS: ids, stages,
 * outcomes and counts. A name, an email address, lyrics or a provider's own words never leave this
 * way. With telemetry off every call here costs a check and nothing else.
 */

const SCOPE = "little-hits";

/** The only attribute keys the shop's spans and metrics carry, each with its value's type. */
export const ATTRIBUTE_KINDS = {
  "order.id": "string",
  /** The number staff and families see (#1234): "order #1234 is stuck" is searched by it. */
  "order.number": "number",
  "job.name": "string",
  "job.stage": "string",
  "job.outcome": "string",
  "job.lane": "string",
  "email.kind": "string",
  "provider.name": "string",
  "provider.operation": "string",
  "provider.result": "string",
  "http.response.status_code": "number",
  "limiter.name": "string",
} as const;
export type AttributeKey = keyof typeof ATTRIBUTE_KINDS;
export type TelemetryAttributes = Partial<Record<AttributeKey, string | number | null | undefined>>;

/** Longer strings are cut: every allowed value is an id or a word from our own vocabulary. */
const MAX_VALUE_LENGTH = 100;

/**
 * The attributes that may leave the process: allowed keys with values of their kind, strings cut to
 * MAX_VALUE_LENGTH. Anything else (a key outside ATTRIBUTE_KINDS, an object, a string where a number
 * belongs) is dropped, so a caller spreading an order in cannot send its personal data.
 */
export function attributesOf(input: TelemetryAttributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(ATTRIBUTE_KINDS, key)) continue;
    const kind = ATTRIBUTE_KINDS[key as AttributeKey];
    if (kind === "number" && typeof value === "number" && Number.isFinite(value)) out[key] = value;
    if (kind === "string" && typeof value === "string") out[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return out;
}

/**
 * Whether this process exports telemetry. Deno registers its providers with the API only when
 * `OTEL_DENO=true`; otherwise the API hands out its own no-op proxy.
 */
export function telemetryEnabled(): boolean {
  return !(trace.getTracerProvider() instanceof ProxyTracerProvider);
}

const tracer = () => trace.getTracer(SCOPE);
const meter = metrics.getMeter(SCOPE);

/** The instruments, created once; each is a no-op while telemetry is off. */
const instruments = {
  steps: meter.createCounter("little_hits.generation.steps", {
    description: "Generation steps run, by stage and outcome (advanced, waiting, completed, retried, failed)",
  }),
  songsMade: meter.createCounter("little_hits.songs.made", { description: "Songs finished" }),
  songsFailed: meter.createCounter("little_hits.songs.failed", {
    description: "Songs whose generation failed, by the stage it failed at",
  }),
  emailsSent: meter.createCounter("little_hits.emails.sent", {
    description: "Emails the mail provider accepted, by kind",
  }),
  emailsRefused: meter.createCounter("little_hits.emails.refused", {
    description: "Emails the mail provider refused (tried again later), by kind",
  }),
  emailsOverdue: meter.createGauge("little_hits.emails.overdue", {
    description: "Emails due more than a minute ago, at the last sweep",
  }),
  oldestWait: meter.createGauge("little_hits.work.oldest_wait", {
    description: "How long the longest-waiting due work of each lane has waited, at the last sweep",
    unit: "s",
  }),
  providerCalls: meter.createCounter("little_hits.provider.calls", {
    description: "Calls to outside services, by provider, operation and result",
  }),
  providerDuration: meter.createHistogram("little_hits.provider.call.duration", {
    description: "Time an outside service took to answer",
    unit: "ms",
  }),
  limiterWait: meter.createHistogram("little_hits.limiter.wait", {
    description: "Time work waited for its turn: a generation slot, the family's lane, a request allowance",
    unit: "ms",
  }),
};

/** What one generation step came to, as the steps counter and the step's span name it. */
export type StepOutcome = "advanced" | "waiting" | "completed" | "retried" | "failed";

/** The limits work waits at (jobs/worker.ts, providers/music/suno.ts). */
export type LimiterName = "generation-slots" | "customer-lane" | "music-requests";

const JOB_SPAN_NAMES: Record<JobName, string> = {
  generation: "generation step",
  "confirmation-email": "confirmation email",
  "failure-email": "failure email",
  delivery: "delivery email",
  "lyrics-timing": "timed lyrics",
};

// ---------------------------------------------------------------------------------------------
// Trace context beside the order

/**
 * The cause a job span carries for the work it makes due in turn: the request that began the chain,
 * so a song's steps and emails sit side by side under it instead of each one under the last.
 */
const CAUSE = createContextKey("little-hits.cause");
/** A cause is kept as long as the queue may delay a message (jobs/messages.ts MAX_QUEUE_DELAY_MS). */
const CAUSE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Marks work made due by a mere nudge, which keeps the cause it had. */
const NUDGE = Symbol("nudge");

function causeOf(active: Context): SpanContext | null {
  const carried = active.getValue(CAUSE) as SpanContext | typeof NUDGE | undefined;
  if (carried === NUDGE) return null;
  if (carried) return carried;
  const span = trace.getSpan(active)?.spanContext();
  return span && isSpanContextValid(span) ? span : null;
}

/** W3C `traceparent`: version, trace id, span id, flags. */
export function traceparentOf(span: SpanContext): string {
  return `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

export function spanContextOf(traceparent: unknown): SpanContext | null {
  if (typeof traceparent !== "string") return null;
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent);
  if (!match) return null;
  const span = { traceId: match[1], spanId: match[2], traceFlags: parseInt(match[3], 16), isRemote: true };
  return isSpanContextValid(span) ? span : null;
}

/**
 * Keeps the trace context of whatever is making `job` due (a request, or a job run carrying one)
 * beside the order, in the same atomic write, for the job's span to be parented on. Nothing is
 * written while telemetry is off or no trace is active.
 */
export function rememberCause(operation: Deno.AtomicOperation, orderId: string, job: JobName) {
  if (!telemetryEnabled()) return operation;
  const cause = causeOf(context.active());
  if (!cause) return operation;
  return operation.set(keys.jobCause(orderId, job), traceparentOf(cause), { expireIn: CAUSE_KEEP_MS });
}

/**
 * Runs `write` as a nudge: the work it makes due keeps the cause already beside the order (the music
 * service's callback only says "look again"; the song's trace stays the payment's).
 */
export function asNudge<T>(write: () => T): T {
  if (!telemetryEnabled()) return write();
  return context.with(context.active().setValue(CAUSE, NUDGE), write);
}

// ---------------------------------------------------------------------------------------------
// Spans

/**
 * Runs one job for one order inside its span: a child of the active span (Send Now runs inside its
 * request), else of the cause kept beside the order, else a trace of its own. A thrown error marks
 * the span failed by its class name only (its message may quote a provider, or a family's details).
 */
export async function inJobSpan<T>(
  kv: Deno.Kv,
  job: JobName,
  orderId: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!telemetryEnabled()) return await run();
  let parent = context.active();
  if (!causeOf(parent)) {
    const kept = spanContextOf((await kv.get(keys.jobCause(orderId, job)).catch(() => null))?.value);
    if (kept) parent = trace.setSpanContext(parent, kept);
  }
  const attributes = attributesOf({ "order.id": orderId, "job.name": job });
  return await tracer().startActiveSpan(JOB_SPAN_NAMES[job], { attributes }, parent, async (span) => {
    // The work this run makes due belongs to the same cause; a run with none starts its own.
    const cause = causeOf(parent) ?? span.spanContext();
    try {
      return await context.with(context.active().setValue(CAUSE, cause), run);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

function failed(span: Span, error: unknown) {
  const name = error instanceof Error ? error.name : typeof error;
  span.setStatus({ code: SpanStatusCode.ERROR, message: name });
}

/** Adds what a job run found out (the order's number, the stage, the outcome) to its span. */
export function noteJob(attributes: TelemetryAttributes) {
  trace.getActiveSpan()?.setAttributes(attributesOf(attributes));
}

/**
 * Ends a job run's account: its outcome on the span, and one log line inside it, so the log record
 * carries the trace id ("order #1234 is stuck" → its line → its trace). Written only while telemetry
 * is on: without it, the order's own timeline tells staff the same.
 */
export function jobFinished(
  job: JobName,
  order: { id: string; number?: number | null },
  outcome: string,
  detail: { stage?: string | null; failed?: boolean } = {},
) {
  if (!telemetryEnabled()) return;
  const span = trace.getActiveSpan();
  span?.setAttributes(attributesOf({
    "order.number": order.number,
    "job.outcome": outcome,
    "job.stage": detail.stage ?? undefined,
  }));
  if (detail.stage) span?.updateName(`${JOB_SPAN_NAMES[job]} ${detail.stage}`);
  if (detail.failed) span?.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
  const number = order.number ? `#${order.number} ` : "";
  console.info(
    `order ${number}(${order.id}) ${JOB_SPAN_NAMES[job]}${
      detail.stage ? ` ${detail.stage}` : ""
    }: ${outcome}`,
  );
}

/**
 * Deno's own span for a request records its full address, and a private link carries its token in
 * the query (`/u/{id}?t=…`, `/auth/verify?t=…`). Called first for each request, this overwrites the
 * address on that span with every query value blanked, so no token reaches the collector.
 */
export function redactRequestSpan(url: string) {
  if (!telemetryEnabled()) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  const address = new URL(url);
  if (!address.search) return;
  const names = [...new Set(address.searchParams.keys())];
  const query = names.map((name) => `${encodeURIComponent(name)}=REDACTED`).join("&");
  span.setAttributes({ "url.query": query, "url.full": `${address.origin}${address.pathname}?${query}` });
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** One generation step's outcome; a completed or failed step also counts its song. */
export function countStep(stage: string, outcome: StepOutcome) {
  instruments.steps.add(1, attributesOf({ "job.stage": stage, "job.outcome": outcome }));
  if (outcome === "completed") instruments.songsMade.add(1);
  if (outcome === "failed") instruments.songsFailed.add(1, attributesOf({ "job.stage": stage }));
}

export function countEmail(kind: JobName, sent: boolean) {
  (sent ? instruments.emailsSent : instruments.emailsRefused).add(1, attributesOf({ "email.kind": kind }));
}

/** What the worker's last sweep found: emails overdue, and the longest wait in each lane. */
export function recordBacklog(overdueEmails: number, oldestWaitMs: Partial<Record<JobLane, number>>) {
  instruments.emailsOverdue.record(overdueEmails);
  for (const [lane, ms] of Object.entries(oldestWaitMs)) {
    instruments.oldestWait.record(Math.max(0, ms) / 1000, attributesOf({ "job.lane": lane }));
  }
}

export function recordLimiterWait(limiter: LimiterName, waitedMs: number) {
  instruments.limiterWait.record(Math.max(0, waitedMs), attributesOf({ "limiter.name": limiter }));
}

/**
 * A call's result in a few words an operator can group by: `ok`, `rate-limited` (HTTP 429, or the
 * music API's 429/430 in its body), `refused` (another 4xx, or a refusal in the body), `server-error`
 * (5xx), `no-answer` (network error, timeout, reset).
 */
export function callResult(call: Pick<CallFacts, "httpStatus" | "code">, threw: boolean): string {
  const code = call.code ?? null;
  if (call.httpStatus === 429 || code === 429 || code === 430) return "rate-limited";
  if (call.httpStatus === 0) return "no-answer";
  if (call.httpStatus >= 500) return "server-error";
  if (call.httpStatus >= 400 || threw || (code !== null && code !== 200)) return "refused";
  return "ok";
}

/** A finished call as the metrics count it. */
interface CallSummary {
  provider: string;
  result: string;
  httpStatus: number | null;
  durationMs: number;
}

function countCall(operation: string, call: CallSummary) {
  instruments.providerCalls.add(
    1,
    attributesOf({
      "provider.name": call.provider,
      "provider.operation": operation,
      "provider.result": call.result,
    }),
  );
  instruments.providerDuration.record(
    call.durationMs,
    attributesOf({ "provider.name": call.provider, "provider.operation": operation }),
  );
}

// ---------------------------------------------------------------------------------------------
// Provider calls

const isCallFacts = (value: unknown): value is CallFacts =>
  !!value && typeof value === "object" && typeof (value as CallFacts).provider === "string" &&
  typeof (value as CallFacts).httpStatus === "number";

/**
 * The provider with each named operation in a span of its own, counted by result. The words and
 * music operations answer or throw their CallFacts (`call`); the mail provider has none, so `mail`
 * names it, and a throw is a refusal. Off, the provider is answered as it is.
 */
export function observeCalls<P extends object>(
  provider: P,
  operations: readonly (keyof P & string)[],
  mail?: { provider: CallFacts["provider"] },
): P {
  if (!telemetryEnabled()) return provider;
  const observed = Object.create(provider) as P;
  for (const operation of operations) {
    const original = provider[operation] as unknown as (...args: unknown[]) => Promise<unknown>;
    (observed as Record<string, unknown>)[operation] = (...args: unknown[]) =>
      tracer().startActiveSpan(`${mail?.provider ?? "provider"} ${operation}`, async (span) => {
        const started = performance.now();
        /** What came back or was thrown, summed up; null for a throw that is not a call's (our bug). */
        const summary = (value: unknown, threw: boolean): CallSummary | null => {
          const call = (value as { call?: unknown } | null)?.call;
          if (isCallFacts(call)) {
            const { provider, httpStatus, durationMs } = call;
            return { provider, httpStatus, durationMs, result: callResult(call, threw) };
          }
          if (!mail) return null;
          const durationMs = Math.round(performance.now() - started);
          return { provider: mail.provider, httpStatus: null, durationMs, result: threw ? "refused" : "ok" };
        };
        const note = (call: CallSummary | null) => {
          if (!call) return;
          countCall(operation, call);
          span.updateName(`${call.provider} ${operation}`);
          span.setAttributes(attributesOf({
            "provider.name": call.provider,
            "provider.operation": operation,
            "provider.result": call.result,
            "http.response.status_code": call.httpStatus || undefined,
          }));
          if (call.result !== "ok") span.setStatus({ code: SpanStatusCode.ERROR, message: call.result });
        };
        try {
          const value = await original.apply(provider, args);
          note(summary(value, false));
          return value;
        } catch (error) {
          const call = summary(error, true);
          if (call) note(call);
          else failed(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
  }
  return observed;
}
