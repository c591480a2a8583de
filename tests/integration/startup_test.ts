import { assert, assertEquals, assertMatch, assertRejects, assertThrows } from "@std/assert";
import { systemClock } from "../../deps.ts";
import { parseConfig } from "../../domain/config.ts";
import { StartupError } from "../../domain/errors.ts";
import { orderFormSchema } from "../../domain/order/orders.ts";
import { createJobQueue } from "../../jobs/messages.ts";
import { leaseRunsOutAt } from "../../kv/locks.ts";
import { openKv } from "../../kv/open.ts";
import { getOrder } from "../../kv/orders.ts";
import { createDemoOrder } from "../../orders/demo_order.ts";
import { orderForm } from "./orders/helpers.ts";

const ROOT = new URL("../../", import.meta.url);

/**
 * Runs main.ts (or `script`, a file that imports it) as a real process with only the given environment
 * (plus PATH and HOME), from the project or from `cwd`: the server finds static/build/ relative to where it
 * runs, so an empty folder is a deployment without bundles. A process still running after a minute is
 * killed (a server that should have stopped would otherwise hang the suite): a safety net, not a timing.
 */
function startMain(env: Record<string, string>, options: { cwd?: string; script?: string } = {}) {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      new URL("deno.json", ROOT).pathname,
      options.script ?? new URL("main.ts", ROOT).pathname,
    ],
    cwd: options.cwd,
    signal: AbortSignal.timeout(60_000),
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", NO_COLOR: "1", ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  });
}

/**
 * A stand-in for OpenAI that does not answer while the test lasts, and says when it was first asked.
 * Its disposal answers what is left hanging, so the server can close.
 */
function hangingLyricist() {
  const asked = Promise.withResolvers<void>();
  const hanging: ((response: Response) => void)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    asked.resolve();
    return new Promise<Response>((resolve) => hanging.push(resolve));
  });
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    asked: asked.promise,
    async [Symbol.asyncDispose]() {
      for (const answer of hanging) answer(new Response(null, { status: 503 }));
      await server.shutdown();
    },
  };
}

/** Reads the server's output until it says it listens; answers the reader, for the test to cancel. */
async function readUntilListening(child: Deno.ChildProcess) {
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!/listening on/.test(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
  }
  return reader;
}

Deno.test("a KV path that cannot be opened is a start-up error naming it", async () => {
  // main.ts prints a StartupError as its one line (the Deno Deploy test below sees one do so).
  await assertRejects(
    () => openKv("/dev/null/app.kv"),
    StartupError,
    'Cannot open Deno KV at "/dev/null/app.kv" (KV_PATH)',
  );
});

Deno.test("development start-up names each provider in use and serves /healthz; a stop signal delivered twice stops it once, cleanly", async () => {
  const child = startMain({ KV_PATH: ":memory:", PORT: "0" }).spawn();
  const lines: string[] = [];
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let port = "";
  let buffered = "";
  while (!port) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    lines.push(...buffered.split("\n").slice(0, -1));
    buffered = buffered.split("\n").at(-1)!;
    port = lines.join("\n").match(/listening on http:\/\/localhost:(\d+)/)?.[1] ?? "";
  }
  try {
    assert(port, lines.join("\n"));
    assertEquals(lines.filter((line) => /^(payments|lyrics|music|mail):/.test(line)).length, 4);
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    assertEquals(await response.json(), { ok: true });
  } finally {
    // Twice, as Ctrl-C in a terminal and the dev watcher both deliver it.
    child.kill("SIGINT");
    child.kill("SIGINT");
  }
  const [status, stderr] = await Promise.all([
    child.status,
    new Response(child.stderr).text(),
    reader.cancel(),
  ]);
  assertEquals(stderr, "");
  assertEquals(status.code, 0);
});

