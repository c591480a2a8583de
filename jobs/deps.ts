import type { Config } from "../domain/config.ts";
import type { Mailer } from "../providers/mail/mod.ts";
import type { MusicStudio } from "../providers/music/mod.ts";
import type { Lyricist } from "../providers/words/mod.ts";
import type { JobQueue } from "./messages.ts";

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

export const seconds = (value: number) => Math.round(value * 1000);
export const iso = (ms: number) => new Date(ms).toISOString();
