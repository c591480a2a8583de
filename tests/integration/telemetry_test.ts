/**
 * What an operator sees (docs/deploy.md, "Telemetry"): a real server process with `OTEL_DENO=true`,
 * exporting to a loopback OTLP receiver, while one order lives its life against the loopback fakes:
 * paid on the local checkout, made (lyrics, tags, song, timed lyrics), confirmed by email, approved by
 * staff and delivered. The receiver's spans, metrics and logs are read back.
 */
import { assert, assertEquals } from "@std/assert";
import { startOpenAiFake } from "../../fakes/openai.ts";
import { type OtlpFake, type ReceivedSpan, startOtlpFake } from "../../fakes/otlp.ts";
import { startSmtpSink } from "../../fakes/smtp_sink.ts";
import { startSunoFake } from "../../fakes/suno.ts";
import { orderForm } from "./orders/helpers.ts";

const ROOT = new URL("../../", import.meta.url);
const ADMIN = "ops@telemetry.test";
const PARENT = orderForm({ childName: "Secret Child", parentEmail: "secret.parent@telemetry.test" });
/** What a private link's token looks like in its address. */
const LINK_TOKEN = "tok3n-of-a-private-link";
/** A bound on the whole test, so a broken export fails it rather than hanging the suite. */
const BOUND_MS = 60_000;

/** The server as `deno task start` runs it, in a folder of its own with a stand-in bundle manifest. */
async function startServer(env: Record<string, string>) {
  const dir = await Deno.makeTempDir({ prefix: "telemetry-" });
  // Pages are not asked for: an empty manifest spares the process a bundle build.
  await Deno.mkdir(`${dir}/static/build`, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/static/build/manifest.json`,
    JSON.stringify({ boot: { src: "", preload: [] }, islands: {} }),
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", new URL("deno.json", ROOT).pathname, new URL("main.ts", ROOT).pathname],
    cwd: dir,
    signal: AbortSignal.timeout(BOUND_MS),
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      NO_COLOR: "1",
      NODE_ENV: "production",
      APP_ENV: "test",
      KV_PATH: `${dir}/app.kv`,
      PORT: "0",
      ...env,
    },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  let port = "";
  while (!port) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server stopped before listening:\n${output}`);
    output += value;
    port = output.match(/listening on http:\/\/localhost:(\d+)/)?.[1] ?? "";
  }
  const drained = (async () => {
    while (!(await reader.read()).done);
  })();
  const stderr = new Response(child.stderr).text();
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      const status = await child.status;
      await drained;
      await Deno.remove(dir, { recursive: true });
      return { code: status.code, stderr: await stderr };
    },
  };
}