Deno.test("a stop waits a few seconds for a song's step that hangs, then leaves it to its lease and exits cleanly", async () => {
  // The lyricist never answers: the step is under way when the stop comes, and stays so.
  await using lyricist = hangingLyricist();
  const dir = await Deno.makeTempDir({ prefix: "shutdown-" });
  const kvPath = `${dir}/app.kv`;
  try {
    const kv = await openKv(kvPath);
    const form = orderFormSchema.parse(orderForm({ childName: "Mia" }));
    const order = await createDemoOrder(
      { kv, jobs: createJobQueue(false), clock: systemClock },
      form,
      "user-1",
    );
    kv.close();
    const child = startMain({
      KV_PATH: kvPath,
      PORT: "0",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: lyricist.baseUrl,
    }).spawn();
    const reader = await readUntilListening(child);
    await lyricist.asked;

    // A stop that waited for the call would outlast startMain's minute and be killed: not code 0.
    child.kill("SIGTERM");
    const [status, stderr] = await Promise.all([
      child.status,
      new Response(child.stderr).text(),
      reader.cancel(),
    ]);
    assertEquals([status.code, stderr], [0, ""]);

    // The step was left, not recorded as failed: the order is as the stop found it, its lease held.
    const after = await openKv(kvPath);
    try {
      const stored = await getOrder(after, order.id);
      assertEquals([stored?.status, stored?.currentStage, stored?.error ?? null], [
        "generating",
        "LYRICS",
        null,
      ]);
      assert(await leaseRunsOutAt(after, { type: "order", id: order.id }));
    } finally {
      after.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * A script that imports main.ts with `Deno.cron` replaced by a recorder: it prints each registration and
 * calls the handler at once (a tick before the server is up), and once main.ts has started it ticks
 * again and waits for that sweep. Deno Deploy finds crons the same way, by evaluating the entrypoint.
 */
async function cronRecorder(dir: string) {
  const script = `${dir}/cron_recorder.ts`;
  await Deno.writeTextFile(
    script,
    `let handler: (() => unknown) | undefined;
Object.defineProperty(Deno, "cron", {
  configurable: true,
  value: (name: string, schedule: string, run: () => unknown) => {
    handler = run;
    console.log(\`cron registered: \${name} (\${schedule})\`);
    console.log(\`tick before start: \${String(run())}\`);
  },
});
await import(${JSON.stringify(new URL("main.ts", ROOT).href)});
await handler?.();
console.log("tick after start: swept");
Deno.exit(0);
`,
  );
  return script;
}

const linesOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes).trim().split("\n").filter(Boolean);

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${prefix}${entry.name}`;
    found.push(...(entry.isDirectory ? await filesUnder(`${dir}/${entry.name}`, `${path}/`) : [path]));
  }
  return found.sort();
}

Deno.test("the sweeper's cron is registered before configuration is read, a tick before start-up does nothing, and production without its keys stops with one line naming them", async () => {
  const dir = await Deno.makeTempDir({ prefix: "startup-cron-" });
  try {
    const script = await cronRecorder(dir);
    const { code, stdout, stderr } = await startMain(
      { APP_ENV: "production", KV_PATH: ":memory:" },
      { script },
    ).output();
    assertEquals(code, 1);
    assertEquals(linesOf(stdout), [
      "cron registered: little-hits sweeper (* * * * *)",
      "tick before start: undefined",
    ]);
    // Production without its keys: one line naming them, and nothing from main.ts on stdout.
    const errors = linesOf(stderr);
    assertEquals(errors.length, 1, errors.join("\n"));
    assertMatch(errors[0], /^Little Hits cannot start: Missing APP_URL, STRIPE_SECRET_KEY, .*SMTP_URL/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("on Deno Deploy, missing bundles stop start-up with one line instead of running esbuild", async () => {
  const dir = await Deno.makeTempDir({ prefix: "startup-deploy-" });
  try {
    // No KV_PATH: the Deno Deploy default (:default:) is never opened, as start-up stops before KV.
    const { code, stdout, stderr } = await startMain({ DENO_DEPLOY: "true", APP_ENV: "test" }, { cwd: dir })
      .output();
    assertEquals(code, 1);
    assertEquals(linesOf(stdout), []);
    assertEquals(linesOf(stderr), [
      "Little Hits cannot start: The island bundles (static/build/manifest.json) are missing on Deno Deploy: " +
      "run `deno task build` as the app's build step.",
    ]);
    assertEquals(await filesUnder(dir), [], "nothing built, nothing written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("on Deno Deploy with its bundles, start-up serves, warns about JOB_QUEUE=on, and the cron tick sweeps", async () => {
  const dir = await Deno.makeTempDir({ prefix: "startup-deploy-" });
  try {
    await Deno.mkdir(`${dir}/static/build`, { recursive: true });
    await Deno.writeTextFile(`${dir}/static/build/manifest.json`, JSON.stringify({ islands: {} }));
    const script = await cronRecorder(dir);
    const { code, stdout, stderr } = await startMain(
      { DENO_DEPLOY: "true", APP_ENV: "test", KV_PATH: ":memory:", PORT: "0", JOB_QUEUE: "on" },
      { cwd: dir, script },
    ).output();
    const out = linesOf(stdout);
    assertEquals(code, 0, [...out, ...linesOf(stderr)].join("\n"));
    assertEquals(out.slice(0, 2), [
      "cron registered: little-hits sweeper (* * * * *)",
      "tick before start: undefined",
    ]);
    assert(
      out.some((line) => /^Little Hits is listening on http:\/\/localhost:\d+$/.test(line)),
      out.join("\n"),
    );
    assertEquals(out.at(-1), "tick after start: swept");
    assertEquals(linesOf(stderr).filter((line) => line.startsWith("Warning: ")).length, 1);
    assertMatch(
      new TextDecoder().decode(stderr),
      /Warning: JOB_QUEUE=on on Deno Deploy, whose KV has no queues/,
    );
    assertEquals(
      await filesUnder(dir),
      ["cron_recorder.ts", "static/build/manifest.json"],
      "nothing written",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an https APP_URL without APP_ENV is production: start-up stops for its missing keys", () => {
  // What main.ts reads its environment with; the test above sees it print such an error as one line.
  assertThrows(
    () => parseConfig({ APP_URL: "https://little-hits.example.com", KV_PATH: ":memory:" }),
    StartupError,
    "Missing STRIPE_SECRET_KEY",
  );
});
