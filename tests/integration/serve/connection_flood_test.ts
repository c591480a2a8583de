/**
 * The real server process facing the clients an attacker would send (issue 16 §1): more idle
 * connections than it has file descriptors, connections that never speak, bodies that trickle in
 * and bodies declared far too large. It must keep answering and let go of what they hold.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import { AppProcess, ensureBundles } from "../../../tools/soak/app_process.ts";

const IDLE_SECONDS = 2;
const BODY_SECONDS = 1;
const REQUEST_SECONDS = 600;
/** A safety net, not a timing: a connection the server never closes fails the test instead of hanging it. */
const NEVER_CLOSED_MS = 60_000;
const FILE_LIMIT = 256;

async function startServer() {
  await ensureBundles();
  const server = new AppProcess({
    name: "flood",
    openFileLimit: FILE_LIMIT,
    env: {
      APP_ENV: "test",
      NODE_ENV: "production",
      KV_PATH: ":memory:",
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      // Far past the idle timeout: a half-sent request must not wait for this one.
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
      BODY_TIMEOUT_SECONDS: String(BODY_SECONDS),
    },
  });
  await server.start();
  return server;
}

function portOf(server: AppProcess) {
  return Number(new URL(server.origin!).port);
}

/** A fresh connection's /healthz status (a refused connection is a failure). */
async function health(server: AppProcess): Promise<number> {
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
  try {
    const response = await fetch(`${server.origin}/healthz`, { client });
    await response.body?.cancel();
    return response.status;
  } finally {
    client.close();
  }
}

/**
 * Everything the server sends until it closes the connection. The server's own timers (set small in
 * its env) are what end it: the test waits for the close, not for a while.
 */
async function readUntilClosed(conn: Deno.Conn): Promise<string> {
  let gaveUp = false;
  const safetyNet = setTimeout(() => {
    gaveUp = true;
    closeAll([conn]);
  }, NEVER_CLOSED_MS);
  try {
    const text = await readAll(conn);
    if (gaveUp) throw new Error(`the server never closed the connection (sent ${JSON.stringify(text)})`);
    return text;
  } finally {
    clearTimeout(safetyNet);
  }
}

async function readAll(conn: Deno.Conn): Promise<string> {
  const decoder = new TextDecoder();
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

function closeAll(conns: Deno.Conn[]) {
  for (const conn of conns) {
    try {
      conn.close();
    } catch {
      // The server closed it first.
    }
  }
}

Deno.test({
  name: "server: an idle flood past the descriptor limit is shed; new clients are served during and after",
  sanitizeResources: false, // a connection the server closed while its read was pending
  async fn() {
    await using server = await startServer();
    const port = portOf(server);
    const idle: Deno.Conn[] = [];
    try {
      // Twice the process's descriptors, none of them sending a byte.
      for (let i = 0; i < FILE_LIMIT * 2; i++) {
        try {
          idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
        } catch {
          // Refused while the server sheds: counted below by what still answers.
        }
      }
      assertEquals(await health(server), 200, "served during the flood");
    } finally {
      closeAll(idle);
    }
    assertEquals(await health(server), 200, "served after it");
    assert(server.running && server.unexpectedExits === 0, server.recentOutput());
  },
});

Deno.test("server: a connection that sends nothing, or never ends its headers, is closed after the idle timeout", async () => {
  await using server = await startServer();
  const silent = await Deno.connect({ hostname: "127.0.0.1", port: portOf(server) });
  const halfSent = await Deno.connect({ hostname: "127.0.0.1", port: portOf(server) });
  const encoder = new TextEncoder();
  const trickle = setInterval(() => halfSent.write(encoder.encode("X-Slow: 1\r\n")).catch(() => {}), 200);
  try {
    await halfSent.write(encoder.encode("GET / HTTP/1.1\r\nHost: localhost\r\n"));
    // Only the server's idle timer can end them: no request ever begins on either.
    const [quiet, slow] = await Promise.all([readUntilClosed(silent), readUntilClosed(halfSent)]);
    assertEquals(quiet, "", "closed without a word");
    assertEquals(slow, "", "closed unanswered, long before the request timeout");
  } finally {
    clearInterval(trickle);
    closeAll([silent, halfSent]);
  }
});

Deno.test("server: a trickling body gets 408 and its connection ends; one declared too large gets 413 unread", async () => {
  await using server = await startServer();
  const port = portOf(server);
  const encoder = new TextEncoder();

  const slow = await Deno.connect({ hostname: "127.0.0.1", port });
  const trickle = setInterval(() => slow.write(encoder.encode("x")).catch(() => {}), 200);
  try {
    await slow.write(encoder.encode(
      "POST /api/guest/create-checkout-session HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    ));
    // Closed by the server while the client still sends: the read ends.
    const answer = await readUntilClosed(slow);
    assertMatch(answer, /^HTTP\/1\.1 408 /);
    assertMatch(answer, /"message":"The request took too long to arrive\. Please try again\."/);
  } finally {
    clearInterval(trickle);
    closeAll([slow]);
  }

  const large = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await large.write(encoder.encode(
      "POST /api/guest/create-checkout-session HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{",
    ));
    const answer = await readUntilClosed(large);
    assertMatch(answer, /^HTTP\/1\.1 413 /);
    assertMatch(answer, /"message":"The request body is too large\."/);
  } finally {
    closeAll([large]);
  }
  assertEquals(await health(server), 200);
});
