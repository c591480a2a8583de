/**
 * `deno task bench [--seconds=5] [--concurrency=32]`: throughput of /healthz (the bare server) and
 * of anonymous pages in the same run, so ratios are comparable on a noisy machine; then the gzip
 * size of the JavaScript each page loads. The server runs as its own process (production React,
 * `:memory:` KV) so the load generator does not share its event loop.
 */
import { parseArgs } from "node:util";
import { manifestPath } from "../routes/assets.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "32" } },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const THROUGHPUT_PATHS = ["/healthz", "/", "/privacy-policy", "/login"];
const WEIGHT_PATHS = ["/", "/login", "/privacy-policy", "/terms-and-conditions", "/missing-page"];

async function startServer() {
  try {
    await Deno.stat(manifestPath());
  } catch {
    const { buildIslands } = await import("./build.ts");
    await buildIslands();
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { APP_ENV: "test", NODE_ENV: "production", KV_PATH: ":memory:", PORT: "0", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${output}`);
    output += value;
    const port = output.match(/listening on http:\/\/localhost:(\d+)/)?.[1];
    if (port) {
      return {
        origin: `http://127.0.0.1:${port}`,
        async stop() {
          child.kill("SIGTERM");
          await reader.cancel();
          await child.status;
        },
      };
    }
  }
}

async function load(url: string, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status >= 500) errors++;
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

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
  for (const path of THROUGHPUT_PATHS) {
    await load(server.origin + path, Math.min(1, SECONDS)); // warm up caches and the JIT
    const result = await load(server.origin + path, SECONDS);
    if (path === "/healthz") baseline = result.rps;
    console.log(
      `| ${path} | ${result.rps.toFixed(0)} | ${(result.rps / baseline).toFixed(2)} | ` +
        `${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${result.errors} |`,
    );
  }
  console.log("\n| page | HTML bytes | JS files | JS bytes | JS gzip bytes |");
  console.log("|---|---:|---:|---:|---:|");
  for (const path of WEIGHT_PATHS) {
    const js = await javascriptOf(server.origin, path);
    console.log(`| ${path} | ${js.html} | ${js.files} | ${js.raw} | ${js.gzip} |`);
  }
} finally {
  await server.stop();
}
