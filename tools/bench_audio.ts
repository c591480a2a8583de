/**
 * `deno run -A tools/bench_audio.ts [--downloads=40] [--concurrency=8] [--ttfb-requests=50]` (part of
 * `deno task bench`): what serving a song costs, with its bytes in Deno KV or in an S3-compatible bucket,
 * in one run so the ratios between the setups are comparable on a noisy machine:
 *
 * - `kv`: the song in KV chunks, streamed by the app;
 * - `s3 stream`: the song in the bucket, streamed through the app (BLOB_SERVING=stream);
 * - `s3 presigned`: the song in the bucket, the app answers 302 to a presigned URL and the client follows.
 *
 * Each figure is taken at the client (a player's first request, a 64 KiB range: time to its headers and
 * first body chunk) and from the app's own process (/proc/{pid}/stat: CPU per MB delivered over full
 * downloads). The app (tools/bench_audio_server.ts, built as main.ts builds it) and the bucket (s3rver,
 * tools/bench_audio_s3.ts) are separate processes, so neither's CPU is counted as the other's. Everything
 * listens on loopback, the run stops itself after RUN_LIMIT_MS, and every answer is checked.
 *
 * s3rver is not S3: its latency and CPU are loopback and Node streams on this machine, not a network hop
 * to a storage service. What carries over is the app's side: how much of its CPU a megabyte costs.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { parseConfig } from "../domain/config.ts";
import type { BlobMeta } from "../kv/blobs.ts";
import { createBlobStore } from "../kv/blob_store.ts";
import { openKv } from "../kv/open.ts";
import { writeOrder } from "../kv/orders.ts";
import { createS3Bucket } from "../providers/blobs/s3.ts";
import { reportFigure } from "./bench_summary.ts";
import { sampleOrder, sampleStateOf } from "./sample_orders.ts";
import { ascending, percentile } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    downloads: { type: "string", default: "40" },
    concurrency: { type: "string", default: "8" },
    "ttfb-requests": { type: "string", default: "50" },
  },
});
const DOWNLOADS = Number(values.downloads);
const CONCURRENCY = Number(values.concurrency);
const TTFB_REQUESTS = Number(values["ttfb-requests"]);

/** A four-minute song at 128 kbps, about what the music service delivers. */
const SONG_BYTES = 3_500_000;
/** A player's first request: enough to read the header and start playing. */
const FIRST_RANGE_BYTES = 64 * 1024;
/** The whole run, set-up included, stops with an error past this. */
const RUN_LIMIT_MS = 100_000;
/** How long a child process may take to start listening or to stop. */
const CHILD_LIMIT_MS = 20_000;
/** Players ask for audio uncompressed (Chromium sends `identity;q=1, *;q=0`). */
const PLAYER_HEADERS = { "accept-encoding": "identity" };
const MB = 1_000_000;

const runLimit = AbortSignal.timeout(RUN_LIMIT_MS);

interface Setup {
  name: "kv" | "s3 stream" | "s3 presigned";
  blob: BlobMeta;
  env: Record<string, string>;
  /** Where the bytes come from at the client: the app itself, or the bucket after a redirect. */
  redirected: boolean;
}

interface Result {
  ttfbP50: number;
  ttfbP95: number;
  bytes: number;
  seconds: number;
  appCpuMs: number;
  bucketCpuMs: number;
}

class BenchFailure extends Error {}

function fail(message: string): never {
  throw new BenchFailure(message);
}

/** Fails once `ms` have passed (or the whole run's limit), naming what was being waited for. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const limit = AbortSignal.any([runLimit, AbortSignal.timeout(ms)]);
  let onAbort = () => {};
  const timedOut = new Promise<never>((_, reject) => {
    onAbort = () => reject(new BenchFailure(`${what}: no answer in time (${ms} ms, or the run's limit)`));
    if (limit.aborted) onAbort();
    limit.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    limit.removeEventListener("abort", onAbort);
  }
}

/** Reads a child's stdout until `pattern` matches, then keeps draining it so a full pipe never stalls it. */
async function readUntil(stdout: Deno.ChildProcess["stdout"], pattern: RegExp, what: string) {
  const reader = stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  const found = await within(
    (async () => {
      while (true) {
        const match = output.match(pattern);
        if (match) return match;
        const { value, done } = await reader.read();
        if (done) fail(`${what} exited before it was ready:\n${output}`);
        output += value;
      }
    })(),
    CHILD_LIMIT_MS,
    `starting ${what}`,
  );
  const drained = (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {});
  return { match: found, drained };
}

