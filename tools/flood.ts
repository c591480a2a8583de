/**
 * `deno task flood [--file-limit=4096] [--idle=8192] [--slow=1000] [--slow-headers=1000] [--seconds=30]
 *  [--rss-ceiling-mb=400]`
 *
 * The connection and body floods an attacker sends (issue 16 §1), on loopback, against a real
 * production-mode server process (`main.ts`, NODE_ENV=production, local providers) run under a
 * small open-file limit so the flood passes it:
 *   idle: --idle TCP connections that never send a byte (twice the server's descriptors by default);
 *   slow: --slow connections that declare a 200 KB checkout body (within its route's limit) and
 *         trickle one byte every 5 s, plus as many declaring 1,000,000 bytes, as the probe did;
 *   slow headers: --slow-headers connections that send a request line and then one header line
 *         every 5 s, never ending the headers.
 * All the while a fresh connection asks /healthz every 250 ms. Goals: every /healthz answered 200
 * within 1 s, during the flood and after it; the server's RSS under the ceiling at its peak and
 * after; the process still running at the end. Bounded: the flood lasts --seconds, then everything
 * is closed and the server stopped. Prints one table; exits non-zero on a missed goal.
 */
import { parseArgs } from "node:util";
import { AppProcess, ensureBundles } from "./soak/app_process.ts";
import { median as medianOf } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    "file-limit": { type: "string", default: "4096" },
    idle: { type: "string", default: "8192" },
    slow: { type: "string", default: "1000" },
    "slow-headers": { type: "string", default: "1000" },
    seconds: { type: "string", default: "30" },
    "rss-ceiling-mb": { type: "string", default: "400" },
  },
});
const FILE_LIMIT = Number(values["file-limit"]);
const IDLE = Number(values.idle);
const SLOW = Number(values.slow);
const SLOW_HEADERS = Number(values["slow-headers"]);
const FLOOD_MS = Number(values.seconds) * 1000;
const RSS_CEILING_MB = Number(values["rss-ceiling-mb"]);
const CHECKOUT = "/api/guest/create-checkout-session";

await ensureBundles();
await using server = new AppProcess({
  name: "flood",
  openFileLimit: FILE_LIMIT,
  env: { APP_ENV: "test", NODE_ENV: "production", KV_PATH: ":memory:", PORT: "0", HOSTNAME: "127.0.0.1" },
});
await server.start();
const port = Number(new URL(server.origin!).port);
const rssAtStart = rssMb(server.pid!);

const conns = new Set<Deno.Conn>();
let refused = 0;
const encoder = new TextEncoder();
const track = (conn: Deno.Conn) => {
  conns.add(conn);
  // Counts nothing: the read only notices when the server lets go.
  conn.read(new Uint8Array(1024)).catch(() => null).finally(() => conns.delete(conn));
};
const connect = async () => {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    track(conn);
    return conn;
  } catch {
    refused++;
    return null;
  }
};

const healthLatencies: number[] = [];
let healthFailures = 0;
let stopProbing = false;
const probing = (async () => {
  while (!stopProbing) {
    const result = await health();
    if (result === null) healthFailures++;
    else healthLatencies.push(result);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();

let peakRss = rssAtStart;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 500);
const started = performance.now();

// The idle flood, then the slow bodies and the slow headers, each opened as fast as the server takes them.
for (let i = 0; i < IDLE; i++) await connect();
const trickling: Deno.Conn[] = [];
for (let i = 0; i < SLOW * 2; i++) {
  const conn = await connect();
  if (!conn) continue;
  const declared = i % 2 === 0 ? 200_000 : 1_000_000;
  await conn.write(encoder.encode(
    `POST ${CHECKOUT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${declared}\r\n\r\n{`,
  )).catch(() => {});
  trickling.push(conn);
}
const heading: Deno.Conn[] = [];
for (let i = 0; i < SLOW_HEADERS; i++) {
  const conn = await connect();
  if (!conn) continue;
  await conn.write(encoder.encode(`GET / HTTP/1.1\r\nHost: localhost\r\n`)).catch(() => {});
  heading.push(conn);
}
const trickle = setInterval(() => {
  for (const conn of trickling) conn.write(encoder.encode(" ")).catch(() => {});
  for (const conn of heading) conn.write(encoder.encode("X-Slow: 1\r\n")).catch(() => {});
}, 5000);
const openedMs = performance.now() - started;
const stillOpenAfterOpening = conns.size;
await new Promise((resolve) => setTimeout(resolve, Math.max(0, FLOOD_MS - openedMs)));
const duringLatencies = [...healthLatencies];
const duringFailures = healthFailures;
const stillOpenAtEnd = conns.size;

clearInterval(trickle);
for (const conn of conns) {
  try {
    conn.close();
  } catch {
    // Closed by the server meanwhile.
  }
}
await new Promise((resolve) => setTimeout(resolve, 3000));
const after = await health();
stopProbing = true;
await probing;
clearInterval(sampler);
const rssAfter = rssMb(server.pid!);
const alive = server.running && server.unexpectedExits === 0;

const worst = Math.max(...duringLatencies);
const median = medianOf(duringLatencies);
const goals = [
  [
    "/healthz during the flood",
    `${duringLatencies.length} answered, ${duringFailures} failed, p50 ${median.toFixed(0)} ms, worst ${
      worst.toFixed(0)
    } ms`,
    duringFailures === 0 && worst < 1000,
  ],
  [
    "/healthz after the flood",
    after === null ? "failed" : `${after.toFixed(0)} ms`,
    after !== null && after < 1000,
  ],
  [
    "server RSS",
    `${rssAtStart} MB at start, ${peakRss} MB peak, ${rssAfter} MB after (ceiling ${RSS_CEILING_MB} MB)`,
    peakRss < RSS_CEILING_MB && rssAfter < RSS_CEILING_MB,
  ],
  ["server process", alive ? "running" : "exited", alive],
] as const;

console.log(
  `deno task flood --file-limit=${FILE_LIMIT} --idle=${IDLE} --slow=${SLOW} --slow-headers=${SLOW_HEADERS} ` +
    `--seconds=${FLOOD_MS / 1000}`,
);
console.log(
  `flood: ${IDLE} idle + ${SLOW * 2} slow-body + ${SLOW_HEADERS} slow-header connections tried in ` +
    `${(openedMs / 1000).toFixed(1)} s; ` +
    `${refused} refused at connect; ${stillOpenAfterOpening} still open once all were tried, ` +
    `${stillOpenAtEnd} at the end of the flood`,
);
console.log("\n| goal | figure | met |\n| --- | --- | --- |");
for (const [goal, figure, met] of goals) console.log(`| ${goal} | ${figure} | ${met ? "yes" : "NO"} |`);
await server.stop();
if (goals.some(([, , met]) => !met)) {
  console.error(server.recentOutput());
  Deno.exit(1);
}

/** A new connection's /healthz in milliseconds, or null when it failed or took over 5 s. */
async function health(): Promise<number | null> {
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
  const begun = performance.now();
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      client,
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
    return response.status === 200 ? performance.now() - begun : null;
  } catch {
    return null;
  } finally {
    client.close();
  }
}

function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
