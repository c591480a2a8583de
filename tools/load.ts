/**
 * `deno task load [--visitors=200] [--seconds=60] [--ramp=10]`: the shop under a crowd, on loopback.
 * The production server runs as its own process on a KV file, with OpenAI, the music API and SMTP
 * played by the loopback fakes (fakes/) and the local checkout for payment. `visitors` parents
 * arrive over the first `ramp` seconds; each browses, signs in by the emailed link, orders, pays and
 * polls for the song until `seconds` have passed, while an admin keeps the dashboard open. Bounded:
 * it stops by itself, then reports every kind of request (count, errors, p50/p95/p99), the server's
 * memory and how many songs were finished. Exits non-zero on any error.
 */
import { parseArgs } from "node:util";
import { startOpenAiFake } from "../fakes/openai.ts";
import { startSmtpSink } from "../fakes/smtp_sink.ts";
import { startSunoFake } from "../fakes/suno.ts";
import { startServer } from "./bench_server.ts";
import { memoryOf, RequestStats } from "./load/stats.ts";
import { adminVisit, type LoadContext, parentVisit } from "./load/visitors.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    visitors: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    ramp: { type: "string", default: "10" },
  },
});
const VISITORS = Number(values.visitors);
const SECONDS = Number(values.seconds);
const RAMP_SECONDS = Number(values.ramp);
const ADMIN = "admin@load.test";
/** After the deadline, how long songs still in the making may take before they are counted as not done. */
const DRAIN_SECONDS = 30;

const kvFolder = await Deno.makeTempDir({ prefix: "little-hits-load-" });
await using openai = startOpenAiFake({ apiKey: "sk-load" });
await using suno = startSunoFake({ apiKey: "suno-load", stepsToFinish: 1 });
await using mail = await startSmtpSink();
const server = await startServer({
  env: {
    KV_PATH: `${kvFolder}/load.kv`,
    OPENAI_API_KEY: "sk-load",
    OPENAI_BASE_URL: openai.baseUrl,
    SUNO_API_KEY: "suno-load",
    SUNO_API_URL: suno.baseUrl,
    // The fake has no request limit: these runs measure our side, not the account's allowance.
    SUNO_RATE_LIMIT: "1000/1s",
    SONG_POLL_SECONDS: "1",
    SMTP_URL: mail.url,
    MAIL_FROM: "Little Hits <songs@load.test>",
    ADMIN_EMAILS: ADMIN,
    // Every simulated visitor comes from its own address, as through a reverse proxy.
    TRUSTED_PROXIES: "1",
  },
});
const memory = { peakMb: 0, samples: [] as number[] };
const sampler = setInterval(() => {
  const now = memoryOf(server.pid);
  if (!now) return;
  memory.samples.push(now.rssMb);
  memory.peakMb = Math.max(memory.peakMb, now.peakMb);
}, 1000);

try {
  const stats = new RequestStats();
  const started = performance.now();
  const context: LoadContext = { origin: server.origin, stats, mail, deadline: started + SECONDS * 1000 };
  console.log(`deno task load --visitors=${VISITORS} --seconds=${SECONDS} --ramp=${RAMP_SECONDS}`);
  console.log(
    `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}\n`,
  );

  const admin = adminVisit(context, ADMIN);
  const visits = Array.from({ length: VISITORS }, async (_, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index / VISITORS) * RAMP_SECONDS * 1000));
    return await parentVisit(context, index);
  });
  const results = await Promise.all(visits);
  await admin;
  const elapsed = (performance.now() - started) / 1000;

  const orderIds = results.flatMap((result) => (result.orderId ? [result.orderId] : []));
  const completed = await songsFinished(server.origin, orderIds, performance.now() + DRAIN_SECONDS * 1000);

  console.log(stats.table());
  console.log(
    `\n${stats.total} requests in ${elapsed.toFixed(1)} s (${(stats.total / elapsed).toFixed(0)} req/s), ` +
      `${stats.errors} errors`,
  );
  console.log(
    `orders placed ${orderIds.length} of ${VISITORS}; songs finished ${completed} ` +
      `(by the deadline or within ${DRAIN_SECONDS} s after it)`,
  );
  const rss = memory.samples;
  console.log(
    `server RSS: peak ${memory.peakMb.toFixed(0)} MB, end ${rss.at(-1)?.toFixed(0) ?? "?"} MB ` +
      `(sampled every second)`,
  );
  console.log(`emails received by the SMTP sink: ${mail.messages.length}`);
  for (const problem of stats.problems) console.log(`  error: ${problem}`);
  if (stats.errors > 0 || orderIds.length < VISITORS) Deno.exitCode = 1;
} finally {
  clearInterval(sampler);
  await server.stop();
  await Deno.remove(kvFolder, { recursive: true }).catch(() => {});
}

/** Songs finished, read the way anyone holding an order's id can: the public order view. */
async function songsFinished(origin: string, ids: string[], until: number): Promise<number> {
  const pending = new Set(ids);
  let done = 0;
  while (pending.size > 0 && performance.now() < until) {
    for (const id of [...pending]) {
      const response = await fetch(`${origin}/api/orders/${id}`);
      const order = response.ok ? await response.json() : (await response.body?.cancel(), null);
      if (order?.status === "completed" || order?.status === "failed") {
        pending.delete(id);
        if (order.status === "completed") done++;
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return done;
}
