import type { Context } from "hono";
import { endSession } from "../accounts/sign_in.ts";
import type { AppEnv } from "./request_context.ts";
import { clearSessionCookie } from "./session_cookie.ts";

/**
 * Ends the request's session on the server (its token stops working everywhere) and drops the
 * cookie. Signing out when already signed out is not an error: the end state is the same.
 */
export async function signOut(c: Context<AppEnv>) {
  if (c.var.session) await endSession(c.var.deps, c.var.session);
  clearSessionCookie(c);
}
