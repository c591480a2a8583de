import { ConnectionTable, type TrackedConnection } from "./connection_table.ts";
import { type HandedOffServer, handOffHook, type ServeOnConnection } from "./hand_off.ts";

/**
 * A server that survives the open internet on its own. Deno.serve accepts connections in Rust and
 * ends for good at the first accept error ("Too many open files" from an idle flood), and it never
 * closes a connection that sends nothing or trickles its headers. So the public socket is ours: an
 * accept loop that sheds load instead of failing, a cap on connections, and deadlines for quiet and
 * stalled ones. Each accepted connection is then served by Deno's own HTTP engine, in one of two ways:
 *
 * - handed off (the default where the runtime offers it, serve/hand_off.ts): the connection itself
 *   goes to Deno's Rust HTTP server, which parses and answers it; the guard sees each request start
 *   and end, and closes the connection through an abort signal. No JavaScript runs per chunk, so the
 *   guard costs about nothing (docs/deploy.md has the figures).
 * - relayed: each client connection is copied, chunk by chunk, to a Deno.serve on loopback; the
 *   real peer's address is handed to the handler in place of the loopback one. Slower (every chunk
 *   crosses JavaScript twice and a second socket), kept for a runtime without the hand-off.
 */
export interface GuardLimits {
  /** Client connections held at most; past it, the quietest is closed to make room. */
  maxConnections: number;
  /** A connection with no request under way is closed after this long (headers still arriving count as none). */
  idleTimeoutMs: number;
  /**
   * A request must begin its answer within this long. Handed off, the answer then has as long again
   * to be delivered; relayed, a delivery is closed once no byte has moved for the idle timeout.
   */
  requestTimeoutMs: number;
}

export type ConnectionHandling = "handed-off" | "relayed";

export interface GuardedServerOptions extends GuardLimits {
  hostname: string;
  port: number;
  /** How accepted connections reach Deno's HTTP engine: handed off where the runtime allows. */
  connections?: ConnectionHandling;
  onListen?: (address: Deno.NetAddr) => void;
  /** Where shedding and restarts are reported (console.warn by default), at most once a second. */
  warn?: (message: string) => void;
  /** How often deadlines are checked (a second by default; tests use less). */
  sweepMs?: number;
}

export type GuardedHandler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

export interface GuardedServer {
  /** The public address (its port is the one chosen when 0 was asked). */
  addr: Deno.NetAddr;
  /** How its connections are served. */
  connectionHandling: ConnectionHandling;
  /** Client connections open now. */
  readonly connections: number;
  /** Stops accepting, lets requests in flight finish, then closes every connection. */
  shutdown(): Promise<void>;
  finished: Promise<void>;
}

/** How connections are served when not told: handed off if this runtime offers it. */
export function defaultConnectionHandling(
  hook: ServeOnConnection | null = handOffHook(),
): ConnectionHandling {
  return hook ? "handed-off" : "relayed";
}

const CLIENT_READ_BYTES = 8 * 1024;
const UPSTREAM_READ_BYTES = 32 * 1024;
const SHED_ON_ACCEPT_ERROR = 64;
const SWEEP_MS = 1000;

/** One accepted client connection, however it is served. */
interface GuardedConnection extends TrackedConnection {
  /** A request is under way (its answer not yet delivered). */
  readonly busy: boolean;
  start(): void;
  overdue(now: number, limits: GuardLimits): boolean;
  /** Lets the request under way finish, then closes. */
  drain(): Promise<void>;
}

export function serveGuarded(options: GuardedServerOptions, handler: GuardedHandler): GuardedServer {
  const warn = throttled(options.warn ?? ((message) => console.warn(message)));
  const table = new ConnectionTable<GuardedConnection>();
  const hook = handOffHook();
  const handling = options.connections ?? defaultConnectionHandling(hook);
  if (handling === "handed-off" && !hook) {
    throw new Error("This Deno cannot hand connections to its HTTP server; relay them instead.");
  }
  const relay = handling === "relayed" ? startRelay(handler, warn) : null;
  const open = (conn: Deno.TcpConn): GuardedConnection =>
    relay ? new RelayedConnection(conn, table, relay) : new HandedOffConnection(conn, table, hook!, handler);

  const listener = Deno.listen({ hostname: options.hostname, port: options.port, transport: "tcp" });
  const addr = listener.addr as Deno.NetAddr;
  let stopping = false;
  options.onListen?.(addr);

  const accepting = (async () => {
    while (!stopping) {
      let conn: Deno.TcpConn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) return;
        // Out of descriptors (or a passing network error): free some, breathe, keep serving.
        const shed = table.shed(SHED_ON_ACCEPT_ERROR);
        warn(`Accepting a connection failed (${error}); closed the ${shed} quietest and carrying on.`);
        await delay(10);
        continue;
      }
      if (table.size >= options.maxConnections) table.shed(1);
      open(conn).start();
    }
  })();

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const connection of table.list()) {
      if (connection.overdue(now, options)) connection.close();
    }
  }, options.sweepMs ?? SWEEP_MS);

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    addr,
    connectionHandling: handling,
    get connections() {
      return table.size;
    },
    async shutdown() {
      if (stopping) return await finished;
      stopping = true;
      listener.close();
      await accepting;
      for (const connection of table.list()) if (!connection.busy) connection.close();
      await Promise.all([...table.list().map((connection) => connection.drain()), relay?.stop()]);
      clearInterval(sweeper);
      for (const connection of table.list()) connection.close();
      finish();
    },
    finished,
  };
}

