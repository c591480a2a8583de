/**
 * The guarded server in this process, both ways it serves a connection (serve/guarded_server.ts):
 * handed off to Deno's HTTP server, the default, and relayed to one on loopback. Each must answer
 * with the client's own address, close quiet and half-sent connections, shed the quietest past its
 * cap and let a request in flight finish at shutdown. Its timers are set small; every test waits for
 * the close it expects, never for a while.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import {
  type ConnectionHandling,
  defaultConnectionHandling,
  type GuardedHandler,
  type GuardedServerOptions,
  serveGuarded,
} from "../../../serve/guarded_server.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function start(
  connections: ConnectionHandling,
  handler: GuardedHandler,
  limits: Partial<GuardedServerOptions> = {},
) {
  return serveGuarded({
    hostname: "127.0.0.1",
    port: 0,
    connections,
    maxConnections: 64,
    idleTimeoutMs: 60_000,
    requestTimeoutMs: 60_000,
    sweepMs: 20,
    warn: () => {},
    ...limits,
  }, handler);
}

const connect = (port: number) => Deno.connect({ hostname: "127.0.0.1", port });

/** Everything the server sends until it closes the connection. */
async function readUntilClosed(conn: Deno.Conn): Promise<string> {
  const buffer = new Uint8Array(4096);
  let text = "";
  for (
    let read = await conn.read(buffer).catch(() => null);
    read !== null;
    read = await conn.read(buffer).catch(() => null)
  ) {
    text += decoder.decode(buffer.subarray(0, read));
  }
  return text;
}

/** One keep-alive request's answer (small, in one read), the connection left open. */
async function ask(conn: Deno.Conn, path: string): Promise<string> {
  await conn.write(encoder.encode(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
  const buffer = new Uint8Array(4096);
  const read = await conn.read(buffer);
  return decoder.decode(buffer.subarray(0, read ?? 0));
}

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch {
    // The server closed it first.
  }
}

function openDescriptors(): number {
  return [...Deno.readDirSync("/proc/self/fd")].length;
}

Deno.test("guarded server: connections are handed off to Deno's HTTP server by default on this Deno", () => {
  assertEquals(defaultConnectionHandling(), "handed-off");
  const server = start("relayed", () => new Response("ok"));
  assertEquals(server.connectionHandling, "relayed");
  return server.shutdown();
});

for (const handling of ["handed-off", "relayed"] as const) {
  Deno.test(`guarded server (${handling}): answers with the client's own address, keep-alive`, async () => {
    const server = start(handling, (_request, info) => new Response(String(info.remoteAddr.port)));
    const conn = await connect(server.addr.port);
    try {
      const port = String((conn.localAddr as Deno.NetAddr).port);
      assertMatch(await ask(conn, "/"), new RegExp(`^HTTP/1\\.1 200 .*\\r\\n\\r\\n${port}$`, "s"));
      assertMatch(await ask(conn, "/again"), new RegExp(`\\r\\n\\r\\n${port}$`), "same connection");
    } finally {
      closeQuietly(conn);
      await server.shutdown();
    }
  });

  Deno.test(`guarded server (${handling}): silent and half-sent connections are closed unanswered`, async () => {
    const server = start(handling, () => new Response("ok"), { idleTimeoutMs: 50, requestTimeoutMs: 50 });
    const silent = await connect(server.addr.port);
    const halfSent = await connect(server.addr.port);
    try {
      await halfSent.write(encoder.encode("GET / HTTP/1.1\r\nHost: localh"));
      assertEquals(await readUntilClosed(silent), "");
      assertEquals(await readUntilClosed(halfSent), "");
      assertEquals(server.connections, 0);
    } finally {
      closeQuietly(silent);
      closeQuietly(halfSent);
      await server.shutdown();
    }
  });

  Deno.test(`guarded server (${handling}): a request under way outlives the idle timeout; a quiet neighbour does not`, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const server = start(handling, async () => {
      started();
      await released;
      return new Response("done");
    }, { idleTimeoutMs: 50 });
    const busy = await connect(server.addr.port);
    const quiet = await connect(server.addr.port);
    try {
      await busy.write(encoder.encode("GET /slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"));
      await begun;
      assertEquals(await readUntilClosed(quiet), "", "the quiet one is closed by the idle timeout");
      release();
      assertMatch(await readUntilClosed(busy), /^HTTP\/1\.1 200 .*\r\n\r\ndone$/s);
    } finally {
      closeQuietly(busy);
      closeQuietly(quiet);
      await server.shutdown();
    }
  });

  Deno.test(`guarded server (${handling}): past its cap the quietest connection is closed for a new one`, async () => {
    const server = start(handling, () => new Response("ok"), { maxConnections: 2 });
    const oldest = await connect(server.addr.port);
    const used = await connect(server.addr.port);
    const newest = await connect(server.addr.port);
    try {
      assertMatch(await ask(used, "/"), /^HTTP\/1\.1 200 /);
      assertEquals(await readUntilClosed(oldest), "", "the quietest made room");
      assertMatch(await ask(newest, "/"), /^HTTP\/1\.1 200 /);
      assertMatch(await ask(used, "/"), /^HTTP\/1\.1 200 /, "the active one kept");
    } finally {
      for (const conn of [oldest, used, newest]) closeQuietly(conn);
      await server.shutdown();
    }
  });

  Deno.test(`guarded server (${handling}): shutdown lets the request in flight finish and closes the rest`, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const server = start(handling, async () => {
      started();
      await released;
      return new Response("finished");
    });
    const busy = await connect(server.addr.port);
    const idle = await connect(server.addr.port);
    try {
      await busy.write(encoder.encode("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
      await begun;
      const stopped = server.shutdown();
      assertEquals(await readUntilClosed(idle), "");
      release();
      assertMatch(await readUntilClosed(busy), /\r\n\r\nfinished$/);
      await stopped;
      assertEquals(server.connections, 0);
    } finally {
      closeQuietly(busy);
      closeQuietly(idle);
    }
  });
}

Deno.test("guarded server: a handed-off connection holds one descriptor, a relayed one more", async () => {
  const COUNT = 20;
  const held: Record<ConnectionHandling, number> = { "handed-off": 0, relayed: 0 };
  for (const handling of ["handed-off", "relayed"] as const) {
    const server = start(handling, () => new Response("ok"));
    const before = openDescriptors();
    const conns = await Promise.all(Array.from({ length: COUNT }, () => connect(server.addr.port)));
    try {
      for (const conn of conns) assertMatch(await ask(conn, "/"), /^HTTP\/1\.1 200 /);
      // The client's own sockets are in this process too: one each.
      held[handling] = (openDescriptors() - before) / COUNT - 1;
    } finally {
      conns.forEach(closeQuietly);
      await server.shutdown();
    }
  }
  assertEquals(held["handed-off"], 1);
  assert(held.relayed > 1, `relayed: ${held.relayed}`);
});
