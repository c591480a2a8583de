import { manifestPath } from "../routes/assets.ts";

/**
 * How `deno task start` runs the server (deno.json), for every tool that measures a server process: a
 * small young generation keeps the garbage of server-rendered pages from lifting RSS (`deno task load`:
 * peak 271 MB without it, 234 MB with it, the same p99).
 */
export const START_ARGS = ["run", "-A", "--v8-flags=--max-semi-space-size=4", "main.ts"];

/**
 * The app as its own process for measurements (production React, `:memory:` KV), so the load
 * generator or browser measuring it does not share its event loop. Builds the islands if needed.
 */
export async function startServer(options: { env?: Record<string, string> } = {}) {
  try {
    await Deno.stat(manifestPath());
  } catch {
    const { buildIslands } = await import("../routes/island_build.ts");
    await buildIslands();
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: START_ARGS,
    env: {
      APP_ENV: "test",
      NODE_ENV: "production",
      KV_PATH: ":memory:",
      PORT: "0",
      NO_COLOR: "1",
      ...options.env,
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${output}`);
    output += value;
    const port = output.match(/listening on http:\/\/localhost:(\d+)/)?.[1];
    if (port) {
      // Keep reading what it prints, so a full pipe never stalls the server mid-measurement.
      const drained = (async () => {
        while (!(await reader.read()).done);
      })().catch(() => {});
      return {
        origin: `http://127.0.0.1:${port}`,
        pid: child.pid,
        async stop() {
          child.kill("SIGTERM");
          await child.status;
          await drained;
        },
      };
    }
  }
}
