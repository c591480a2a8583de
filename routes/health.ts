import type { Context } from "hono";
import type { Deps } from "../deps.ts";
import type { StorageState } from "../kv/blob_store.ts";
import { keys } from "../kv/keys.ts";

/** How long one deep answer is reused, so a flood of health checks costs no more than one. */
const ANSWER_MS = 5000;

interface DeepAnswer {
  status: 200 | 503;
  body: { ok: boolean; kv: "ok" | "unreachable"; audioStorage?: StorageState };
}

/**
 * `GET /healthz?deep=1`: what a monitor asks, beside the platform's liveness probe (`/healthz`, which
 * answers `{"ok":true}` once KV is open whatever else is away, so a bucket outage never has the
 * platform restart servers that are serving pages and taking orders).
 *
 * KV is read, and the audio storage reported as the shop last found it (kv/blob_store.ts,
 * storageState): the bucket itself is tried at most once a minute per instance, and one answer serves
 * every request for a few seconds, so a flood of health checks is never a flood of KV reads or bucket
 * calls. 503 while something is away, with nothing an outsider could use (staff read the bucket's own
 * words under "Needs attention"): which store, its state, since when, and when it was last tried.
 */
export function deepHealth({ kv, blobs, clock }: Pick<Deps, "kv" | "blobs" | "clock">) {
  let last: { at: number; answer: Promise<DeepAnswer> } | null = null;
  const check = async (): Promise<DeepAnswer> => {
    try {
      await kv.get(keys.storageOutage());
      const audioStorage = await blobs.storageState();
      const ok = audioStorage.state === "ok";
      return { status: ok ? 200 : 503, body: { ok, kv: "ok", audioStorage } };
    } catch {
      // Only KV can fail here: a bucket that does not answer is a state, not an error.
      return { status: 503, body: { ok: false, kv: "unreachable" } };
    }
  };
  return async (c: Context) => {
    const now = clock.now();
    if (!last || now - last.at >= ANSWER_MS || now < last.at) last = { at: now, answer: check() };
    const { status, body } = await last.answer;
    c.header("cache-control", "no-store");
    return c.json(body, status);
  };
}
