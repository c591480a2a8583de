import type { SessionUser } from "../../domain/users.ts";
import { TOKEN_KEY } from "./api.ts";

/** Customer-side §3, client storage: the session token and the user it belongs to. */
export const USER_KEY = "user";

export function saveSession(token: string, user: SessionUser) {
  try {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Storage can be blocked; the HttpOnly cookie still carries the session.
  }
}

export function clearSession() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}
