/**
 * The real server process facing the clients an attacker would send (issue 16 §1): more idle
 * connections than it has file descriptors, connections that never speak, bodies that trickle in
 * and bodies declared far too large. It must keep answering and let go of what they hold.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import { AppProcess, ensureBundles } from "../../../tools/soak/app_process.ts";

const IDLE_SECONDS = 2;
const BODY_SECONDS = 1;
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
      BODY_TIMEOUT_SECONDS: String(BODY_SECONDS),
    },
  });
  await server.start();
  return server;
}

function portOf(server: AppProcess) {
  return Number(new URL(server.origin!).port);
}

/** A fresh connection's /healthz, with the time it took (a refused connection is a failure). */
async function health(server: AppProcess): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
  try {
    const response = await fetch(`${server.origin}/healthz`, { client, signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    return { status: response.status, ms: performance.now() - started };
  } finally {
    client.close();
  }
}

/** Everything the server sends until it closes the connection (or `ms` pass). */
async function readUntilClosed(conn: Deno.Conn, ms: number): Promise<{ text: string; closed: boolean }> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(4096);
  let text = "";
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return { text, closed: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = await Promise.race([
      conn.read(buffer).catch(() => null),
      new Promise<"wait">((resolve) => (timer = setTimeout(() => resolve("wait"), left))),
    ]);
    clearTimeout(timer);
    if (read === "wait") return { text, closed: false };
    if (read === null) return { text, closed: true };
    text += decoder.decode(buffer.subarray(0, read));
  }
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
      const during = await health(server);
      assertEquals(during.status, 200);
      assert(during.ms < 1000, `healthz took ${during.ms} ms during the flood`);
    } finally {
      closeAll(idle);
    }
    const after = await health(server);
    assertEquals(after.status, 200);
    assert(server.running && server.unexpectedExits === 0, server.recentOutput());
  },
});

Deno.test("server: a connection that sends nothing is closed after the idle timeout", async () => {
  await using server = await startServer();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: portOf(server) });
  try {
    const { closed } = await readUntilClosed(conn, (IDLE_SECONDS + 3) * 1000);
    assert(closed, `still open ${IDLE_SECONDS + 3} s after connecting with nothing sent`);
  } finally {
    closeAll([conn]);
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
    const answer = await readUntilClosed(slow, (BODY_SECONDS + 4) * 1000);
    assertMatch(answer.text, /^HTTP\/1\.1 408 /);
    assertMatch(answer.text, /"message":"The request took too long to arrive\. Please try again\."/);
    assert(answer.closed, "the connection stayed open while the client kept sending");
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
    const answer = await readUntilClosed(large, 3000);
    assertMatch(answer.text, /^HTTP\/1\.1 413 /);
    assertMatch(answer.text, /"message":"The request body is too large\."/);
    assert(answer.closed, "a refused body's connection stayed open");
  } finally {
    closeAll([large]);
  }
  assertEquals((await health(server)).status, 200);
});
