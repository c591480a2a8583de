/**
 * `deno run -A tools/bench_guard.ts [--seconds=5] [--concurrency=32] [--rounds=2]` (part of
 * `deno task bench`): what the serving path costs, in one run. The floor is a bare Deno.serve
 * answering {"ok":true}; beside it the same answer through the guard (serve/guarded_server.ts), its
 * connections handed off to Deno's HTTP server (the default) and relayed (the fallback); then the
 * app's /healthz and `/` as browsers ask (br), served directly by Deno.serve (the Deno Deploy path,
 * `DENO_DEPLOY=true`) and as `deno task start` serves it anywhere else. Every server runs at once in
 * its own process; each round measures each of them in turn, so a noisy machine affects all alike,
 * and the figure is the mean of the rounds. Keep-alive connections, as browsers use.
 */
import { parseArgs } from "node:util";
import { startServer } from "./bench_server.ts";
import { reportFigure } from "./bench_summary.ts";
import { loadHttp1 } from "./load/http1.ts";
import { mean } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "32" },
    rounds: { type: "string", default: "2" },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const AS_BROWSERS_ASK = { "accept-encoding": "br, gzip" };
/** The default's most cost against Deno.serve directly (docs/deploy.md, "In front of the server"). */
const HEALTHZ_GOAL = 0.8;
const LANDING_GOAL = 0.9;

async function startTarget(mode: "floor" | "handed-off" | "relayed") {
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
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await child.stdout.cancel().catch(() => {});
    },
  };
}

interface Row {
  label: string;
  origin: string;
  path: string;
  headers?: Record<string, string>;
  rates: number[];
}

const servers = {
  floor: await startTarget("floor"),
  guardHandedOff: await startTarget("handed-off"),
  guardRelayed: await startTarget("relayed"),
  appDirect: await startServer({ env: { DENO_DEPLOY: "true" } }),
  appDefault: await startServer(),
};
try {
  const rows: Row[] = [
    { label: 'bare Deno.serve answering {"ok":true} (the floor)', origin: servers.floor.origin, path: "/" },
    { label: "the same through the guard, handed off", origin: servers.guardHandedOff.origin, path: "/" },
    { label: "the same through the guard, relayed", origin: servers.guardRelayed.origin, path: "/" },
    { label: "app /healthz, direct (Deno Deploy path)", origin: servers.appDirect.origin, path: "/healthz" },
    { label: "app /healthz, as served by default", origin: servers.appDefault.origin, path: "/healthz" },
    {
      label: "app / (br), direct (Deno Deploy path)",
      origin: servers.appDirect.origin,
      path: "/",
      headers: AS_BROWSERS_ASK,
    },
    {
      label: "app / (br), as served by default",
      origin: servers.appDefault.origin,
      path: "/",
      headers: AS_BROWSERS_ASK,
    },
  ].map((row) => ({ ...row, rates: [] }));
  for (const row of rows) {
    // Caches, JIT and the server's first connections, not counted.
    await loadHttp1(row.origin + row.path, { seconds: 1, concurrency: CONCURRENCY, headers: row.headers });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      const result = await loadHttp1(row.origin + row.path, {
        seconds: SECONDS,
        concurrency: CONCURRENCY,
        headers: row.headers,
      });
      if (result.errors > 0) throw new Error(`${row.label}: ${result.errors} errors`);
      row.rates.push(result.rps);
    }
  }
  const rate = (index: number) => mean(rows[index].rates);
  const floor = rate(0);
  const versus = [0, 0, 0, 0, 3, 0, 5];
  console.log(
    `## The serving path (${ROUNDS} rounds × ${SECONDS} s each, ${CONCURRENCY} keep-alive clients)\n`,
  );
  console.log("| server | req/s (each round) | vs floor | vs direct |\n| --- | ---: | ---: | ---: |");
  rows.forEach((row, index) => {
    const direct = index === 4 || index === 6 ? `${(rate(index) / rate(versus[index])).toFixed(2)}×` : "";
    console.log(
      `| ${row.label} | ${rate(index).toFixed(0)} (${row.rates.map((r) => r.toFixed(0)).join(", ")}) | ` +
        `${(rate(index) / floor).toFixed(2)}× | ${direct} |`,
    );
  });
  const healthz = rate(4) / rate(3);
  const landing = rate(6) / rate(5);
  reportFigure({
    area: "server",
    measure: 'floor: bare Deno.serve answering {"ok":true}, req/s',
    value: floor.toFixed(0),
  });
  reportFigure({
    area: "server",
    measure: "the guard (tiny answer) handed off / relayed vs the floor",
    value: `${rate(1).toFixed(0)} (${(rate(1) / floor).toFixed(2)}×) / ${rate(2).toFixed(0)} (${
      (rate(2) / floor).toFixed(2)
    }×)`,
  });
  reportFigure({
    area: "server",
    measure: "app /healthz as served by default vs direct",
    value: `${rate(4).toFixed(0)} vs ${rate(3).toFixed(0)} (${healthz.toFixed(2)}×)`,
    goal: `≥ ${HEALTHZ_GOAL}× (cost ≤ 20 %)`,
  });
  reportFigure({
    area: "server",
    measure: "app / (br) as served by default vs direct",
    value: `${rate(6).toFixed(0)} vs ${rate(5).toFixed(0)} (${landing.toFixed(2)}×)`,
    goal: `≥ ${LANDING_GOAL}× (cost ≤ 10 %)`,
  });
  if (healthz < HEALTHZ_GOAL || landing < LANDING_GOAL) {
    console.log(
      `\nMISSED: the default costs more than the goal (${healthz.toFixed(2)}×, ${landing.toFixed(2)}×).`,
    );
    Deno.exitCode = 1;
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
}
