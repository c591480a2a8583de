/**
 * The server a bench measures the guard's relay with: the same small answer served by Deno.serve
 * directly (`direct`) or through serve/guarded_server.ts (`guarded`). Prints its port.
 */
import { serveGuarded } from "../serve/guarded_server.ts";

const handler = () => new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
const onListen = ({ port }: Deno.NetAddr) => console.log(`port ${port}`);
if (Deno.args[0] === "guarded") {
  serveGuarded({
    hostname: "127.0.0.1",
    port: 0,
    maxConnections: 4096,
    idleTimeoutMs: 30_000,
    requestTimeoutMs: 60_000,
    onListen,
  }, handler);
} else {
  Deno.serve({ hostname: "127.0.0.1", port: 0, onListen }, handler);
}
