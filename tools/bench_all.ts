/**
 * `deno task bench`: the page server, the generation pipeline, the admin list, the studio under a
 * backlog and song audio (KV against the bucket), each measured by
 * its own script (own process, own detailed tables), then every headline figure in one table.
 */
import { readFigures } from "./bench_summary.ts";

const SCRIPTS = [
  "tools/bench.ts",
  "tools/bench_guard.ts",
  "tools/bench_pipeline.ts",
  "tools/bench_admin.ts",
  "tools/bench_backlog.ts",
  "tools/bench_audio.ts",
];

const summary = await Deno.makeTempFile({ prefix: "bench-summary-", suffix: ".jsonl" });
let failed = false;
try {
  for (const script of SCRIPTS) {
    const { success } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script],
      env: { BENCH_SUMMARY: summary },
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!success) failed = true;
    console.log();
  }
  console.log("## deno task bench: every figure in one table\n");
  console.log("| area | measure | value | goal |");
  console.log("|---|---|---:|---|");
  for (const figure of readFigures(summary)) {
    console.log(`| ${figure.area} | ${figure.measure} | ${figure.value} | ${figure.goal ?? ""} |`);
  }
} finally {
  await Deno.remove(summary);
}
if (failed) Deno.exitCode = 1;
