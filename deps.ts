import type { Config } from "./domain/config.ts";
import { type BlobStore, createBlobStore } from "./kv/blob_store.ts";
import { createJobQueue, type JobQueue } from "./jobs/messages.ts";
import { createTracker, type Track } from "./providers/analytics.ts";
import type { Providers } from "./providers/mod.ts";

/** A clock the app reads instead of `Date.now()`, so tests can move time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Everything a route, a command or a job may reach: built once per process by main.ts (tests build it
 * the same way, with createDeps), then handed to the app and the worker alike, so a command behaves the
 * same whether a request or a job runs it.
 */
export interface Deps {
  kv: Deno.Kv;
  config: Config;
  providers: Providers;
  clock: Clock;
  /** Adds job messages to the atomic writes that make work due (jobs/messages.ts). */
  jobs: JobQueue;
  track: Track;
  /** Song audio, in KV or the bucket (kv/blob_store.ts). */
  blobs: BlobStore;
  /** Names this process in the leases it holds, for whoever looks at a stuck order. */
  workerId: string;
  /** Jitter for retry delays; tests pass a fixed one. */
  random?: () => number;
}

export function createDeps(parts: {
  kv: Deno.Kv;
  config: Config;
  providers: Providers;
  clock?: Clock;
  workerId?: string;
  random?: () => number;
}): Deps {
  const clock = parts.clock ?? systemClock;
  return {
    kv: parts.kv,
    config: parts.config,
    providers: parts.providers,
    clock,
    jobs: createJobQueue(parts.config.jobs.queue),
    track: createTracker(parts.providers.analytics),
    blobs: createBlobStore(parts.kv, parts.providers.bucket, parts.config.blobs.store, () => clock.now()),
    workerId: parts.workerId ?? processName(),
    random: parts.random,
  };
}

/** This process, as leases and migrations name their holder: host, pid and a random tail for restarts. */
export function processName() {
  return `${Deno.hostname?.() ?? "host"}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
}
