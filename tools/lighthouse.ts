/**
 * `deno task lighthouse [--runs=3] [--path=/]`: Lighthouse 13 (mobile, its default throttling) on
 * a production server started here, printing each category's score and the page's metrics for
 * every run, then the median. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and the npm
 * registry for the first download of Lighthouse. Reports land in /tmp/lighthouse/.
 */
import { parseArgs } from "node:util";
import { startServer } from "./bench_server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { median } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string", default: "3" }, path: { type: "string", default: "/" } },
});
const RUNS = Number(values.runs);
const LIGHTHOUSE = "npm:lighthouse@13.5.0";
const CHROME_FLAGS = CHROMIUM_ARGS.join(" ");
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;
const OUT_DIR = "/tmp/lighthouse";

interface Report {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    { title: string; score: number | null; displayValue?: string; numericValue?: number }
  >;
}

/** A port picked before the server starts, so its canonical links (APP_URL) name the address tested. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function runLighthouse(url: string, run: number): Promise<Report> {
  const output = `${OUT_DIR}/report-${run}.json`;
  // Run outside the project so Lighthouse's packages never enter the app's lock file or node_modules.
  const result = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--no-config",
      "--no-lock",
      LIGHTHOUSE,
      url,
      "--output=json",
      `--output-path=${output}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--quiet",
    ],
    cwd: OUT_DIR,
    env: { CHROME_PATH: CHROMIUM_PATH },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!result.success) throw new Error(`Lighthouse run ${run} failed`);
  return JSON.parse(await Deno.readTextFile(output));
}

function failingAudits(report: Report): string[] {
  const failing: string[] = [];
  for (const category of Object.values(report.categories)) {
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        failing.push(
          `${category.title}: ${audit.title} (${audit.score}${
            audit.displayValue ? `, ${audit.displayValue}` : ""
          })`,
        );
      }
    }
  }
  return failing;
}

await Deno.mkdir(OUT_DIR, { recursive: true });
const port = freePort();
const server = await startServer({ env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` } });
try {
  const url = server.origin + values.path;
  console.log(`deno task lighthouse --runs=${RUNS} --path=${values.path}  (Lighthouse 13.5.0, mobile)\n`);
  const reports: Report[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const report = await runLighthouse(url, run);
    reports.push(report);
    const scores = Object.values(report.categories).map((c) =>
      `${c.title} ${Math.round((c.score ?? 0) * 100)}`
    );
    const metrics = METRICS.map((id) => `${id} ${report.audits[id].displayValue}`);
    console.log(`run ${run}: ${scores.join(", ")}\n  ${metrics.join(", ")}`);
    for (const line of failingAudits(report)) console.log(`  below 1: ${line}`);
  }
  console.log("\nmedian of runs:");
  for (const id of Object.keys(reports[0].categories)) {
    const score = median(reports.map((report) => report.categories[id].score ?? 0));
    console.log(`  ${reports[0].categories[id].title}: ${Math.round(score * 100)}`);
  }
  for (const id of METRICS) {
    const value = median(reports.map((report) => report.audits[id].numericValue ?? 0));
    console.log(
      `  ${id}: ${id === "cumulative-layout-shift" ? value.toFixed(3) : `${Math.round(value)} ms`}`,
    );
  }
} finally {
  await server.stop();
}