/**
 * A connection served by Deno's HTTP engine itself. The guard wraps the handler to see each request
 * begin, its answer begin and its delivery end; between requests the connection is idle, however many
 * header bytes trickle in (Deno parses them where the guard cannot see).
 */
class HandedOffConnection implements GuardedConnection {
  lastActivity = 0;
  /** Requests whose answer has not begun, and when the first of them arrived. */
  #waiting = 0;
  #waitingSince = 0;
  /** Answers begun but not yet delivered, and when the first of them began. */
  #delivering = 0;
  #deliveringSince = 0;
  readonly #abort = new AbortController();
  #server: HandedOffServer | null = null;
  #closed = false;

  constructor(
    private readonly conn: Deno.TcpConn,
    private readonly table: ConnectionTable<GuardedConnection>,
    private readonly serveOn: ServeOnConnection,
    private readonly handler: GuardedHandler,
  ) {}

  get busy(): boolean {
    return this.#waiting + this.#delivering > 0;
  }

  start(): void {
    this.table.add(this, Date.now());
    try {
      this.#server = this.serveOn(this.conn, this.#abort.signal, this.#serve, internalError, () => {});
    } catch {
      this.close();
      try {
        this.conn.close();
      } catch {
        // Deno took it before failing.
      }
      return;
    }
    // Ends when the client leaves or the signal closes it; a broken connection is only that.
    this.#server.finished.catch(() => {}).finally(() => this.#forget());
  }

