/**
 * Deno.serve's HTTP engine on one connection the guard accepted itself: the accept loop keeps what a
 * bare Deno.serve lacks (it never stops on an accept error, it caps and sheds connections, it closes
 * quiet and stalled ones), and the connection's bytes go straight to Deno's Rust HTTP server with no
 * JavaScript per chunk. Deno 2.9.6 offers this as `serveHttpOnConnection` among its internals (the
 * function Deno.serve itself is built from, kept for its own tests); no public API hands over an
 * accepted connection, and Deno.serve has no timeouts of its own. Where a runtime lacks it, the guard
 * relays bytes to a Deno.serve on loopback instead (docs/deploy.md, "In front of the server").
 */
export interface HandedOffServer {
  /** Settles when the connection has ended (rejects on an HTTP-level failure of the connection). */
  finished: Promise<void>;
  /** Lets the request in flight finish, then closes the connection. */
  shutdown(): Promise<void>;
}

/**
 * Serves HTTP on `conn` until `signal` aborts (which closes the connection at once) or the client
 * leaves. The connection is Deno's from then on: close it through the signal, never `conn.close()`.
 */
export type ServeOnConnection = (
  conn: Deno.TcpConn,
  signal: AbortSignal,
  handler: (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>,
  onError: (error: unknown) => Response | Promise<Response>,
  onListen: () => void,
) => HandedOffServer;

/** The runtime's hand-off, or null when this Deno does not offer it. */
export function handOffHook(runtime: object = Deno): ServeOnConnection | null {
  const key = (runtime as { internal?: unknown }).internal;
  if (typeof key !== "symbol") return null;
  const internals = (runtime as Record<symbol, unknown>)[key];
  if (typeof internals !== "object" || internals === null) return null;
  const hook = (internals as { serveHttpOnConnection?: unknown }).serveHttpOnConnection;
  return typeof hook === "function" && hook.length === 5 ? hook as ServeOnConnection : null;
}
