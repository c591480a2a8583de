/**
 * `deno task test`: the whole gate in one command. It builds the bundles (with quick compression: the
 * tests read what the bundles do, not how small brotli's best makes them), runs the test modules that
 * can share the machine side by side, then the few that must have it to themselves, and ends with one
 * summary line in Deno's own format.
 *
 *   deno task test                 everything (what CI runs)
 *   deno task test:fast            unit and integration tests only: no build, no browser
 *   deno task test tests/e2e/x.ts  the named files or folders, with the same set-up
 *   deno task screenshots          the browser tests, saving every view they name for design review
 *
 * Flags before the paths: `--fast`, `--screenshots`; anything after `--` goes to `deno test` as is
 * (e.g. `-- --filter "order form"`).
 */
import { BUILD_DIR } from "../routes/assets.ts";
import { buildIslands } from "../routes/island_build.ts";

const TEST_ROOTS = ["tests/unit/", "tests/integration/", "tests/e2e/"];
/** What the island bundles are built from: the islands and everything they may import, and the builder. */
const BUNDLE_SOURCES = [
  "islands",
  "components",
  "domain",
  "routes/island_build.ts",
  "deno.json",
  "deno.lock",
];
/**
 * Modules that must have the machine to themselves, each with its reason; none today. Every other
 * module runs beside others, so it may use only its own memory KV, port 0 and temporary folders.
 */
const RUNS_ALONE: string[] = [];

const args = [...Deno.args];
const passThrough = args.includes("--") ? args.splice(args.indexOf("--")).slice(1) : [];
const fast = args.includes("--fast");
const screenshots = args.includes("--screenshots");
const paths = args.filter((arg) => !arg.startsWith("--"));
const roots = paths.length > 0
  ? paths
  : fast
  ? TEST_ROOTS.filter((root) => root !== "tests/e2e/")
  : screenshots
  ? ["tests/e2e/"]
  : TEST_ROOTS;

const started = performance.now();
const modules = await testModules(roots);
const alone = modules.filter((module) => RUNS_ALONE.some((path) => module.endsWith(path)));
// Longest first, so the last worker to finish is not the one that drew a long module at the end:
// browser modules (the accessibility views longest), then integration, then unit.
const together = modules.filter((module) => !alone.includes(module)).sort((a, b) => weight(b) - weight(a));

if (!fast) await buildUnlessCurrent();

const env: Record<string, string> = { NODE_ENV: "production" };
if (screenshots) {
  env.SCREENSHOTS_DIR = Deno.env.get("SCREENSHOTS_DIR") ?? ".ci/out/screenshots";
  await Deno.mkdir(env.SCREENSHOTS_DIR, { recursive: true });
}

const totals = { passed: 0, failed: 0, ignored: 0, ok: true };
if (together.length > 0) add(await denoTest(together, { parallel: true }));
if (alone.length > 0) add(await denoTest(alone, { parallel: false }));

const elapsed = Math.round((performance.now() - started) / 1000);
const duration = `${Math.floor(elapsed / 60)}m${elapsed % 60}s`;
console.log(
  `\n${totals.ok ? "ok" : "FAILED"} | ${totals.passed} passed | ${totals.failed} failed | ` +
    `${totals.ignored} ignored (${duration})`,
);
Deno.exit(totals.ok ? 0 : 1);

function weight(module: string): number {
  if (module.startsWith("tests/e2e/accessibility/")) return 3;
  if (module.startsWith("tests/e2e/")) return 2;
  return module.startsWith("tests/integration/") ? 1 : 0;
}

function add(run: RunResult) {
  totals.passed += run.passed;
  totals.failed += run.failed;
  totals.ignored += run.ignored;
  totals.ok &&= run.ok;
}

interface RunResult {
  passed: number;
  failed: number;
  ignored: number;
  ok: boolean;
}

/** One `deno test` call, its output passed through as it comes and its summary line read back. */
async function denoTest(files: string[], { parallel }: { parallel: boolean }): Promise<RunResult> {
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "test",
      "-A",
      "--sanitize-ops",
      "--sanitize-resources",
      ...(parallel ? ["--parallel"] : []),
      ...passThrough,
      ...files,
    ],
    env,
    stdout: "piped",
    stderr: "inherit",
  });
  const child = command.spawn();
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
  }
  const { success } = await child.status;
  // deno-lint-ignore no-control-regex -- the colours Deno puts around its summary
  const summary = tail.replaceAll(/\x1b\[[0-9;]*m/g, "").match(
    /^(ok|FAILED) \| (\d+) passed[^|]*\| (\d+) failed(?: \| (\d+) ignored)?/m,
  );
  if (!summary) return { passed: 0, failed: 1, ignored: 0, ok: false };
  return {
    passed: Number(summary[2]),
    failed: Number(summary[3]) + (success || Number(summary[3]) > 0 ? 0 : 1),
    ignored: Number(summary[4] ?? 0),
    ok: success,
  };
}

/**
 * Builds the bundles for the tests, unless the last test build was of these very sources: a second
 * run beside the first (another terminal, a helper) would otherwise replace the files the first is
 * serving. Any other build (`deno task build`, `dev`) replaces the folder and its stamp with it.
 */
async function buildUnlessCurrent() {
  const stamp = `${BUILD_DIR}/.test-build`;
  const sources = await sourcesStamp();
  const built = await Deno.readTextFile(stamp).catch(() => "");
  if (built === sources) return;
  await buildIslands({ compression: "quick" });
  await Deno.writeTextFile(stamp, sources);
}

/** What the bundles are made of, as names, sizes and modification times. */
async function sourcesStamp(): Promise<string> {
  const lines: string[] = [];
  const visit = async (path: string) => {
    const info = await Deno.stat(path);
    if (!info.isDirectory) {
      lines.push(`${path} ${info.size} ${info.mtime?.getTime()}`);
      return;
    }
    for await (const entry of Deno.readDir(path)) await visit(`${path}/${entry.name}`);
  };
  for (const source of BUNDLE_SOURCES) await visit(source);
  return lines.sort().join("\n");
}

/** The test modules under the given files and folders, as `deno test` would find them. */
async function testModules(targets: string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    const info = await Deno.stat(path);
    if (info.isFile) {
      found.push(path.replace(/^\.\//, ""));
      return;
    }
    for await (const entry of Deno.readDir(path)) {
      const child = `${path.replace(/\/$/, "")}/${entry.name}`;
      if (entry.isDirectory) await visit(child);
      else if (/[._]test\.tsx?$/.test(entry.name)) found.push(child.replace(/^\.\//, ""));
    }
  };
  for (const target of targets) await visit(target);
  return found.sort();
}