  overdue(now: number, limits: GuardLimits): boolean {
    if (this.#waiting > 0) return now - this.#waitingSince > limits.requestTimeoutMs;
    if (this.#delivering > 0) return now - this.#deliveringSince > limits.requestTimeoutMs;
    return now - this.lastActivity > limits.idleTimeoutMs;
  }

  close(): void {
    if (this.#closed) return;
    this.#forget();
    this.#abort.abort();
  }

  async drain(): Promise<void> {
    await this.#server?.shutdown().catch(() => this.close());
  }

  #forget(): void {
    this.#closed = true;
    this.table.delete(this);
  }

  #serve = (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>): Response | Promise<Response> => {
    this.#begin();
    info.completed.then(this.#delivered, this.#delivered);
    let answer: Response | Promise<Response>;
    try {
      answer = this.handler(request, info);
    } catch (error) {
      this.#answered();
      throw error;
    }
    // Deno awaits the app's own promise; the guard only listens beside it (no extra hop per request).
    if (answer instanceof Response) this.#answered();
    else answer.then(this.#answered, this.#answered);
    return answer;
  };

  #begin(): void {
    const now = Date.now();
    if (this.#waiting++ === 0) this.#waitingSince = now;
    if (!this.#closed) this.table.touch(this, now);
  }

  #answered = (): void => {
    const now = Date.now();
    this.#waiting--;
    if (this.#delivering++ === 0) this.#deliveringSince = now;
  };

  #delivered = (): void => {
    this.#delivering--;
    if (!this.#closed) this.table.touch(this, Date.now());
  };
}

/** What Deno.serve answers when a handler throws (the app's own error handler normally answers first). */
function internalError(error: unknown): Response {
  console.error(error);
  return new Response("Internal Server Error", { status: 500 });
}

/** The loopback Deno.serve relayed connections reach, restarted if it ever stops. */
interface Relay {
  /** The local port of our connection to the inner server → the client's relay. */
  peers: Map<number, RelayedConnection>;
  innerPort(): number;
  stop(): Promise<void>;
}

function startRelay(handler: GuardedHandler, warn: (message: string) => void): Relay {
  const peers = new Map<number, RelayedConnection>();
  let stopping = false;
  const startInner = (): Deno.HttpServer<Deno.NetAddr> => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      async (request, info) => {
        const relay = peers.get(info.remoteAddr.port);
        const response = await handler(request, relay ? withRemoteAddr(info, relay.clientAddr) : info);
        // Deno keeps draining a body it was told to ignore; a refused body ends its connection here.
        if (relay && /\bclose\b/i.test(response.headers.get("connection") ?? "")) {
          info.completed.then(() => relay.finishAfterAnswer(), () => relay.close());
        }
        return response;
      },
    );
    // The inner server meets the same descriptor limits; if it ever stops, a new one takes over.
    server.finished.catch((error) => {
      if (stopping) return;
      warn(`The inner HTTP server stopped (${error}); starting another.`);
      inner = startInner();
    });
    return server;
  };
  let inner = startInner();
  return {
    peers,
    innerPort: () => inner.addr.port,
    async stop() {
      stopping = true;
      await inner.shutdown();
    },
  };
}

/** One client connection and, once it has sent something, its twin to the inner server. */
class RelayedConnection implements GuardedConnection {
  lastActivity = 0;
  /** When the client's current request began, until the first byte of the answer. */
  #waitingSince: number | null = null;
  #upstream: Deno.TcpConn | null = null;
  #upstreamPort: number | null = null;
  #closed = false;
  /** The answer is out and the connection is to end: the client's further bytes are dropped. */
  #finishing = false;
  #end!: () => void;
  readonly #ended = new Promise<void>((resolve) => (this.#end = resolve));

  constructor(
    private readonly client: Deno.TcpConn,
    private readonly table: ConnectionTable<GuardedConnection>,
    private readonly relay: Relay,
  ) {}

  get clientAddr(): Deno.NetAddr {
    return this.client.remoteAddr as Deno.NetAddr;
  }

  /**
   * Ends the connection once the answer already written by the inner server has been relayed:
   * closing our side towards it makes it close too, after the last byte, which ends the relay.
   */
  finishAfterAnswer(): void {
    this.#finishing = true;
    if (this.#upstream) this.#upstream.closeWrite().catch(() => this.close());
    else this.close();
  }

  get busy(): boolean {
    return this.#waitingSince !== null;
  }

  start(): void {
    this.table.add(this, Date.now());
    this.#fromClient().catch(() => this.close());
  }

  overdue(now: number, limits: GuardLimits): boolean {
    if (this.#waitingSince !== null) return now - this.#waitingSince > limits.requestTimeoutMs;
    return now - this.lastActivity > limits.idleTimeoutMs;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#end();
    this.table.delete(this);
    if (this.#upstreamPort !== null) this.relay.peers.delete(this.#upstreamPort);
    closeQuietly(this.client);
    if (this.#upstream) closeQuietly(this.#upstream);
  }

  /**
   * The inner server's shutdown lets the request finish and then closes its end, which ends the
   * relay once the answer's last byte is passed on.
   */
  drain(): Promise<void> {
    return this.#ended;
  }

  async #fromClient(): Promise<void> {
    const buffer = new Uint8Array(CLIENT_READ_BYTES);
    for (;;) {
      const read = await this.client.read(buffer);
      if (read === null || this.#closed) break;
      if (this.#finishing) continue;
      const now = Date.now();
      this.table.touch(this, now);
      this.#waitingSince ??= now;
      const upstream = this.#upstream ?? await this.#openUpstream();
      await writeAll(upstream, buffer.subarray(0, read));
    }
    // The client is done sending; the answer may still be on its way back.
    if (this.#finishing) return;
    if (this.#upstream && !this.#closed) await this.#upstream.closeWrite().catch(() => this.close());
    else this.close();
  }

  async #openUpstream(): Promise<Deno.TcpConn> {
    const upstream = await Deno.connect({ hostname: "127.0.0.1", port: this.relay.innerPort() });
    if (this.#closed) {
      closeQuietly(upstream);
      throw new Deno.errors.BadResource("closed while connecting");
    }
    this.#upstream = upstream;
    this.#upstreamPort = (upstream.localAddr as Deno.NetAddr).port;
    this.relay.peers.set(this.#upstreamPort, this);
    this.#fromUpstream(upstream).catch(() => {}).finally(() => this.close());
    return upstream;
  }

  async #fromUpstream(upstream: Deno.TcpConn): Promise<void> {
    const buffer = new Uint8Array(UPSTREAM_READ_BYTES);
    for (;;) {
      const read = await upstream.read(buffer);
      if (read === null || this.#closed) return;
      this.table.touch(this, Date.now());
      this.#waitingSince = null;
      await writeAll(this.client, buffer.subarray(0, read));
    }
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch {
    // Already closed by the other side's end of the relay.
  }
}

function withRemoteAddr(
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
  remoteAddr: Deno.NetAddr,
): Deno.ServeHandlerInfo<Deno.NetAddr> {
  return { remoteAddr, completed: info.completed };
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A flood would print one line per connection; one a second says the same. */
function throttled(warn: (message: string) => void): (message: string) => void {
  let last = 0;
  let skipped = 0;
  return (message) => {
    const now = Date.now();
    if (now - last < 1000) {
      skipped++;
      return;
    }
    last = now;
    warn(skipped > 0 ? `${message} (and ${skipped} more like it)` : message);
    skipped = 0;
  };
}
