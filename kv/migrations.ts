import { StartupError } from "../domain/errors.ts";
import { keys } from "./keys.ts";
import { acquireLease, type Lease, type Lock, releaseLease, stillHeld } from "./locks.ts";

/**
 * Changing the shape of what is stored (docs/migrations.md). A store records the version of its
 * shapes under `keys.schemaVersion()`; each migration takes it from `version - 1` (or lower) to
 * `version`, and the app runs the pending ones at start-up, before it serves, in order.
 *
 * - One runner at a time: it holds a lease (kv/locks.ts); other instances starting meanwhile wait
 *   for the version to arrive, and take over if the holder dies (the lease runs out).
 * - Resumable: a migration works in batches and commits each batch together with a checkpoint
 *   (`context.commit`), so after a crash the next start carries on after the last batch that
 *   committed, and no batch is applied twice (counters stay right).
 * - Idempotent: whatever a migration does before its first checkpoint may be done again.
 *
 * Additive changes (a new optional field) need no migration: readers tolerate old shapes by
 * defaulting what is missing when they read it.
 */
export interface Migration {
  /** 1, 2, 3…: the version the store is at once this has run. */
  version: number;
  /** Short and stable: it is logged and kept beside the checkpoint. */
  name: string;
  up(kv: Deno.Kv, context: MigrationContext): Promise<void>;
}

export interface MigrationContext {
  /** What the last committed batch of an interrupted run saved, or null on a first run. */
  checkpoint: unknown;
  /**
   * Commits `operation` with `next` as the checkpoint, checked against the runner's lease (and
   * renewing it). Throws when it does not commit: the lease was lost or one of the checks failed.
   */
  commit(operation: Deno.AtomicOperation, next: unknown): Promise<void>;
  now(): number;
}

export interface MigrationOptions {
  /** Who runs them, as leases name it (host, pid). */
  holder: string;
  now?: () => number;
  /** How long a dead runner blocks the others; renewed with every checkpoint. */
  leaseMs?: number;
  /** How long to wait for another instance's run before giving up on starting. */
  waitMs?: number;
  pollMs?: number;
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: { version: number; name: string; resumed: boolean }[];
  /** Whether this instance waited for another one's run. */
  waited: boolean;
}

const LEASE = { type: "migration", id: "schema" };
/** kv/locks.ts keeps a lock a day past its lease for whoever investigates. */
const KEEP_LOCK_MS = 24 * 60 * 60_000;

interface Checkpoint {
  name: string;
  checkpoint: unknown;
  savedAt: string;
}

export async function schemaVersionOf(kv: Deno.Kv): Promise<number> {
  return (await kv.get<number>(keys.schemaVersion())).value ?? 0;
}

/** Brings the store to the last migration's version; answers what was done. */
export async function runMigrations(
  kv: Deno.Kv,
  migrations: readonly Migration[],
  options: MigrationOptions,
): Promise<MigrationReport> {
  checkOrder(migrations);
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  const latest = migrations.at(-1)?.version ?? 0;
  const from = await schemaVersionOf(kv);
  const deadline = now() + (options.waitMs ?? 10 * 60_000);
  const applied: MigrationReport["applied"] = [];
  let waited = false;

  for (;;) {
    const current = await schemaVersionOf(kv);
    if (current > latest) {
      throw new StartupError(
        `The store is at schema version ${current}, newer than this code knows (${latest}). Run the newer ` +
          "code, or restore a dump taken before the upgrade (docs/migrations.md).",
      );
    }
    if (current === latest) return { from, to: current, applied, waited };
    const lease = await acquireLease(kv, LEASE, options.holder, leaseMs, now());
    if (!lease) {
      if (now() > deadline) {
        throw new StartupError(
          `Another instance has been migrating the store for too long (schema version ${current} of ${latest}).`,
        );
      }
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
      continue;
    }
    const run = new Run(kv, lease, now, leaseMs);
    try {
      // Read again under the lease: the previous holder may have finished in between.
      const start = await schemaVersionOf(kv);
      for (const migration of migrations.filter((m) => m.version > start)) {
        applied.push({ ...(await run.apply(migration)), version: migration.version, name: migration.name });
      }
    } finally {
      await releaseLease(kv, run.lease, now());
    }
  }
}

/** One holder's run: its lease, renewed with each commit. */
class Run {
  constructor(
    private kv: Deno.Kv,
    public lease: Lease,
    private now: () => number,
    private leaseMs: number,
  ) {}

  async apply(migration: Migration): Promise<{ resumed: boolean }> {
    const saved = (await this.kv.get<Checkpoint>(keys.migrationCheckpoint(migration.version))).value;
    await migration.up(this.kv, {
      checkpoint: saved?.checkpoint ?? null,
      now: this.now,
      commit: async (operation, next) => {
        const checkpoint: Checkpoint = {
          name: migration.name,
          checkpoint: next,
          savedAt: new Date(this.now()).toISOString(),
        };
        operation.set(keys.migrationCheckpoint(migration.version), checkpoint);
        await this.commit(operation, `a batch of migration ${migration.version} (${migration.name})`);
      },
    });
    const done = this.kv.atomic()
      .set(keys.schemaVersion(), migration.version)
      .delete(keys.migrationCheckpoint(migration.version));
    await this.commit(done, `the end of migration ${migration.version} (${migration.name})`);
    return { resumed: saved !== null };
  }

  /** Commits `operation` only while the lease is ours, and renews it in the same write. */
  private async commit(operation: Deno.AtomicOperation, what: string) {
    const renewed: Lock = {
      ...this.lease.lock,
      expiresAt: new Date(this.now() + this.leaseMs).toISOString(),
    };
    operation.check(stillHeld(this.lease)).set(this.lease.key, renewed, {
      expireIn: this.leaseMs + KEEP_LOCK_MS,
    });
    const result = await operation.commit();
    if (!result.ok) {
      throw new Error(`Could not commit ${what}: the migration lease was lost or a check failed.`);
    }
    this.lease = { key: this.lease.key, versionstamp: result.versionstamp, lock: renewed };
  }
}

function checkOrder(migrations: readonly Migration[]) {
  migrations.forEach((migration, i) => {
    const previous = i === 0 ? 0 : migrations[i - 1].version;
    if (!Number.isInteger(migration.version) || migration.version <= previous) {
      throw new Error(`Migration "${migration.name}" must have a whole version above ${previous}.`);
    }
  });
}
