import type { Config } from "../domain/config.ts";
import { connectionCapFor, openFileLimit } from "./fd_limit.ts";
import {
  type ConnectionHandling,
  defaultConnectionHandling,
  type GuardedHandler,
  serveGuarded,
} from "./guarded_server.ts";

export interface RunningServer {
  shutdown(): Promise<void>;
}

/**
 * How the app meets its clients: `platform` where the platform owns the sockets and their timeouts
 * (Deno Deploy), so Deno.serve takes requests directly; anywhere else the guarded server faces the
 * clients itself (serve/guarded_server.ts), handing each connection to Deno's HTTP server where the
 * runtime allows and relaying it otherwise. A proxy in front does not change that: the guard costs
 * about nothing handed off, and it still keeps the process's descriptors and quiet connections in
 * hand when the proxy's own limits are looser than ours (docs/deploy.md, "In front of the server").
 */
export type ServingMode = "platform" | ConnectionHandling;

export function servingMode(
  config: Pick<Config, "onDenoDeploy">,
  handling: ConnectionHandling = defaultConnectionHandling(),
): ServingMode {
  return config.onDenoDeploy ? "platform" : handling;
}

/** Serves the app where it listens, in the mode above. */
export function serveApp(
  config: Config,
  handler: GuardedHandler,
  onListen: (address: Deno.NetAddr) => void,
): RunningServer {
  const mode = servingMode(config);
  if (mode === "platform") return Deno.serve({ port: config.port, onListen }, handler);
  const { http } = config;
  return serveGuarded({
    hostname: http.hostname,
    port: config.port,
    connections: mode,
    maxConnections: http.maxConnections ?? connectionCapFor(openFileLimit()),
    idleTimeoutMs: http.idleTimeoutSeconds * 1000,
    requestTimeoutMs: http.requestTimeoutSeconds * 1000,
    onListen,
  }, handler);
}
