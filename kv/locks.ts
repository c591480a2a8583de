import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

/**
 * Leases (staff-side §3, concurrency lock): a worker holds a resource until it releases it or the
 * lease runs out, so a crashed worker never blocks a resource for good. Taking one is a versionstamp
 * check, and a worker's final write checks that its lease is still the current one.
 */
export interface Lock {
  resourceType: string;
  resourceId: string;
  lockedBy: string;
  lockedAt: string;
  expiresAt: string;
  releasedAt: string | null;
}

export interface Lease {
  key: Deno.KvKey;
  versionstamp: string;
  lock: Lock;
}

/** Released locks stay a day for whoever investigates a stuck order, then KV drops them. */
const KEEP_RELEASED_MS = 24 * 60 * 60_000;

export async function acquireLease(
  kv: Deno.Kv,
  resource: { type: string; id: string },
  holder: string,
  durationMs: number,
  now: number,
): Promise<Lease | null> {
  const key = keys.lock(resource.type, resource.id);
  const current = await kv.get<Lock>(key);
  const held = current.value && !current.value.releasedAt && Date.parse(current.value.expiresAt) > now;
  if (held) return null;
  const lock: Lock = {
    resourceType: resource.type,
    resourceId: resource.id,
    lockedBy: holder,
    lockedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + durationMs).toISOString(),
    releasedAt: null,
  };
  const result = await kv.atomic().check(current).set(key, lock, { expireIn: durationMs + KEEP_RELEASED_MS })
    .commit();
  return result.ok ? { key, versionstamp: result.versionstamp, lock } : null;
}

/** When the current lease on a resource runs out (null when nobody holds it). */
export async function leaseRunsOutAt(
  kv: Deno.Kv,
  resource: { type: string; id: string },
): Promise<number | null> {
  const lock = (await kv.get<Lock>(keys.lock(resource.type, resource.id))).value;
  return lock && !lock.releasedAt ? Date.parse(lock.expiresAt) : null;
}

/** The check a write adds to commit only while this lease is still the holder's. */
export function stillHeld(lease: Lease): Deno.AtomicCheck {
  return { key: lease.key, versionstamp: lease.versionstamp };
}

/** Whether someone else holds the lease now: they read the work's state and carry on from there. */
export async function leaseLost(kv: Deno.Kv, lease: Lease): Promise<boolean> {
  return (await kv.get(lease.key)).versionstamp !== lease.versionstamp;
}

/** Marks the lease released; if it already ran out and someone else took it, leaves theirs alone. */
export async function releaseLease(kv: Deno.Kv, lease: Lease, now: number): Promise<void> {
  await releaseWith(kv.atomic().check(stillHeld(lease)), lease, now).commit();
}

/**
 * Adds the lease's release to a write that already checks the lease (`stillHeld`), so committing the
 * work and letting go are one event. A message that write enqueues can then never reach a worker (in
 * this process or another) while the lease is still held, which would answer it "busy" and leave the
 * work to the sweeper. The later `releaseLease` of the same lease finds it changed and does nothing.
 */
export function releaseWith(
  operation: Deno.AtomicOperation,
  lease: Lease,
  now: number,
): Deno.AtomicOperation {
  const released = { ...lease.lock, releasedAt: new Date(now).toISOString() };
  return operation.set(lease.key, released, { expireIn: KEEP_RELEASED_MS });
}

/** A lease held for some work, and how that work writes under it. */
export interface Held {
  lease: Lease;
  /** An atomic write that commits only while the lease is still ours and each of `checks` is unchanged. */
  atomic(...checks: Deno.AtomicCheck[]): Deno.AtomicOperation;
  /**
   * Runs `attempt` until its `write` commits (an attempt with nothing to write answers its `value`
   * alone), again after another writer's conflict: its value, or null once the lease is someone
   * else's, who reads the state and carries on from there.
   */
  retry<T>(
    what: string,
    attempt: () => Promise<{ value: T; write?: Deno.AtomicOperation }>,
  ): Promise<T | null>;
}

/**
 * Runs `work` under a lease on `resource`, or answers null at once when someone else holds it. The
 * lease is let go when the work ends, however it ends; after a write that let go already
 * (`releaseWith`) that finds it changed and does nothing.
 */
export async function withLease<T>(
  kv: Deno.Kv,
  resource: { type: string; id: string },
  holder: { id: string; leaseMs: number; now: () => number },
  work: (held: Held) => Promise<T>,
): Promise<T | null> {
  const lease = await acquireLease(kv, resource, holder.id, holder.leaseMs, holder.now());
  if (!lease) return null;
  const held: Held = {
    lease,
    atomic: (...checks) => kv.atomic().check(...checks, stillHeld(lease)),
    retry: (what, attempt) =>
      retryOnConflict(what, async () => {
        const { value, write } = await attempt();
        if (!write || (await write.commit()).ok) return value;
        return await leaseLost(kv, lease) ? null : CONFLICT;
      }),
  };
  try {
    return await work(held);
  } finally {
    // KV closing under us at shutdown: the lease simply runs out.
    await releaseLease(kv, lease, holder.now()).catch(() => {});
  }
}