async function post(url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert(response.status < 400, `${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const spanOf = (otlp: OtlpFake, test: (span: ReceivedSpan) => boolean) => otlp.spans.find(test);

Deno.test("one order's life reaches the OTLP receiver as spans under its requests, metrics and logs with its trace", async () => {
  const bound = AbortSignal.timeout(BOUND_MS);
  await using otlp = startOtlpFake();
  await using openai = startOpenAiFake({ apiKey: "sk-otel" });
  await using suno = startSunoFake({ apiKey: "suno-otel", stepsToFinish: 1 });
  await using mail = await startSmtpSink();
  const server = await startServer({
    OTEL_DENO: "true",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    OTEL_SERVICE_NAME: "little-hits",
    // Exported as it happens, so the test waits for each span rather than for a batch's timer.
    OTEL_BSP_SCHEDULE_DELAY: "50",
    OPENAI_API_KEY: "sk-otel",
    OPENAI_BASE_URL: openai.baseUrl,
    SUNO_API_KEY: "suno-otel",
    SUNO_API_URL: suno.baseUrl,
    SONG_POLL_SECONDS: "0.05",
    SMTP_URL: mail.url,
    MAIL_FROM: "Little Hits <songs@telemetry.test>",
    ADMIN_EMAILS: ADMIN,
    DELIVERY_DELAY_HOURS: "0.00001",
  });
  let stopped: { code: number; stderr: string } | null = null;
  try {
    // The parent pays on the local checkout: the request that makes the song due.
    const checkout = await post(`${server.origin}/api/guest/create-checkout-session`, { order: PARENT });
    await post(`${server.origin}/checkout/local/${encodeURIComponent(checkout.sessionId)}/pay`);
    const pay = await otlp.waitFor(
      () =>
        spanOf(otlp, (span) => span.kind === 2 && /\/pay$/.test(String(span.attributes["url.path"] ?? ""))),
      bound,
    );

    // Every generation step of the order, and its emails and timed lyrics, in the payment's trace.
    const made = await otlp.waitFor(
      () => spanOf(otlp, (span) => span.attributes["job.outcome"] === "completed"),
      bound,
    );
    const orderId = String(made.attributes["order.id"]);
    await otlp.waitFor(() => spanOf(otlp, (span) => span.name === "confirmation email"), bound);
    await otlp.waitFor(() => spanOf(otlp, (span) => span.name === "timed lyrics"), bound);
    const steps = otlp.spans.filter((span) => span.name.startsWith("generation step "));
    assertEquals(
      steps.map((span) => [span.name, span.attributes["job.outcome"]]),
      [
        ["generation step LYRICS", "advanced"],
        ["generation step TAGS", "advanced"],
        ["generation step SUNO_CREATE", "advanced"],
        ["generation step SUNO_STATUS", "completed"],
      ],
    );
    for (const span of [...steps, spanOf(otlp, (span) => span.name === "confirmation email")!]) {
      assertEquals(span.traceId, pay.traceId, `${span.name} is in the payment's trace`);
      assertEquals(span.parentSpanId, pay.spanId, `${span.name} is a child of the payment request`);
      assertEquals(span.attributes["order.id"], orderId);
      assert(typeof span.attributes["order.number"] === "number", `${span.name} names the order's number`);
    }
    // Each outside call is a span inside its step, around Deno's own fetch span.
    const lyricsStep = steps[0];
    const lyricsCall = spanOf(otlp, (span) => span.parentSpanId === lyricsStep.spanId)!;
    assertEquals([lyricsCall.name, lyricsCall.attributes["provider.result"]], ["openai writeLyrics", "ok"]);
    assert(spanOf(otlp, (span) => span.parentSpanId === lyricsCall.spanId && span.kind === 3), "fetch");

    // Staff approve: the delivery email is in the approval's trace.
    const asked = mail.messages.length;
    await post(`${server.origin}/api/auth/request-magic-link`, { email: ADMIN });
    const signIn = await otlp.waitFor(
      () => mail.messages.slice(asked).find((m) => m.envelope.to.includes(ADMIN)),
      bound,
    );
    const t = signIn.text.match(/[?&]t=([A-Za-z0-9_\-]+)/)![1];
    const { token } = await post(`${server.origin}/api/auth/verify-magic-link`, { t });
    await post(`${server.origin}/api/admin/orders/${orderId}/approve`, undefined, {
      authorization: `Bearer ${token}`,
    });
    const approve = await otlp.waitFor(
      () =>
        spanOf(
          otlp,
          (span) => span.kind === 2 && /\/approve$/.test(String(span.attributes["url.path"] ?? "")),
        ),
      bound,
    );
    const delivery = await otlp.waitFor(() => spanOf(otlp, (span) => span.name === "delivery email"), bound);
    assertEquals([delivery.traceId, delivery.parentSpanId], [approve.traceId, approve.spanId]);
    assertEquals(delivery.attributes["job.outcome"], "sent");

    // A private link's token stays out of Deno's own span for the request.
    await (await fetch(`${server.origin}/u/${orderId}?t=${LINK_TOKEN}`)).body?.cancel();
    const opened = await otlp.waitFor(
      () =>
        spanOf(otlp, (span) => span.kind === 2 && String(span.attributes["url.path"]) === `/u/${orderId}`),
      bound,
    );
    assertEquals(opened.attributes["url.query"], "t=REDACTED");
  } finally {
    // A stop exports what is left, the metrics included.
    stopped = await server.stop();
  }
  assertEquals(stopped.code, 0, stopped.stderr);

  /** A counter's total over its series matching `attributes` (each export repeats a series' running total). */
  const sum = (metric: string, attributes: Record<string, string> = {}) => {
    const series = new Map<string, number>();
    for (const point of otlp.points) {
      if (point.metric !== metric) continue;
      if (!Object.entries(attributes).every(([key, value]) => point.attributes[key] === value)) continue;
      const key = JSON.stringify(point.attributes);
      series.set(key, Math.max(series.get(key) ?? 0, point.value));
    }
    return [...series.values()].reduce((total, value) => total + value, 0);
  };
  assertEquals(sum("little_hits.songs.made"), 1);
  assertEquals(sum("little_hits.generation.steps", { "job.stage": "LYRICS", "job.outcome": "advanced" }), 1);
  assertEquals(sum("little_hits.emails.sent", { "email.kind": "confirmation-email" }), 1);
  assertEquals(sum("little_hits.emails.sent", { "email.kind": "delivery" }), 1);
  assertEquals(sum("little_hits.provider.calls", { "provider.name": "openai", "provider.result": "ok" }), 2);
  assert(sum("little_hits.provider.calls", { "provider.name": "suno", "provider.result": "ok" }) >= 3);
  assert(sum("little_hits.provider.calls", { "provider.name": "smtp", "provider.result": "ok" }) >= 3);
  assert(sum("little_hits.limiter.wait", { "limiter.name": "generation-slots" }) >= 4, "each step's wait");
  assert(otlp.points.some((point) => point.metric === "little_hits.work.oldest_wait"), "the sweep's gauge");

  // The job's log line carries the trace of the order's step.
  const madeLog = otlp.logs.find((log) => /generation step SUNO_STATUS: completed/.test(log.body));
  if (!madeLog) throw new Error(`no step log line in:\n${otlp.logs.map((log) => log.body).join("")}`);
  const made = otlp.spans.find((span) => span.attributes["job.outcome"] === "completed")!;
  assertEquals([madeLog.traceId, madeLog.spanId], [made.traceId, made.spanId]);

  // No personal data in what the shop adds: the child's and parent's names and the address.
  const ours = JSON.stringify([
    otlp.spans.filter((span) => span.scope === "little-hits"),
    otlp.points.filter((point) => point.scope === "little-hits"),
  ]);
  for (const secret of ["Secret Child", "secret.parent", PARENT.parentName!]) {
    assert(!ours.includes(secret), `${secret} is not exported`);
  }
  assert(!JSON.stringify(otlp.spans).includes(LINK_TOKEN), "no span holds a private link's token");
});
