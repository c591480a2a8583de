/**
 * `deno task lighthouse [--runs=3] [--path=/ ...] [--without-scripts]`: Lighthouse 13 (mobile, its
 * default throttling) on a production server started here, printing each category's score and the
 * page's metrics for every run, then the median, for each `--path` in turn (repeat it for several
 * pages). The path `/unboxing/delivered` stands for the reveal of a song made and delivered here first
 * (tools/lighthouse_song.ts). Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and the npm
 * registry for the first download of Lighthouse. Reports land in /tmp/lighthouse/.
 */
import { parseArgs } from "node:util";
import { PUBLIC_PREFIX } from "../routes/island_build.ts";
import { startServer } from "./bench_server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { median } from "./stats.ts";
import { deliveredSong } from "./lighthouse_song.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "3" },
    path: { type: "string", multiple: true, default: ["/"] },
    "without-scripts": { type: "boolean", default: false },
  },
});
/**
 * `--without-scripts` blocks the islands' code (served under /build/): what is left is the floor the page's
 * HTML and CSS set on this machine, which no change to its scripts can go below.
 */
const WITHOUT_SCRIPTS = values["without-scripts"];
const DELIVERED_REVEAL = "/unboxing/delivered";
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
  const output = `${OUT_DIR}/report-${new URL(url).pathname.replaceAll("/", "_")}-${run}.json`;
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
      ...(WITHOUT_SCRIPTS ? [`--blocked-url-patterns=*${PUBLIC_PREFIX}*`] : []),
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
const appUrl = `http://127.0.0.1:${port}`;
const kvFile = await Deno.makeTempFile({ prefix: "lighthouse-", suffix: ".sqlite3" });
const env = { PORT: String(port), APP_URL: appUrl, APP_ENV: "test", NODE_ENV: "production", KV_PATH: kvFile };
try {
  const pathOf = new Map<string, string>();
  for (const path of values.path) {
    pathOf.set(path, path === DELIVERED_REVEAL ? `/unboxing/${await deliveredSong(env)}` : path);
  }
  const server = await startServer({ env });
  try {
    for (const [asked, path] of pathOf) await measure(server.origin, asked, path);
  } finally {
    await server.stop();
  }
} finally {
  await Deno.remove(kvFile).catch(() => {});
}

async function measure(origin: string, asked: string, path: string) {
  const blocked = WITHOUT_SCRIPTS ? " --without-scripts" : "";
  console.log(`deno task lighthouse --runs=${RUNS} --path=${asked}${blocked}  (Lighthouse 13.5.0, mobile)\n`);
  const reports: Report[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const report = await runLighthouse(origin + path, run);
    reports.push(report);
    const scores = Object.values(report.categories).map((c) =>
      `${c.title} ${Math.round((c.score ?? 0) * 100)}`
    );
    const metrics = METRICS.map((id) => `${id} ${report.audits[id].displayValue}`);
    console.log(`run ${run}: ${scores.join(", ")}\n  ${metrics.join(", ")}`);
    for (const line of failingAudits(report)) console.log(`  below 1: ${line}`);
  }
  console.log(`\nmedian of runs, ${asked}:`);
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
  console.log();
}
