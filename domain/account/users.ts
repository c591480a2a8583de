import type { Config } from "../config.ts";

/** The signed-in user as pages and the navigation see it (customer-side §3, authenticated user). */
export type Role = "admin" | "user";

export interface SessionUser {
  username: string;
  isDemo: boolean;
  role: Role;
}

/**
 * The stored user. Sign-in is by emailed link only, so the spec's `password` column has no
 * counterpart: there is no password to keep.
 */
export interface User extends SessionUser {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Roles come from ADMIN_EMAILS and DEMO_EMAILS. They are stored on the user at sign-in, but the
 * configuration is re-applied on every request, so taking an address off the list takes effect at
 * once rather than when a 30-day session ends.
 */
export function accessFor(username: string, config: Config): Pick<SessionUser, "role" | "isDemo"> {
  return {
    role: config.adminEmails.includes(username) ? "admin" : "user",
    isDemo: config.demoEmails.includes(username),
  };
}

export function toSessionUser(user: User, config: Config): SessionUser {
  return { username: user.username, ...accessFor(user.username, config) };
}
