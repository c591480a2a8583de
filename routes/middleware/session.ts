import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { MESSAGES, SESSION_COOKIE } from "../../domain/account/sign_in_limits.ts";
import { ForbiddenError, UnauthorizedError } from "../../domain/errors.ts";
import { toSessionUser } from "../../domain/account/users.ts";
import { getSession, type Session } from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import type { AppEnv, AuthSource, CurrentUser } from "../request_context.ts";

/**
 * Resolves who is calling, for every route after static files: the Bearer token the browser keeps
 * in local storage (customer-side §7) or, for server-rendered pages, the HttpOnly session cookie
 * holding the same token. An explicit Bearer header wins; a bad one means "signed out" rather than
 * falling back to the cookie, so the client learns its token is stale and drops it.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const signedIn = await authenticate(c);
    c.set("user", signedIn?.user ?? null);
    c.set("session", signedIn?.session ?? null);
    if (signedIn?.session.source === "cookie" && !isSafeMethod(c.req.method) && !isSameOrigin(c)) {
      throw new ForbiddenError(MESSAGES.crossSite);
    }
    await next();
  };
}

/**
 * The session and user a request's token belongs to, or null: for sessionMiddleware, and for the few
 * routes mounted before it that need to know who asks only now and then (routes/media.ts).
 */
export async function authenticate(
  c: Context<AppEnv>,
): Promise<{ session: Session & { source: AuthSource }; user: CurrentUser } | null> {
  const presented = presentedToken(c);
  if (!presented) return null;
  const { kv, clock, config } = c.var.deps;
  const session = await getSession(kv, presented.token, clock.now());
  const user = session && await getUser(kv, session.userId);
  if (!session || !user) return null;
  return {
    session: { ...session, source: presented.source },
    user: { id: user.id, ...toSessionUser(user, config), byOrderLink: !!session.viaOrderLink },
  };
}

function presentedToken(c: Context<AppEnv>): { token: string; source: AuthSource } | null {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1], source: "bearer" } : null;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, source: "cookie" } : null;
}

export function isSafeMethod(method: string) {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * Cookies ride along on cross-site requests, so a cookie-authenticated write must prove it came
 * from our own pages. Browsers send `Sec-Fetch-Site` and `Origin` on every write and a page cannot
 * forge either; a client that sends neither (curl, a script) should use the Bearer token instead.
 */
function isSameOrigin(c: Context<AppEnv>) {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = c.req.header("origin");
  if (!origin) return false;
  return origin === new URL(c.var.deps.config.appUrl).origin || origin === new URL(c.req.url).origin;
}

/**
 * For a write that needs no cookie but must not be made from another site's page (confirming a sign-in
 * link): a browser says where a request came from, and only what it says counts. A client that says
 * nothing is not a browser some other site is driving.
 */
export function isFromAnotherSite(c: Context<AppEnv>) {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin";
  return c.req.header("origin") !== undefined && !isSameOrigin(c);
}

/** Guard for routes that need a signed-in user: 401 otherwise. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new UnauthorizedError(MESSAGES.notSignedIn);
  await next();
};

/** Guard for admin routes: 401 for visitors, 403 for anyone signed in without the admin role. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new UnauthorizedError(MESSAGES.notSignedIn);
  if (c.var.user.role !== "admin") throw new ForbiddenError(MESSAGES.adminOnly);
  await next();
};

/**
 * Guard for the system prompts: admins, and demo users, whom the spec gives the Admin Settings entry
 * in the navigation (staff-side §2). DEMO_EMAILS is set by the studio, so they are its own people.
 */
export const requireAdminOrDemo: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new UnauthorizedError(MESSAGES.notSignedIn);
  if (c.var.user.role !== "admin" && !c.var.user.isDemo) throw new ForbiddenError(MESSAGES.adminOnly);
  await next();
};

/**
 * Whom a new order joins, and whose details the order form starts with: the signed-in user, unless
 * they were signed in by a delivery link. Anyone holding that link (or a site that opens it in your
 * browser) could otherwise make your next order, and the child's details in it, theirs. Such a
 * browser orders as a guest: the order joins the account of the address typed, as any guest's does.
 */
export function buyerOf(c: Context<AppEnv>): CurrentUser | null {
  const user = c.var.user;
  return user && !user.byOrderLink ? user : null;
}

/** The signed-in user of a route behind requireUser. */
export function currentUser(c: Context<AppEnv>): CurrentUser {
  if (!c.var.user) throw new UnauthorizedError(MESSAGES.notSignedIn);
  return c.var.user;
}