/** Waits for a child to end after it was asked to, then kills it outright. */
async function ended(child: Deno.ChildProcess, what: string) {
  const timer = setTimeout(() => {
    console.error(`${what} did not stop in ${CHILD_LIMIT_MS} ms: killing it`);
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }, CHILD_LIMIT_MS);
  try {
    await child.status;
  } finally {
    clearTimeout(timer);
  }
}

/** The bucket: s3rver in its own process, answering until its stdin closes. */
async function startBucket() {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./bench_audio_s3.ts", import.meta.url).pathname],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stdin = child.stdin.getWriter();
  try {
    const { match, drained } = await readUntil(child.stdout, /^(\{.*\})$/m, "the bucket (s3rver)");
    return {
      env: JSON.parse(match[1]) as Record<string, string>,
      pid: child.pid,
      async stop() {
        await stdin.close().catch(() => {});
        await ended(child, "the bucket (s3rver)");
        await drained;
      },
    };
  } catch (error) {
    child.kill("SIGKILL");
    await child.status;
    throw error;
  }
}

/** The app in its own process, with the setup's store and serving mode, on 127.0.0.1. */
async function startApp(kvPath: string, env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    // The same V8 flags as `deno task start` (tools/bench_server.ts, START_ARGS).
    args: [
      "run",
      "-A",
      "--v8-flags=--max-semi-space-size=4",
      new URL("./bench_audio_server.ts", import.meta.url).pathname,
    ],
    env: { APP_ENV: "test", NODE_ENV: "production", KV_PATH: kvPath, NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    const { match, drained } = await readUntil(child.stdout, /port (\d+)/, "the app");
    return {
      origin: `http://127.0.0.1:${match[1]}`,
      pid: child.pid,
      async stop() {
        child.kill("SIGTERM");
        await ended(child, "the app");
        await drained;
      },
    };
  } catch (error) {
    child.kill("SIGKILL");
    await child.status;
    throw error;
  }
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux nearly always). */
async function clockTicks(): Promise<number> {
  try {
    const { success, stdout } = await new Deno.Command("getconf", { args: ["CLK_TCK"] }).output();
    const ticks = Number(new TextDecoder().decode(stdout).trim());
    if (success && Number.isInteger(ticks) && ticks > 0) return ticks;
  } catch {
    // No getconf: Linux's USER_HZ.
  }
  return 100;
}

/** User plus system CPU a process has used, in clock ticks (fields 14 and 15 of /proc/{pid}/stat). */
function cpuTicks(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[14 - 3]) + Number(fields[15 - 3]);
}

/** Pseudo-random bytes: the content does not matter to either store, only that it does not compress. */
function songBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return bytes;
}

/** Checks what came back is the setup's answer: its status, its origin, its headers and its length. */
function checkAnswer(
  setup: Setup,
  bucketOrigin: string,
  response: Response,
  expected: { status: number; bytes: number; contentRange?: string },
  received: number,
) {
  const what = `${setup.name}: GET ${response.url}`;
  if (response.status !== expected.status) {
    fail(`${what} answered ${response.status}, not ${expected.status}`);
  }
  if (response.redirected !== setup.redirected) {
    fail(`${what} was ${response.redirected ? "" : "not "}redirected`);
  }
  if (setup.redirected && new URL(response.url).origin !== bucketOrigin) {
    fail(`${what}: the redirect led away from the bucket (${bucketOrigin})`);
  }
  const contentRange = response.headers.get("content-range");
  if (expected.contentRange && contentRange !== expected.contentRange) {
    fail(`${what}: Content-Range ${contentRange}, not ${expected.contentRange}`);
  }
  if (received !== expected.bytes) fail(`${what}: ${received} bytes, not ${expected.bytes}`);
}

/** Reads a body to its end, counting bytes (or keeping them when asked), without holding more. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, keep?: Uint8Array[]) {
  let received = 0;
  while (true) {
    const { value, done } = await reader.read();
    if (done) return received;
    received += value.byteLength;
    keep?.push(value);
  }
}

/** A player's first request: the time to headers and the first body chunk, then the rest checked. */
async function firstRange(setup: Setup, url: string, bucketOrigin: string, keep?: Uint8Array[]) {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { ...PLAYER_HEADERS, range: `bytes=0-${FIRST_RANGE_BYTES - 1}` },
    signal: runLimit,
  });
  if (!response.body) fail(`${setup.name}: GET ${url} answered ${response.status} without a body`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const ttfb = performance.now() - started;
  if (first.value) keep?.push(first.value);
  const received = (first.value?.byteLength ?? 0) + (first.done ? 0 : await drain(reader, keep));
  checkAnswer(setup, bucketOrigin, response, {
    status: 206,
    bytes: FIRST_RANGE_BYTES,
    contentRange: `bytes 0-${FIRST_RANGE_BYTES - 1}/${setup.blob.size}`,
  }, received);
  return ttfb;
}

