/**
 * A loopback HTTP server that can misbehave the way real services do: answer late, never answer,
 * or drop the connection without a word. The OpenAI and music-API fakes are built on it.
 *
 * Deno.serve alone cannot drop a connection: by the time a handler's Response exists, the status line
 * is on its way. So clients talk to a small TCP relay in front of Deno.serve, and `drop` closes the
 * relay's sockets for the request in hand; the client sees the connection end with no answer at all.
 * Handlers must answer with a Response whose headers can be changed (any Response they construct).
 */

export type LoopbackHandler = (request: Request, info: ServeInfo) => Response | Promise<Response>;
export type ServeInfo = Deno.ServeHandlerInfo<Deno.NetAddr>;

export interface LoopbackServer extends AsyncDisposable {
  /** e.g. `http://127.0.0.1:41234`, the relay's address. */
  origin: string;
  /** Aborted when the server closes, so handlers that wait (latency, hangs) let go. */
  closing: AbortSignal;
  /** Cuts the TCP connection that carried this request. The handler's own answer goes nowhere. */
  drop(info: ServeInfo): void;
  /** Never answers: resolves only when the server closes (the client gives up long before). */
  hang(): Promise<Response>;
  /** Waits `ms`, or less if the server closes meanwhile; no timer outlives the server. */
  delay(ms: number): Promise<void>;
}

interface Link {
  client: Deno.Conn;
  upstream: Deno.TcpConn;
}

export function startLoopbackServer(handler: LoopbackHandler): LoopbackServer {
  const stopping = new AbortController();
  const closing = stopping.signal;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request, info) => {
    const response = await handler(request, info);
    // One request per connection. Deno's fetch silently sends a request again when a reused
    // keep-alive connection closes without an answer, which would swallow an injected drop.
    response.headers.set("connection", "close");
    return response;
  });
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  // Keyed by the upstream socket's local port, which is the remote port Deno.serve reports.
  const links = new Map<number, Link>();
  const relays = new Set<Promise<void>>();

  async function relay(client: Deno.Conn) {
    let upstream: Deno.TcpConn;
    try {
      upstream = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    } catch {
      closeQuietly(client);
      return;
    }
    if (closing.aborted) {
      // Accepted while the server was closing: nobody would ever close this pair.
      closeQuietly(client);
      closeQuietly(upstream);
      return;
    }
    const port = upstream.localAddr.port;
    const link = { client, upstream };
    links.set(port, link);
    // Whichever side stops first (the client hung up, a drop, the server closing) ends both.
    await Promise.race([pump(client, upstream), pump(upstream, client)]);
    closeLink(link);
    links.delete(port);
  }

  function closeLink(link: Link) {
    closeQuietly(link.client);
    closeQuietly(link.upstream);
  }

  const accepting = (async () => {
    try {
      for await (const client of listener) {
        const relaying = relay(client);
        relays.add(relaying);
        relaying.finally(() => relays.delete(relaying));
      }
    } catch {
      // The listener was closed while accepting: the server is shutting down.
    }
  })();

  return {
    origin: `http://127.0.0.1:${listener.addr.port}`,
    closing,

    drop(info) {
      const link = links.get(info.remoteAddr.port);
      if (link) closeLink(link);
    },

    hang() {
      return new Promise((resolve) => {
        const answer = () => resolve(new Response(null, { status: 503 }));
        if (closing.aborted) answer();
        else closing.addEventListener("abort", answer, { once: true });
      });
    },

    delay(ms) {
      return new Promise((resolve) => {
        if (closing.aborted || ms <= 0) return resolve();
        const done = () => {
          clearTimeout(timer);
          closing.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        closing.addEventListener("abort", done, { once: true });
      });
    },

    async [Symbol.asyncDispose]() {
      stopping.abort();
      listener.close();
      await accepting;
      for (const link of links.values()) closeLink(link);
      await Promise.all(relays);
      await server.shutdown();
    },
  };
}

/** Copies bytes until either side is closed. */
async function pump(from: Deno.Conn, to: Deno.Conn): Promise<void> {
  const buffer = new Uint8Array(64 * 1024);
  try {
    while (true) {
      const read = await from.read(buffer);
      if (read === null) return;
      let written = 0;
      while (written < read) written += await to.write(buffer.subarray(written, read));
    }
  } catch {
    // A closed socket ends the copy; the relay closes the other side.
  }
}

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

/**
 * A small deterministic generator (mulberry32) so a bench run with a fault rate injects the same
 * faults every time for the same seed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
