/**
 * Composition root: register the sweeper's cron, read the configuration, open KV, build the app and
 * serve it. The only module that touches the process environment or starts a server.
 */
import { deployWarnings, describeProviders, parseConfig } from "./domain/config.ts";
import { StartupError } from "./domain/errors.ts";
import { openKv } from "./kv/open.ts";
import { runMigrations } from "./kv/migrations.ts";
import { MIGRATIONS } from "./kv/migrations/mod.ts";
import { closeProviders, createProviders } from "./providers/mod.ts";
import { manifestPath } from "./routes/assets.ts";
import { createApp } from "./routes/app.ts";
import { createDeps, processName } from "./deps.ts";
import { type JobWorker, startJobWorker } from "./jobs/worker.ts";
import { type RunningServer, serveApp } from "./serve/mod.ts";

/**
 * The sweeper's cron, registered before anything that can throw or wait: Deno Deploy finds crons by
 * evaluating the entrypoint's top level, and a registration after configuration, KV and migrations would be
 * missed whenever one of those stops or is slow there (https://docs.deno.com/deploy/reference/cron/). Deno
 * Deploy wakes an instance for it even when no request comes in; elsewhere the worker's own interval sweeps
 * and this is a second, harmless trigger. A tick before the worker exists does nothing: the worker sweeps
 * once as it starts.
 */
let cronWorker: JobWorker | null = null;
try {
  Deno.cron("little-hits sweeper", "* * * * *", () => cronWorker?.sweep());
} catch (error) {
  console.warn("Deno.cron is not available; the sweeper runs on its interval only.", error);
}

/** How long shutdown waits for queued analytics events to be sent before it drops them. */
const ANALYTICS_FLUSH_LIMIT_MS = 3_000;
/**
 * How long shutdown waits for the background work in hand (a song's step, an email). Work still going
 * then is left to its lease, as a crash would leave it, and the next process takes it up: a platform
 * kills a process a few seconds after asking it to stop, and a developer's Ctrl-C should not wait
 * behind the local synthesiser's line of renders.
 */
const WORK_WAIT_LIMIT_MS = 5_000;

async function start() {
  const config = parseConfig(Deno.env.toObject());
  for (const warning of deployWarnings(config)) console.warn(`Warning: ${warning}`);
  const dev = Deno.args.includes("--dev");
  if (dev || !(await exists(manifestPath()))) {
    if (config.onDenoDeploy) {
      // Deno Deploy's disk is per instance and short-lived: the bundles come from the build step, never
      // from esbuild at run time. Stopping here also fails the deployment's warm-up instead of serving.
      throw new StartupError(
        `The island bundles (${manifestPath()}) are missing on Deno Deploy: ` +
          "run `deno task build` as the app's build step.",
      );
    }
    // Loaded only when needed: a deployment that ran `deno task build` never starts esbuild.
    const { buildIslands } = await import("./routes/island_build.ts");
    await buildIslands({ dev });
  }
  const kv = await openKv(config.kvPath);
  const workerId = processName();
  // Before serving: the stored shapes this code reads (docs/migrations.md). Other instances wait.
  const migrated = await runMigrations(kv, MIGRATIONS, { holder: workerId });
  for (const step of migrated.applied) {
    console.log(
      `Migrated the store to version ${step.version} (${step.name}${step.resumed ? ", resumed" : ""}).`,
    );
  }
  const providers = createProviders(config, kv);
  if (config.env !== "production") {
    for (const line of describeProviders(config)) console.log(line);
  }
  // One set of dependencies for the web side and the worker alike.
  const deps = createDeps({ kv, config, providers, workerId });
  const app = createApp(deps);
  const worker = startJobWorker(deps);
  cronWorker = worker;

  // Finish the requests in flight and close KV cleanly on Ctrl-C or a platform stop. Once: a terminal
  // (and `deno task dev`'s watcher) may deliver the signal twice, and KV cannot be closed twice. The
  // listeners are in place before the server listens, so a signal just after "listening" is not missed.
  let server: RunningServer | null = null;
  let stopping: Promise<never> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await server?.shutdown();
      await worker.stop(WORK_WAIT_LIMIT_MS);
      // Before the providers close: a step they cut short must not record that as the song's failure.
      kv.close();
      // Analytics still queued get a few seconds to reach PostHog; a platform stop will not wait long.
      await closeProviders(providers, { analyticsTimeoutMs: ANALYTICS_FLUSH_LIMIT_MS });
      await worker.closed;
      Deno.exit(0);
    })();
    return stopping;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(signal, stop);
    } catch {
      // Some hosts (Windows, Deno Deploy) do not offer these signals; they stop the process themselves.
    }
  }
  server = serveApp(
    config,
    (request, info) => app.fetch(request, info),
    ({ port }) => console.log(`Little Hits is listening on http://localhost:${port}`),
  );
}

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

try {
  await start();
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(`Little Hits cannot start: ${error.message}`);
  Deno.exit(1);
}
