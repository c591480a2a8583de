/**
 * The small servers the serving-path bench measures (tools/bench_guard.ts): `floor`, a bare Deno.serve
 * answering {"ok":true}, and the same answer through serve/guarded_server.ts with its connections
 * `handed-off` to Deno's HTTP server or `relayed` to one on loopback. Prints its port.
 */
import { serveGuarded } from "../serve/guarded_server.ts";

const handler = () => new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
const onListen = ({ port }: Deno.NetAddr) => console.log(`port ${port}`);
const mode = Deno.args[0];
if (mode === "handed-off" || mode === "relayed") {
  serveGuarded({
    hostname: "127.0.0.1",
    port: 0,
    connections: mode,
    maxConnections: 4096,
    idleTimeoutMs: 30_000,
    requestTimeoutMs: 60_000,
    onListen,
  }, handler);
} else {
  Deno.serve({ hostname: "127.0.0.1", port: 0, onListen }, handler);
}
