import type { Context } from "hono";
import type { AppEnv } from "./request_context.ts";

/**
 * The caller's network address, for per-client rate limits. Deno.serve hands the socket's peer to
 * Hono as `c.env.remoteAddr`, which is the caller on Deno Deploy and on a server facing the internet.
 * Behind `TRUSTED_PROXIES` reverse proxies every caller would share the proxy's address, so the
 * caller is read from X-Forwarded-For instead: each proxy appends the address it was reached from,
 * so the entry that many places from the right was written by our outermost proxy. Entries further
 * left are whatever the caller sent, and never trusted.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const socketAddress = peerAddress(c);
  const proxies = c.var.deps.config.trustedProxies;
  if (proxies === 0) return socketAddress;
  const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  // Fewer entries than proxies: the request did not come through all of them; trust only the socket.
  if (forwarded.length < proxies || forwarded.some((entry) => entry === "")) return socketAddress;
  return forwarded[forwarded.length - proxies];
}

/** The address of the socket's other end, whatever any header says ("unknown" without one). */
export function peerAddress(c: Context<AppEnv>): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return info?.remoteAddr?.hostname ?? "unknown";
}
