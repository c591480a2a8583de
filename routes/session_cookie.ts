import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  MAGIC_LINK_TTL_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SIGN_IN_BROWSER_COOKIE,
} from "../domain/account/sign_in_limits.ts";
import { REFERRAL_COOKIE, REFERRAL_KEPT_MS } from "../domain/referral/code.ts";
import { looksLikeToken, newToken } from "../domain/account/tokens.ts";
import type { AppEnv } from "./request_context.ts";

/**
 * The session cookie carries the same token the browser keeps in local storage, so pages rendered
 * on the server know the user. HttpOnly keeps it from scripts; SameSite=Lax keeps it off cross-site
 * writes. `Secure` follows APP_URL: always in production (https), left off for a plain-http dev
 * server reached by a LAN address, where a Secure cookie would silently never be stored.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    ...privateCookie(c, "/"),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, privateCookie(c, "/"));
}

/**
 * The asking browser's mark (SIGN_IN_BROWSER_COOKIE): kept while it is still there, so two links asked
 * for in one browser both open at once, and renewed for the life of the newest link. Only the sign-in
 * API reads it.
 */
export function markSignInBrowser(c: Context<AppEnv>): string {
  const kept = readSignInBrowserMark(c);
  const mark = kept ?? newToken();
  setCookie(c, SIGN_IN_BROWSER_COOKIE, mark, {
    ...privateCookie(c, "/api/auth"),
    maxAge: Math.floor(MAGIC_LINK_TTL_MS / 1000),
  });
  return mark;
}

export function readSignInBrowserMark(c: Context<AppEnv>): string | null {
  const mark = getCookie(c, SIGN_IN_BROWSER_COOKIE);
  return mark && looksLikeToken(mark) ? mark : null;
}

/**
 * A friend's referral code that arrived in an address, kept for the order form. The one cookie
 * scripts may read: the form reads it and forgets it (islands/order/storage.ts), and it holds
 * nothing private, only a code its owner shares.
 */
export function keepReferralCode(c: Context<AppEnv>, code: string) {
  setCookie(c, REFERRAL_COOKIE, code, {
    ...privateCookie(c, "/"),
    httpOnly: false,
    maxAge: Math.floor(REFERRAL_KEPT_MS / 1000),
  });
}

/** Our cookies' attributes, in one place: never readable by scripts, never sent on cross-site writes. */
function privateCookie(c: Context<AppEnv>, path: string) {
  return {
    httpOnly: true,
    secure: c.var.deps.config.appUrl.startsWith("https:"),
    sameSite: "Lax",
    path,
  } as const;
}
