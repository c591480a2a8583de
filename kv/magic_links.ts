import { MAGIC_LINK_TTL_MS } from "../domain/account/sign_in_limits.ts";
import { hashToken, looksLikeToken, newToken } from "../domain/account/tokens.ts";
import { keys } from "./keys.ts";

/** Customer-side §3, magic link token. `usedAt` has no field: a used link is deleted. */
export interface MagicLink {
  email: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  /** The hash of the asking browser's mark (SIGN_IN_BROWSER_COOKIE): the link signs in there at once. */
  browserHash: string | null;
}

/** Stores a new sign-in link for `email` and returns the token to put in the emailed URL. */
export async function createMagicLink(
  kv: Deno.Kv,
  email: string,
  now: number,
  browserHash: string | null = null,
): Promise<string> {
  const token = newToken();
  const tokenHash = await hashToken(token);
  const link: MagicLink = {
    email,
    tokenHash,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + MAGIC_LINK_TTL_MS).toISOString(),
    browserHash,
  };
  // expireIn only tidies up (KV deletes lazily); the expiry that counts is checked on use.
  await kv.set(keys.magicLink(tokenHash), link, { expireIn: MAGIC_LINK_TTL_MS * 2 });
  return token;
}

/**
 * The live link a token stands for, without spending it (to ask before signing in), or null. An
 * expired one is deleted on the way, as spending it would.
 */
export async function findMagicLink(kv: Deno.Kv, token: string, now: number): Promise<MagicLink | null> {
  if (!looksLikeToken(token)) return null;
  const key = keys.magicLink(await hashToken(token));
  const link = (await kv.get<MagicLink>(key)).value;
  if (!link) return null;
  if (Date.parse(link.expiresAt) > now) return link;
  await kv.delete(key);
  return null;
}

/**
 * Spends a sign-in link: answers its email once, and null for an unknown, expired or already used
 * token. The read and the delete are one atomic check-and-delete, so of two concurrent clicks on
 * the same link exactly one signs in.
 */
export async function consumeMagicLink(kv: Deno.Kv, token: string, now: number): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const key = keys.magicLink(await hashToken(token));
  const entry = await kv.get<MagicLink>(key);
  if (!entry.value) return null;
  const spent = await kv.atomic().check(entry).delete(key).commit();
  if (!spent.ok) return null;
  return Date.parse(entry.value.expiresAt) > now ? entry.value.email : null;
}
