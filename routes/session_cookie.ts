import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE, SESSION_TTL_MS } from "../domain/auth.ts";
import type { AppEnv } from "./env.ts";

/**
 * The session cookie carries the same token the browser keeps in local storage, so pages rendered
 * on the server know the user. HttpOnly keeps it from scripts; SameSite=Lax keeps it off cross-site
 * writes. `Secure` follows APP_URL: always in production (https), left off for a plain-http dev
 * server reached by a LAN address, where a Secure cookie would silently never be stored.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: isHttps(c),
    sameSite: "Lax",
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c), httpOnly: true, sameSite: "Lax" });
}

function isHttps(c: Context<AppEnv>) {
  return c.var.deps.config.appUrl.startsWith("https:");
}
