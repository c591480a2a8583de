import type { Context } from "hono";
import { revokeSession } from "../kv/sessions.ts";
import type { AppEnv } from "./request_context.ts";
import { clearSessionCookie } from "./session_cookie.ts";

/**
 * Ends the request's session on the server (its token stops working everywhere) and drops the
 * cookie. Signing out when already signed out is not an error: the end state is the same.
 */
export async function signOut(c: Context<AppEnv>) {
  const session = c.var.session;
  if (session) {
    await revokeSession(c.var.deps.kv, session);
    c.var.deps.track("User Logout");
  }
  clearSessionCookie(c);
}