async function fullDownload(setup: Setup, url: string, bucketOrigin: string, keep?: Uint8Array[]) {
  const response = await fetch(url, { headers: PLAYER_HEADERS, signal: runLimit });
  if (!response.body) fail(`${setup.name}: GET ${url} answered ${response.status} without a body`);
  const received = await drain(response.body.getReader(), keep);
  checkAnswer(setup, bucketOrigin, response, { status: 200, bytes: setup.blob.size }, received);
  return received;
}

function sameBytes(chunks: Uint8Array[], expected: Uint8Array, what: string) {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  if (joined.byteLength !== expected.byteLength || joined.some((byte, i) => byte !== expected[i])) {
    fail(`${what}: the bytes served are not the bytes stored`);
  }
}

async function measure(
  setup: Setup,
  song: Uint8Array,
  kvPath: string,
  bucket: { pid: number; env: Record<string, string> },
  ticksPerSecond: number,
): Promise<Result> {
  const app = await startApp(kvPath, setup.env);
  const bucketOrigin = new URL(bucket.env.S3_ENDPOINT).origin;
  try {
    const url = `${app.origin}/audio/${setup.blob.id}.mp3`;
    // Warm up both sides (JIT, connections, KV's and s3rver's first reads), checking the bytes once.
    const range: Uint8Array[] = [];
    await firstRange(setup, url, bucketOrigin, range);
    sameBytes(range, song.subarray(0, FIRST_RANGE_BYTES), `${setup.name}: the first range`);
    const whole: Uint8Array[] = [];
    await fullDownload(setup, url, bucketOrigin, whole);
    sameBytes(whole, song, `${setup.name}: the whole song`);
    for (let i = 0; i < 5; i++) await firstRange(setup, url, bucketOrigin);
    await Promise.all(Array.from({ length: CONCURRENCY }, () => fullDownload(setup, url, bucketOrigin)));

    const ttfbs: number[] = [];
    for (let i = 0; i < TTFB_REQUESTS; i++) ttfbs.push(await firstRange(setup, url, bucketOrigin));
    const sorted = ascending(ttfbs);

    const appBefore = cpuTicks(app.pid);
    const bucketBefore = cpuTicks(bucket.pid);
    let started = 0;
    let bytes = 0;
    const worker = async () => {
      while (started < DOWNLOADS) {
        started++;
        const received = await fullDownload(setup, url, bucketOrigin);
        bytes += received;
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - began) / 1000;
    const toMs = (ticks: number) => ticks * 1000 / ticksPerSecond;
    return {
      ttfbP50: percentile(sorted, 0.5),
      ttfbP95: percentile(sorted, 0.95),
      bytes,
      seconds,
      appCpuMs: toMs(cpuTicks(app.pid) - appBefore),
      bucketCpuMs: toMs(cpuTicks(bucket.pid) - bucketBefore),
    };
  } finally {
    await app.stop();
  }
}

const directory = await Deno.makeTempDir({ prefix: "bench-audio-" });
const kvPath = join(directory, "app.kv");
let bucket: Awaited<ReturnType<typeof startBucket>> | null = null;
try {
  const ticksPerSecond = await clockTicks();
  bucket = await startBucket();
  const s3Env = { ...bucket.env };

  // The song, stored through the real BlobStore.put into the app's KV file and into the bucket.
  const song = songBytes(SONG_BYTES);
  const kv = await openKv(kvPath);
  let inKv: BlobMeta;
  let inBucket: BlobMeta;
  try {
    const s3 = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3Env }).blobs.s3!);
    const options = { contentType: "audio/mpeg", now: Date.now() };
    inKv = await within(createBlobStore(kv, s3, "kv").put(song, options), CHILD_LIMIT_MS, "storing in KV");
    inBucket = await within(
      createBlobStore(kv, s3, "s3").put(song, options),
      CHILD_LIMIT_MS,
      "storing in the bucket",
    );
    // Each the song of a delivered order: only audio a family has plays for anyone (routes/media.ts).
    const sent = Array.from({ length: 20 }, (_, i) => i).find((i) => sampleStateOf(i) === "sent")!;
    for (const [index, blob] of [inKv, inBucket].entries()) {
      const order = { ...sampleOrder(sent, 1000 + index, Date.now()), songBlobId: blob.id };
      const stored = await writeOrder(kv.atomic(), null, order).commit();
      if (!stored.ok) throw new Error(`could not store the order of ${blob.id}`);
    }
  } finally {
    kv.close();
  }

  // Empty S3_* read as unset: the kv setup has no bucket at all, as a deployment without one.
  const noBucket = Object.fromEntries(Object.keys(s3Env).map((name) => [name, ""]));
  const setups: Setup[] = [
    {
      name: "kv",
      blob: inKv,
      env: { ...noBucket, BLOB_STORE: "kv", BLOB_SERVING: "stream" },
      redirected: false,
    },
    {
      name: "s3 stream",
      blob: inBucket,
      env: { ...s3Env, BLOB_STORE: "s3", BLOB_SERVING: "stream" },
      redirected: false,
    },
    {
      name: "s3 presigned",
      blob: inBucket,
      env: { ...s3Env, BLOB_STORE: "s3", BLOB_SERVING: "presigned" },
      redirected: true,
    },
  ];

  console.log(
    `deno run -A tools/bench_audio.ts --downloads=${DOWNLOADS} --concurrency=${CONCURRENCY} ` +
      `--ttfb-requests=${TTFB_REQUESTS}`,
  );
  console.log(
    `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}; ` +
      `a ${(SONG_BYTES / MB).toFixed(1)} MB song; app, bucket (s3rver) and client are separate processes ` +
      `on loopback; CPU from /proc at ${ticksPerSecond} ticks/s; MB = 10⁶ bytes\n`,
  );
  const results: [Setup, Result][] = [];
  for (const setup of setups) {
    results.push([setup, await measure(setup, song, kvPath, bucket, ticksPerSecond)]);
  }

  const mbOf = (result: Result) => result.bytes / MB;
  const cpuPerMb = (ms: number, result: Result) => ms / mbOf(result);
  console.log(
    `| setup | TTFB p50 ms | TTFB p95 ms | MB/s | app CPU ms per MB |`,
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const [setup, result] of results) {
    console.log(
      `| ${setup.name} | ${result.ttfbP50.toFixed(2)} | ${result.ttfbP95.toFixed(2)} | ` +
        `${(mbOf(result) / result.seconds).toFixed(0)} | ${cpuPerMb(result.appCpuMs, result).toFixed(2)} |`,
    );
  }
  console.log(
    `\nTTFB: ${TTFB_REQUESTS} sequential requests of bytes=0-${FIRST_RANGE_BYTES - 1}, to headers and the ` +
      `first body chunk. Throughput and CPU: ${DOWNLOADS} full downloads, ${CONCURRENCY} at a time.\n`,
  );
  console.log(
    "| setup | MB delivered | wall s | app CPU ms | bucket (s3rver) CPU ms | bucket CPU ms per MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [setup, result] of results) {
    const fromBucket = setup.blob.store === "s3";
    console.log(
      `| ${setup.name} | ${mbOf(result).toFixed(0)} | ${result.seconds.toFixed(2)} | ` +
        `${result.appCpuMs.toFixed(0)} | ${fromBucket ? result.bucketCpuMs.toFixed(0) : "—"} | ` +
        `${fromBucket ? cpuPerMb(result.bucketCpuMs, result).toFixed(2) : "—"} |`,
    );
  }
  console.log(
    `\nCPU is counted in whole ticks (${(1000 / ticksPerSecond).toFixed(0)} ms each): a figure near zero ` +
      "is known only to that resolution.",
  );

  for (const [setup, result] of results) {
    reportFigure({
      area: "audio",
      measure: `${setup.name}: TTFB of a 64 KiB range, p50 / p95`,
      value: `${result.ttfbP50.toFixed(2)} / ${result.ttfbP95.toFixed(2)} ms`,
    });
    reportFigure({
      area: "audio",
      measure: `${setup.name}: app CPU per MB served (full downloads, ${CONCURRENCY} at a time)`,
      value: `${cpuPerMb(result.appCpuMs, result).toFixed(2)} ms/MB, ${
        (mbOf(result) / result.seconds).toFixed(0)
      } MB/s`,
    });
  }
} finally {
  await bucket?.stop();
  await Deno.remove(directory, { recursive: true }).catch(() => {});
}
