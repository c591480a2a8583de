import { SESSION_TTL_MS } from "../domain/account/sign_in_limits.ts";
import { hashToken, looksLikeToken, newToken } from "../domain/account/tokens.ts";
import { keys } from "./keys.ts";
import { isOrderLinkRevoked } from "./order_links.ts";

/** The delivery link a session was started from: the session ends when staff turn that link off. */
export interface OrderLinkOrigin {
  orderId: string;
  linkHash: string;
}

export interface Session {
  userId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  viaOrderLink?: OrderLinkOrigin;
}

/** Starts a session for a user and returns its token; only the token's hash is stored. */
export async function createSession(
  kv: Deno.Kv,
  userId: string,
  now: number,
  viaOrderLink?: OrderLinkOrigin,
): Promise<string> {
  const token = newToken();
  const tokenHash = await hashToken(token);
  const session: Session = {
    userId,
    tokenHash,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_TTL_MS).toISOString(),
    ...(viaOrderLink ? { viaOrderLink } : {}),
  };
  const result = await kv.atomic()
    .set(keys.session(tokenHash), session, { expireIn: SESSION_TTL_MS })
    .set(keys.sessionOfUser(userId, tokenHash), now, { expireIn: SESSION_TTL_MS })
    .commit();
  if (!result.ok) throw new Error("Could not store a new session.");
  return token;
}

/**
 * The live session a token stands for, or null when it is unknown, expired or revoked, or was started
 * from a delivery link staff have since turned off (then it is ended here too).
 */
export async function getSession(kv: Deno.Kv, token: string, now: number): Promise<Session | null> {
  if (!looksLikeToken(token)) return null;
  const session = (await kv.get<Session>(keys.session(await hashToken(token)))).value;
  if (!session || Date.parse(session.expiresAt) <= now) return null;
  const origin = session.viaOrderLink;
  if (origin && await isOrderLinkRevoked(kv, origin.orderId, origin.linkHash)) {
    await revokeSession(kv, session);
    return null;
  }
  return session;
}

/** Ends a session on the server, so its token is refused from now on wherever it was copied to. */
export async function revokeSession(kv: Deno.Kv, session: Pick<Session, "userId" | "tokenHash">) {
  await kv.atomic()
    .delete(keys.session(session.tokenHash))
    .delete(keys.sessionOfUser(session.userId, session.tokenHash))
    .commit();
}
