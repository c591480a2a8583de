/**
 * The app as tools/bench_audio.ts measures it: configuration, KV, providers and `Deps` built as main.ts
 * builds them (from the environment: KV_PATH, BLOB_STORE, BLOB_SERVING, S3_*), then `createApp(deps)`
 * served by Deno.serve on 127.0.0.1 at a free port, which it prints as `port {n}`. No job worker and no
 * cron: nothing but the requests the bench sends spends this process's CPU.
 */
import { parseConfig } from "../domain/config.ts";
import { openKv } from "../kv/open.ts";
import { runMigrations } from "../kv/migrations.ts";
import { MIGRATIONS } from "../kv/migrations/mod.ts";
import { closeProviders, createProviders } from "../providers/mod.ts";
import { createDeps, processName } from "../deps.ts";
import { createApp } from "../routes/app.ts";

const config = parseConfig(Deno.env.toObject());
const kv = await openKv(config.kvPath);
const workerId = processName();
await runMigrations(kv, MIGRATIONS, { holder: workerId });
const providers = createProviders(config, kv);
const deps = createDeps({ kv, config, providers, workerId });
const app = createApp(deps);

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(`port ${port}`) },
  (request, info) => app.fetch(request, info),
);
let stopping: Promise<void> | null = null;
const stop = () => {
  stopping ??= (async () => {
    await server.shutdown();
    closeProviders(providers);
    kv.close();
    Deno.exit(0);
  })();
  return stopping;
};
for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, stop);
