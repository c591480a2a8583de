import type { Config } from "../domain/config.ts";
import { accessFor, type User } from "../domain/account/users.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

export async function getUser(kv: Deno.Kv, id: string): Promise<User | null> {
  return (await kv.get<User>(keys.user(id))).value;
}

export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<User | null> {
  const index = await kv.get<string>(keys.userByEmail(email));
  return index.value ? await getUser(kv, index.value) : null;
}

/**
 * The user for a verified sign-in address: created on first sign-in (username = the normalised
 * email), otherwise refreshed with the roles the configuration gives it now. The user and its email
 * index are written in one atomic operation guarded by versionstamps, so two first sign-ins at once
 * still make exactly one user.
 */
export function upsertUserOnSignIn(
  kv: Deno.Kv,
  email: string,
  config: Config,
  now: number,
): Promise<{ user: User; created: boolean }> {
  const access = accessFor(email, config);
  const stamp = new Date(now).toISOString();
  return retryOnConflict("user sign-in", async () => {
    const index = await kv.get<string>(keys.userByEmail(email));
    if (!index.value) {
      const user: User = {
        id: crypto.randomUUID(),
        username: email,
        ...access,
        createdAt: stamp,
        updatedAt: stamp,
      };
      const result = await kv.atomic()
        .check(index)
        .set(keys.user(user.id), user)
        .set(keys.userByEmail(email), user.id)
        .commit();
      return result.ok ? { user, created: true } : CONFLICT;
    }
    const entry = await kv.get<User>(keys.user(index.value));
    if (!entry.value) throw new Error(`users_by_email points at a missing user ${index.value}`);
    if (entry.value.role === access.role && entry.value.isDemo === access.isDemo) {
      return { user: entry.value, created: false };
    }
    const user = { ...entry.value, ...access, updatedAt: stamp };
    const result = await kv.atomic().check(entry).set(keys.user(user.id), user).commit();
    return result.ok ? { user, created: false } : CONFLICT;
  });
}
