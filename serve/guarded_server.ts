import { ConnectionTable, type TrackedConnection } from "./connection_table.ts";

/**
 * A server that survives the open internet on its own. Deno.serve accepts connections in Rust and
 * ends for good at the first accept error ("Too many open files" from an idle flood), and it never
 * closes a connection that sends nothing. So the public socket is ours: an accept loop that sheds
 * load instead of failing, a cap on connections, and deadlines for quiet and stalled ones. Each
 * client connection is relayed to a Deno.serve on loopback, which parses HTTP as before; the real
 * peer's address is handed to the handler in place of the loopback one.
 */
export interface GuardLimits {
  /** Client connections held at most; past it, the quietest is closed to make room. */
  maxConnections: number;
  /** A connection with no bytes either way and no request waiting is closed after this long. */
  idleTimeoutMs: number;
  /** A request must get its first answer byte within this long of its own first byte. */
  requestTimeoutMs: number;
}

export interface GuardedServerOptions extends GuardLimits {
  hostname: string;
  port: number;
  onListen?: (address: Deno.NetAddr) => void;
  /** Where shedding and restarts are reported (console.warn by default), at most once a second. */
  warn?: (message: string) => void;
}

export type GuardedHandler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

export interface GuardedServer {
  /** The public address (its port is the one chosen when 0 was asked). */
  addr: Deno.NetAddr;
  /** Client connections open now. */
  readonly connections: number;
  /** Stops accepting, lets requests in flight finish, then closes every connection. */
  shutdown(): Promise<void>;
  finished: Promise<void>;
}

const CLIENT_READ_BYTES = 8 * 1024;
const UPSTREAM_READ_BYTES = 32 * 1024;
const SHED_ON_ACCEPT_ERROR = 64;
const SWEEP_MS = 1000;

export function serveGuarded(options: GuardedServerOptions, handler: GuardedHandler): GuardedServer {
  const warn = throttled(options.warn ?? ((message) => console.warn(message)));
  const table = new ConnectionTable<RelayedConnection>();
  /** The inner server's view: the local port of our connection to it → the client's relay. */
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

  const listener = Deno.listen({ hostname: options.hostname, port: options.port, transport: "tcp" });
  const addr = listener.addr as Deno.NetAddr;
  options.onListen?.(addr);

  const relayOptions: RelayContext = {
    table,
    peers,
    innerPort: () => inner.addr.port,
  };

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
      new RelayedConnection(conn, relayOptions).start();
    }
  })();

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const connection of table.list()) {
      if (connection.overdue(now, options)) connection.close();
    }
  }, SWEEP_MS);

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    addr,
    get connections() {
      return table.size;
    },
    async shutdown() {
      if (stopping) return await finished;
      stopping = true;
      listener.close();
      await accepting;
      for (const connection of table.list()) if (!connection.busy) connection.close();
      await inner.shutdown();
      clearInterval(sweeper);
      for (const connection of table.list()) connection.close();
      finish();
    },
    finished,
  };
}

interface RelayContext {
  table: ConnectionTable<RelayedConnection>;
  peers: Map<number, RelayedConnection>;
  innerPort(): number;
}

/** One client connection and, once it has sent something, its twin to the inner server. */
class RelayedConnection implements TrackedConnection {
  lastActivity = 0;
  /** When the client's current request began, until the first byte of the answer. */
  #waitingSince: number | null = null;
  #upstream: Deno.TcpConn | null = null;
  #upstreamPort: number | null = null;
  #closed = false;
  /** The answer is out and the connection is to end: the client's further bytes are dropped. */
  #finishing = false;

  constructor(private readonly client: Deno.TcpConn, private readonly context: RelayContext) {}

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
    this.context.table.add(this, Date.now());
    this.#fromClient().catch(() => this.close());
  }

  overdue(now: number, limits: GuardLimits): boolean {
    if (this.#waitingSince !== null) return now - this.#waitingSince > limits.requestTimeoutMs;
    return now - this.lastActivity > limits.idleTimeoutMs;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.context.table.delete(this);
    if (this.#upstreamPort !== null) this.context.peers.delete(this.#upstreamPort);
    closeQuietly(this.client);
    if (this.#upstream) closeQuietly(this.#upstream);
  }

  async #fromClient(): Promise<void> {
    const buffer = new Uint8Array(CLIENT_READ_BYTES);
    for (;;) {
      const read = await this.client.read(buffer);
      if (read === null || this.#closed) break;
      if (this.#finishing) continue;
      const now = Date.now();
      this.context.table.touch(this, now);
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
    const upstream = await Deno.connect({ hostname: "127.0.0.1", port: this.context.innerPort() });
    if (this.#closed) {
      closeQuietly(upstream);
      throw new Deno.errors.BadResource("closed while connecting");
    }
    this.#upstream = upstream;
    this.#upstreamPort = (upstream.localAddr as Deno.NetAddr).port;
    this.context.peers.set(this.#upstreamPort, this);
    this.#fromUpstream(upstream).catch(() => {}).finally(() => this.close());
    return upstream;
  }

  async #fromUpstream(upstream: Deno.TcpConn): Promise<void> {
    const buffer = new Uint8Array(UPSTREAM_READ_BYTES);
    for (;;) {
      const read = await upstream.read(buffer);
      if (read === null || this.#closed) return;
      this.context.table.touch(this, Date.now());
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
