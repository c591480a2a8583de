/**
 * Issue 16 §8: behind a proxy on the same machine (TRUSTED_PROXIES=1), the app trusts the address the
 * proxy reports, so nobody else may reach its port and forge one. HOSTNAME=127.0.0.1 makes that so:
 * the port answers on loopback, and a connection to any other address of the machine is refused.
 */
import { assertEquals, assertRejects } from "@std/assert";
import { AppProcess, ensureBundles } from "../../../tools/soak/app_process.ts";

/** This machine's first address that is not loopback, which a client on the network would use. */
const networkAddress = Deno.networkInterfaces()
  .find((face) => face.family === "IPv4" && !face.address.startsWith("127."))?.address;

async function serving(env: Record<string, string>) {
  await ensureBundles();
  const server = new AppProcess({
    name: "listen",
    env: { APP_ENV: "test", NODE_ENV: "production", KV_PATH: ":memory:", PORT: "0", ...env },
  });
  await server.start();
  return server;
}

async function reachable(hostname: string, port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname, port });
    conn.close();
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.ConnectionRefused) return false;
    throw error;
  }
}

Deno.test({
  name:
    "HOSTNAME=127.0.0.1 behind a local proxy: the port refuses the network, so X-Forwarded-For cannot be forged",
  ignore: !networkAddress,
  async fn() {
    const server = await serving({ HOSTNAME: "127.0.0.1", TRUSTED_PROXIES: "1" });
    try {
      const port = Number(new URL(server.origin!).port);
      assertEquals(await reachable("127.0.0.1", port), true, "the proxy reaches it");
      assertEquals(await reachable(networkAddress!, port), false, "nobody else does");
      await assertRejects(() => fetch(`http://${networkAddress}:${port}/healthz`));
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name: "without HOSTNAME the app listens on every interface, as a platform in front of it expects",
  ignore: !networkAddress,
  async fn() {
    const server = await serving({});
    try {
      const port = Number(new URL(server.origin!).port);
      assertEquals(await reachable(networkAddress!, port), true);
    } finally {
      await server.stop();
    }
  },
});
