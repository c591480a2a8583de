import type { Config } from "../domain/config.ts";
import { connectionCapFor, openFileLimit } from "./fd_limit.ts";
import { type GuardedHandler, serveGuarded } from "./guarded_server.ts";

export interface RunningServer {
  shutdown(): Promise<void>;
}

/**
 * Serves the app where it listens. On Deno Deploy the platform owns the sockets (and their
 * timeouts), so Deno.serve takes requests directly; anywhere else the guarded server faces the
 * clients itself.
 */
export function serveApp(
  config: Config,
  handler: GuardedHandler,
  onListen: (address: Deno.NetAddr) => void,
): RunningServer {
  if (config.onDenoDeploy) return Deno.serve({ port: config.port, onListen }, handler);
  const { http } = config;
  return serveGuarded({
    hostname: http.hostname,
    port: config.port,
    maxConnections: http.maxConnections ?? connectionCapFor(openFileLimit()),
    idleTimeoutMs: http.idleTimeoutSeconds * 1000,
    requestTimeoutMs: http.requestTimeoutSeconds * 1000,
    onListen,
  }, handler);
}
