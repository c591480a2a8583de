import type { SessionUser } from "../../domain/account/users.ts";
import { storedToken, TOKEN_KEY } from "./api.ts";
import { writeStored } from "./storage.ts";

/** Customer-side §3, client storage: the session token and the user it belongs to. */
export const USER_KEY = "user";

export function saveSession(token: string, user: SessionUser) {
  writeStored(TOKEN_KEY, token);
  writeStored(USER_KEY, JSON.stringify(user));
}

export function clearSession() {
  writeStored(TOKEN_KEY, null);
  writeStored(USER_KEY, null);
}

export function hasStoredToken(): boolean {
  return storedToken() !== null;
}
