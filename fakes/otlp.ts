/**
 * A stand-in for an OpenTelemetry collector, on loopback: it accepts OTLP/HTTP in its JSON encoding
 * (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) at /v1/traces, /v1/metrics and /v1/logs, and keeps what
 * came, flattened, for a test or tool to read. Anything else gets a 404, and a body that is not JSON
 * a 400, as a collector answers.
 *
 *   await using otlp = startOtlpFake();
 *   // run the server with OTEL_DENO=true, OTEL_EXPORTER_OTLP_ENDPOINT=otlp.endpoint
 *   const span = await otlp.waitFor(() => otlp.spans.find((span) => span.name === "delivery email"));
 */

/** An OTLP attribute value (AnyValue), as the JSON encoding writes it. */
interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
type Attributes = Record<string, string | number | boolean>;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client, … */
  kind: number;
  attributes: Attributes;
  /** 0 unset, 1 ok, 2 error. */
  status: number;
  scope: string;
  service: string;
}

export interface ReceivedPoint {
  metric: string;
  unit: string;
  scope: string;
  attributes: Attributes;
  /** A sum's or gauge's value, or a histogram's count. */
  value: number;
  /** A histogram's sum. */
  sum?: number;
}

export interface ReceivedLog {
  body: string;
  severity: string;
  traceId: string;
  spanId: string;
}

function valueOf(value: AnyValue | undefined): string | number | boolean {
  if (!value) return "";
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  return "";
}

function attributesOf(list: { key: string; value: AnyValue }[] | undefined): Attributes {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

// deno-lint-ignore no-explicit-any
type Json = any;

export function startOtlpFake() {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[] = [];
  const logs: ReceivedLog[] = [];
  /** Woken after every batch, so a waiter looks again. */
  let arrived = Promise.withResolvers<void>();

  const take: Record<string, (body: Json) => void> = {
    "/v1/traces": (body) => {
      for (const resource of body.resourceSpans ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)["service.name"] ?? "");
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? "",
              name: span.name,
              kind: span.kind ?? 0,
              attributes: attributesOf(span.attributes),
              status: span.status?.code ?? 0,
              scope: scope.scope?.name ?? "",
              service,
            });
          }
        }
      }
    },
    "/v1/metrics": (body) => {
      for (const resource of body.resourceMetrics ?? []) {
        for (const scope of resource.scopeMetrics ?? []) {
          for (const metric of scope.metrics ?? []) {
            const data = metric.sum ?? metric.gauge ?? metric.histogram;
            for (const point of data?.dataPoints ?? []) {
              points.push({
                metric: metric.name,
                unit: metric.unit ?? "",
                scope: scope.scope?.name ?? "",
                attributes: attributesOf(point.attributes),
                value: Number(point.asInt ?? point.asDouble ?? point.count ?? 0),
                sum: point.sum === undefined ? undefined : Number(point.sum),
              });
            }
          }
        }
      }
    },
    "/v1/logs": (body) => {
      for (const resource of body.resourceLogs ?? []) {
        for (const scope of resource.scopeLogs ?? []) {
          for (const record of scope.logRecords ?? []) {
            logs.push({
              body: String(valueOf(record.body)),
              severity: record.severityText ?? "",
              traceId: record.traceId ?? "",
              spanId: record.spanId ?? "",
            });
          }
        }
      }
    },
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    const handle = take[path];
    if (request.method !== "POST" || !handle) return new Response("not found", { status: 404 });
    let body: Json;
    try {
      body = await request.json();
    } catch {
      return new Response("not JSON", { status: 400 });
    }
    handle(body);
    const done = arrived;
    arrived = Promise.withResolvers<void>();
    done.resolve();
    return Response.json({});
  });

  return {
    /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporter adds /v1/traces and the others itself. */
    endpoint: `http://127.0.0.1:${server.addr.port}`,
    spans,
    points,
    logs,
    /**
     * Resolves with the first truthy answer of `find`, asked now and after every batch that arrives;
     * rejects when the signal aborts (a bound for a test, not a timing).
     */
    async waitFor<T>(find: () => T | null | undefined | false, signal?: AbortSignal): Promise<T> {
      for (;;) {
        const found = find();
        if (found) return found;
        signal?.throwIfAborted();
        const next = arrived.promise;
        await (signal
          ? Promise.race([
            next,
            new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
          ])
          : next);
      }
    },
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

export type OtlpFake = ReturnType<typeof startOtlpFake>;
