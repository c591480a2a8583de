/**
 * `deno task bench [--seconds=5] [--concurrency=32]`: throughput of /healthz (the bare server) and
 * of anonymous pages in the same run, so ratios are comparable on a noisy machine; then the gzip
 * size of the JavaScript each page loads. The server runs as its own process (production React,
 * `:memory:` KV) so the load generator does not share its event loop.
 */
import { parseArgs } from "node:util";
import { startServer } from "./bench_server.ts";
import { reportFigure } from "./bench_summary.ts";
import { memoryOf } from "./load/stats.ts";
import { measureLandingWeight } from "./bench_landing_weight.ts";
import { loadHttp1 } from "./load/http1.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "32" } },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
/**
 * Pages are asked for as browsers ask (brotli or gzip), and the load client (tools/load/http1.ts) does
 * not decompress: it shares the machine with the server. The uncompressed row is the same page for a
 * client that takes no compression.
 */
const IDENTITY = { "accept-encoding": "identity" };
const AS_BROWSERS_ASK = { "accept-encoding": "br, gzip" };
const THROUGHPUT = [
  { path: "/healthz", label: "/healthz" },
  // Issue 24: outside wrk runs measured it at 0.31× and 0.46× /healthz; it stays at or above that.
  { path: "/", label: "/ (br, as browsers ask)", headers: AS_BROWSERS_ASK, goal: "≥ 0.31× /healthz" },
  { path: "/", label: "/ (uncompressed)", headers: IDENTITY },
  { path: "/privacy-policy", label: "/privacy-policy (br)", headers: AS_BROWSERS_ASK },
  { path: "/login", label: "/login (br)", headers: AS_BROWSERS_ASK },
];
/** The reveal's island loads whether or not its order exists, so a made-up id weighs the same page. */
const REVEAL_PATH = "/unboxing/no-such-order";
const WEIGHT_PATHS = [
  "/",
  "/login",
  "/privacy-policy",
  "/terms-and-conditions",
  "/missing-page",
  REVEAL_PATH,
];
/** Issue 21: the sing-along and the other take may add at most 15 KB gzip to the reveal (42,186 B before). */
const REVEAL_JS_GOAL = "≤ 101,767 B (86,407 B before issue 21, + 15 KB)";

async function gzipSize(bytes: Uint8Array) {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function javascriptOf(origin: string, path: string) {
  const html = await (await fetch(origin + path)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)) {
    urls.add(match[1] ?? match[2]);
  }
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = new Uint8Array(await (await fetch(origin + url)).arrayBuffer());
    raw += bytes.byteLength;
    gzip += await gzipSize(bytes);
  }
  return { files: urls.size, raw, gzip, html: html.length };
}

const server = await startServer();
try {
  console.log(`deno task bench --seconds=${SECONDS} --concurrency=${CONCURRENCY}`);
  console.log(
    `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}\n`,
  );
  console.log("| path | req/s | vs /healthz | p50 ms | p99 ms | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  let baseline = 0;
  for (const { path, label, headers, goal } of THROUGHPUT) {
    const url = server.origin + path;
    await loadHttp1(url, { seconds: Math.min(1, SECONDS), concurrency: CONCURRENCY, headers }); // caches, JIT
    const result = await loadHttp1(url, { seconds: SECONDS, concurrency: CONCURRENCY, headers });
    if (path === "/healthz") baseline = result.rps;
    reportFigure({
      area: "pages",
      measure: `${label} req/s`,
      value: `${result.rps.toFixed(0)} (${(result.rps / baseline).toFixed(2)}× /healthz), p99 ${
        result.p99.toFixed(1)
      } ms`,
      goal,
    });
    console.log(
      `| ${label} | ${result.rps.toFixed(0)} | ${(result.rps / baseline).toFixed(2)} | ` +
        `${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${result.errors} |`,
    );
  }
  console.log("\n| page | HTML bytes | JS files | JS bytes | JS gzip bytes |");
  console.log("|---|---:|---:|---:|---:|");
  for (const path of WEIGHT_PATHS) {
    const js = await javascriptOf(server.origin, path);
    console.log(`| ${path} | ${js.html} | ${js.files} | ${js.raw} | ${js.gzip} |`);
    reportFigure({
      area: "pages",
      measure: `JavaScript on ${path}, gzip`,
      value: `${js.gzip.toLocaleString("en-US")} B`,
      // `/` lists only the boot since issue 24; its islands' code is measured in Chromium below.
      goal: path === "/" ? "≤ 20,480 B (20 KB)" : path === REVEAL_PATH ? REVEAL_JS_GOAL : undefined,
    });
  }
  const landing = await measureLandingWeight(server.origin);
  console.log("\n`/` on a phone before interaction (bytes on the wire, Chromium 390×844):\n");
  console.log("| kind | files | bytes |");
  console.log("|---|---:|---:|");
  for (const [kind, { files, bytes }] of Object.entries(landing.byKind)) {
    console.log(`| ${kind} | ${files} | ${bytes} |`);
  }
  console.log(`| **total** | | **${landing.total}** |`);
  reportFigure({
    area: "pages",
    measure: "`/` on a phone before interaction",
    value: `${landing.total.toLocaleString("en-US")} B (reaction videos ${landing.reactionVideoBytes} B)`,
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const { firstView, afterIdle, allHydrated } = landing.javascript;
  console.log("\nJavaScript on `/` (gzip, Chromium 390×844):\n");
  console.log("| moment | gzip |");
  console.log("|---|---:|");
  console.log(`| loaded, before idle, nothing touched or scrolled | ${kb(firstView)} |`);
  console.log(`| idle islands hydrated, nothing touched or scrolled | ${kb(afterIdle)} |`);
  console.log(`| scrolled to the end, every island hydrated | ${kb(allHydrated)} |`);
  reportFigure({
    area: "pages",
    measure: "JavaScript on `/` at load, before idle, gzip",
    value: kb(firstView),
  });
  // Idle comes by itself, so what idle islands fetch counts as "before any interaction" (issue 24).
  reportFigure({
    area: "pages",
    measure: "JavaScript on `/` before any interaction or scrolling (idle islands hydrated), gzip",
    value: kb(afterIdle),
    goal: "≤ 20 KB",
  });
  reportFigure({
    area: "pages",
    measure: "JavaScript on `/` once every island has hydrated, gzip",
    value: kb(allHydrated),
    goal: "≤ 90 KB",
  });
  const memory = memoryOf(server.pid);
  if (memory) {
    console.log(
      `\nserver RSS after the run: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`,
    );
    reportFigure({
      area: "pages",
      measure: "server RSS after the page runs (peak)",
      value: `${memory.peakMb.toFixed(0)} MB`,
    });
  }
} finally {
  await server.stop();
}
