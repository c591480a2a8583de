import type { Config } from "../domain/config.ts";
import type { JobQueue } from "../jobs/messages.ts";
import type { SessionUser } from "../domain/users.ts";
import type { Session } from "../kv/sessions.ts";
import type { Providers } from "../providers/mod.ts";
import type { Track } from "../providers/analytics.ts";
import type { Assets } from "./assets.ts";
import type { BodyBudget } from "./body/budget.ts";
import type { PageCache } from "./page_cache.ts";

/** A clock the app reads instead of `Date.now()`, so tests can move time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Everything a request handler may reach, built once by createApp. */
export interface AppDeps {
  kv: Deno.Kv;
  config: Config;
  providers: Providers;
  clock: Clock;
  assets: Assets;
  track: Track;
  /** Adds job messages to the atomic writes that make work due (jobs/messages.ts). */
  jobs: JobQueue;
  /** Bytes of unfinished request bodies held across every request of the process. */
  bodyBudget: BodyBudget;
  /** Pages that are the same for every signed-out visitor, kept rendered and compressed. */
  anonymousPages: PageCache;
}

/** The signed-in user of a request: what the API shows, plus the id later lookups need. */
export interface CurrentUser extends SessionUser {
  id: string;
}

/** How the request proved who it is; cookie-authenticated writes get a cross-site check. */
export type AuthSource = "bearer" | "cookie";

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: CurrentUser | null;
    session: (Session & { source: AuthSource }) | null;
    /** The CSP source that allows this response's inline stylesheet (its SHA-256). */
    styleSource?: string;
  };
}
