import type { Config } from "../domain/config.ts";
import type { Mailer } from "../providers/mail/mod.ts";
import type { MusicStudio } from "../providers/music/mod.ts";
import type { Lyricist } from "../providers/words/mod.ts";
import { createJobQueue, type JobQueue } from "./messages.ts";

/** Everything a job handler may touch. Built once per process by the worker (jobs/worker.ts). */
export interface JobDeps {
  kv: Deno.Kv;
  config: Config;
  words: Lyricist;
  music: MusicStudio;
  mail: Mailer;
  queue: JobQueue;
  now: () => number;
  /** Names this process in the leases it holds, for whoever looks at a stuck order. */
  workerId: string;
  /** Jitter for retry delays; tests pass a fixed one. */
  random?: () => number;
}

/** The worker's deps from what the composition root (or a test) already built. */
export function jobDepsFrom(
  parts: {
    kv: Deno.Kv;
    config: Config;
    providers: { words: Lyricist; music: MusicStudio; mail: Mailer };
    now: () => number;
    workerId: string;
  },
): JobDeps {
  const { kv, config, providers, now, workerId } = parts;
  return {
    kv,
    config,
    words: providers.words,
    music: providers.music,
    mail: providers.mail,
    queue: createJobQueue(config.jobs.queue),
    now,
    workerId,
  };
}

export const seconds = (value: number) => Math.round(value * 1000);
export const iso = (ms: number) => new Date(ms).toISOString();
