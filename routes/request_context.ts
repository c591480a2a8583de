import type { Deps } from "../deps.ts";
import type { SessionUser } from "../domain/account/users.ts";
import type { Session } from "../kv/sessions.ts";
import type { Assets } from "./assets.ts";
import type { BodyBudget } from "./body/budget.ts";
import type { PageCache } from "./page_cache.ts";

/** What a request handler may reach: the process's deps (deps.ts) and what only the web side holds. */
export interface AppDeps extends Deps {
  assets: Assets;
  /** Bytes of unfinished request bodies held across every request of the process. */
  bodyBudget: BodyBudget;
  /** Pages that are the same for every signed-out visitor, kept rendered and compressed. */
  anonymousPages: PageCache;
}

/** The signed-in user of a request: what the API shows, plus the id later lookups need. */
export interface CurrentUser extends SessionUser {
  id: string;
  /**
   * Signed in by opening a delivery link, which works in any browser it is opened in (another site can
   * open one in yours): enough to hear that family's songs, never proof of who is at the keyboard.
   */
  byOrderLink: boolean;
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
