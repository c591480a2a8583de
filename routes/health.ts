import type { Context } from "hono";
import type { Deps } from "../deps.ts";
import { keys } from "../kv/keys.ts";
import type { StorageState } from "../kv/blob_store.ts";

/**
 * `GET /healthz?deep=1`: what a monitor asks, beside the platform's liveness probe (`/healthz`,
 * which answers `{"ok":true}` once KV is open, whatever else is away, so an outage of the bucket
 * never has the platform restart a server that is serving pages and taking orders).
 *
 * KV is read, and the audio storage is reported as the shop last found it (kv/blob_store.ts,
 * storageState): the bucket itself is tried at most once a minute per instance, and one answer serves
 * every request for a few seconds, so a flood of health checks is never a flood of bucket calls.
 * 503 while something is away, with no detail an outsider could use (staff read that under "Needs
 * attention"): which store, its state, since when, and when it was last tried.
 */
export async function deepHealth(c: Context, { kv, blobs }: Pick<Deps, "kv" | "blobs">) {
  c.header("cache-control", "no-store");
  let audioStorage: StorageState;
  try {
    await kv.get(keys.storageOutage());
    audioStorage = await blobs.storageState();
  } catch {
    // Only KV can fail here: a bucket that does not answer is a state, not an error.
    return c.json({ ok: false, kv: "unreachable" }, 503);
  }
  const ok = audioStorage.state === "ok";
  return c.json({ ok, kv: "ok", audioStorage }, ok ? 200 : 503);
}
