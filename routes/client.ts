import type { Context } from "hono";

/**
 * The caller's network address, for per-client rate limits. Deno.serve hands it to Hono as
 * `c.env.remoteAddr`. Forwarding headers are not trusted: anyone can write them, and Deno Deploy
 * already reports the real client here.
 */
export function clientAddress(c: Context): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return info?.remoteAddr?.hostname ?? "unknown";
}
