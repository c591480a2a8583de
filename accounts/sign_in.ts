import type { Deps } from "../deps.ts";
import { MAGIC_LINK_TTL_MS, MESSAGES, SIGN_IN_LIMITS } from "../domain/account/sign_in_limits.ts";
import { RateLimitError, UnauthorizedError } from "../domain/errors.ts";
import { signInEmail } from "../domain/email/sign_in.ts";
import { hashToken } from "../domain/account/tokens.ts";
import type { User } from "../domain/account/users.ts";
import { consumeMagicLink, createMagicLink } from "../kv/magic_links.ts";
import { takeRateLimit } from "../kv/rate_limits.ts";
import { createSession, revokeSession, type Session } from "../kv/sessions.ts";
import { upsertUserOnSignIn } from "../kv/users.ts";

/**
 * Sign-in by emailed link (customer-side §7; ARCHITECTURE.md §7). Every address gets the same answer
 * and the same work (there is no "unknown address" branch: a first sign-in creates the account), so
 * neither the reply nor its timing says who has an account. `markBrowser` marks the asking browser
 * (once the limits allow the request); the mark is kept hashed with the link, so that browser alone
 * signs in without confirming.
 */
export async function sendSignInLink(
  deps: Pick<Deps, "kv" | "clock" | "config" | "providers">,
  email: string,
  client: string,
  markBrowser: () => string,
): Promise<void> {
  const { kv, config, providers } = deps;
  const now = deps.clock.now();
  const decision = await takeRateLimit(
    kv,
    [
      { scope: "sign-in:client", subject: client, limit: SIGN_IN_LIMITS.perClient },
      { scope: "sign-in:email", subject: email, limit: SIGN_IN_LIMITS.perEmail },
    ],
    SIGN_IN_LIMITS.windowMs,
    now,
  );
  if (decision.exceeded) {
    const message = decision.exceeded.scope === "sign-in:email"
      ? MESSAGES.tooManyForEmail
      : MESSAGES.tooManyForClient;
    throw new RateLimitError(message, Math.ceil(decision.retryAfterMs / 1000));
  }

  const token = await createMagicLink(kv, email, now, await hashToken(markBrowser()));
  const link = `${config.appUrl}/auth/verify?t=${token}`;
  // A failed send becomes a 503 in the error mapper; the unused link simply expires.
  await providers.mail.send({
    to: email,
    ...signInEmail({ link, expiresInMinutes: MAGIC_LINK_TTL_MS / 60_000 }),
  });
}

/** Uses up a sign-in link: its address's user (made on a first sign-in) gets a new session. */
export async function signIn(
  deps: Pick<Deps, "kv" | "clock" | "config" | "track">,
  token: string,
): Promise<{ user: User; sessionToken: string }> {
  const { kv, config, track } = deps;
  const now = deps.clock.now();
  const email = await consumeMagicLink(kv, token, now);
  if (!email) throw new UnauthorizedError(MESSAGES.badSignInToken);

  const { user, created } = await upsertUserOnSignIn(kv, email, config, now);
  const sessionToken = await createSession(kv, user.id, now);
  if (created) track("User Signup", { method: "magic_link" });
  track("User Login", { method: "magic_link" });
  return { user, sessionToken };
}

/** Ends a session on the server: its token stops working everywhere it was copied to. */
export async function endSession(deps: Pick<Deps, "kv" | "track">, session: Session): Promise<void> {
  await revokeSession(deps.kv, session);
  deps.track("User Logout");
}
