/**
 * `deno run -A tools/bench_guard.ts [--seconds=5] [--concurrency=32]` (part of `deno task bench`):
 * what the guarded server's relay (serve/guarded_server.ts) costs a request, as req/s of the same
 * tiny answer served directly by Deno.serve and through the guard, in one run, each twice in
 * alternation so a noisy machine affects both alike. Keep-alive connections, as browsers use.
 */
import { parseArgs } from "node:util";
import { reportFigure } from "./bench_summary.ts";
import { mean } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "32" } },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);

async function start(mode: "direct" | "guarded") {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./bench_guard_target.ts", import.meta.url).pathname, mode],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!/port (\d+)/.test(output)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${mode} server exited: ${output}`);
    output += value;
  }
  reader.releaseLock();
  const port = output.match(/port (\d+)/)![1];
  return {
    url: `http://127.0.0.1:${port}/healthz`,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await child.stdout.cancel().catch(() => {});
    },
  };
}

async function requestsPerSecond(url: string) {
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url);
      await response.arrayBuffer();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - started) / 1000);
}

const rates: Record<"direct" | "guarded", number[]> = { direct: [], guarded: [] };
for (const mode of ["direct", "guarded", "direct", "guarded"] as const) {
  const server = await start(mode);
  await requestsPerSecond(server.url); // warm-up, not counted
  rates[mode].push(await requestsPerSecond(server.url));
  await server.stop();
}
const direct = mean(rates.direct);
const guarded = mean(rates.guarded);
console.log(`## The guard's relay (${SECONDS} s × 2 each, ${CONCURRENCY} keep-alive clients)\n`);
console.log("| server | req/s | vs direct |\n| --- | --- | --- |");
console.log(`| Deno.serve directly | ${direct.toFixed(0)} | 1.00× |`);
console.log(
  `| through serve/guarded_server.ts | ${guarded.toFixed(0)} | ${(guarded / direct).toFixed(2)}× |`,
);
reportFigure({
  area: "server",
  measure: "req/s through the connection guard vs Deno.serve directly",
  value: `${guarded.toFixed(0)} vs ${direct.toFixed(0)} (${(guarded / direct).toFixed(2)}×)`,
});
