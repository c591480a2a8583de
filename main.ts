/**
 * Composition root: read the configuration, open KV, build the app and serve it. The only module
 * that touches the process environment or starts a server.
 */
import { describeProviders, parseConfig } from "./domain/config.ts";
import { StartupError } from "./domain/errors.ts";
import { openKv } from "./kv/open.ts";
import { runMigrations } from "./kv/migrations.ts";
import { MIGRATIONS } from "./kv/migrations/mod.ts";
import { closeProviders, createProviders } from "./providers/mod.ts";
import { manifestPath } from "./routes/assets.ts";
import { createApp } from "./routes/app.ts";
import { jobDepsFrom } from "./jobs/deps.ts";
import { startJobWorker } from "./jobs/worker.ts";

async function start() {
  const config = parseConfig(Deno.env.toObject());
  const dev = Deno.args.includes("--dev");
  if (dev || !(await exists(manifestPath()))) {
    // Loaded only when needed: a deployment that ran `deno task build` never starts esbuild.
    const { buildIslands } = await import("./tools/build.ts");
    await buildIslands({ dev });
  }
  const kv = await openKv(config.kvPath);
  const workerId = `${Deno.hostname?.() ?? "host"}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
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
  const app = createApp({ kv, config, providers });
  const worker = startJobWorker(jobDepsFrom({ kv, config, providers, now: Date.now, workerId }));
  // Deno Deploy wakes an isolate for a cron even when no request comes in; elsewhere the worker's own
  // interval sweeps and this is a second, harmless trigger.
  try {
    Deno.cron("little-hits sweeper", "* * * * *", () => worker.sweep());
  } catch (error) {
    console.warn("Deno.cron is not available; the sweeper runs on its interval only.", error);
  }
  const server = Deno.serve({
    port: config.port,
    onListen: ({ port }) => console.log(`Little Hits is listening on http://localhost:${port}`),
  }, app.fetch);

  // Finish the requests in flight and close KV cleanly on Ctrl-C or a platform stop.
  const stop = async () => {
    await server.shutdown();
    await worker.stop();
    closeProviders(providers);
    kv.close();
    await worker.closed;
    Deno.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(signal, stop);
    } catch {
      // Some hosts (Windows, Deno Deploy) do not offer these signals; they stop the process themselves.
    }
  }
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
