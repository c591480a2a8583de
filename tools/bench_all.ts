/**
 * `deno task bench`: the page server, the generation pipeline, the admin list, the studio under a
 * backlog and song audio (KV against the bucket), each measured by its own script (own process, own
 * detailed tables); then the scenarios too big for the test gate (tests/scale/, test modules that
 * print their figure and assert their goal); then every headline figure in one table.
 */
import { appendFigure, readFigures } from "./bench_summary.ts";

const SCRIPTS = [
  "tools/bench.ts",
  "tools/bench_guard.ts",
  "tools/bench_pipeline.ts",
  "tools/bench_admin.ts",
  "tools/bench_backlog.ts",
  "tools/bench_audio.ts",
];
/** The gate runs each of these small; here they run at the size that once went wrong. */
const SCALE_TESTS = ["test", "-A", "--sanitize-ops", "--sanitize-resources", "tests/scale/"];

const summary = await Deno.makeTempFile({ prefix: "bench-summary-", suffix: ".jsonl" });
let failed = false;
try {
  for (const script of SCRIPTS) {
    if (!await run(["run", "-A", script], summary)) failed = true;
    console.log();
  }
  console.log("## Scale scenarios (tests/scale/)\n");
  const scaled = await run(SCALE_TESTS, summary);
  if (!scaled) failed = true;
  appendFigure(summary, {
    area: "scale",
    measure: "deno test tests/scale/",
    value: scaled ? "passed" : "FAILED",
    goal: "every scenario meets its goal",
  });
  console.log();
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

async function run(args: string[], summary: string): Promise<boolean> {
  const { success } = await new Deno.Command(Deno.execPath(), {
    args,
    env: { BENCH_SUMMARY: summary },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return success;
}
