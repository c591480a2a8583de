import { Hono } from "hono";
import { z } from "zod";
import { emailSchema, MAGIC_LINK_TTL_MS, MESSAGES, SIGN_IN_LIMITS } from "../../domain/auth.ts";
import { BadRequestError, RateLimitError, UnauthorizedError } from "../../domain/errors.ts";
import { signInEmail } from "../../domain/emails/sign_in.ts";
import { toSessionUser } from "../../domain/users.ts";
import { consumeMagicLink, createMagicLink } from "../../kv/magic_links.ts";
import { takeRateLimit } from "../../kv/rate_limits.ts";
import { linkOrdersToUser } from "../../kv/orders.ts";
import { createSession } from "../../kv/sessions.ts";
import { upsertUserOnSignIn } from "../../kv/users.ts";
import { clientAddress } from "../client.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../middleware/session.ts";
import { signOut } from "../sign_out.ts";
import { setSessionCookie } from "../session_cookie.ts";
import { valid } from "./validate.ts";

/** Sign-in by emailed link (customer-side §7; ARCHITECTURE.md §7). */
export const authApi = new Hono<AppEnv>();

// Answers carry tokens or say who is signed in: never let a cache keep them.
authApi.use(async (c, next) => {
  await next();
  c.header("cache-control", "no-store");
});

/**
 * Every address gets the same answer and the same work (there is no "unknown address" branch: a
 * first sign-in creates the account), so neither the reply nor its timing says who has an account.
 */
authApi.post("/request-magic-link", valid("json", z.object({ email: emailSchema })), async (c) => {
  const { kv, clock, config, providers } = c.var.deps;
  const { email } = c.req.valid("json");
  const now = clock.now();
  const decision = await takeRateLimit(
    kv,
    [
      { scope: "sign-in:client", subject: clientAddress(c), limit: SIGN_IN_LIMITS.perClient },
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

  const token = await createMagicLink(kv, email, now);
  const link = `${config.appUrl}/auth/verify?t=${token}`;
  // A failed send becomes a 503 in the error mapper; the unused link simply expires.
  await providers.mail.send({
    to: email,
    ...signInEmail({ link, expiresInMinutes: MAGIC_LINK_TTL_MS / 60_000 }),
  });
  return c.json({ message: MESSAGES.linkSent });
});

authApi.get("/verify-magic-link", async (c) => {
  const { kv, clock, config, track } = c.var.deps;
  const token = c.req.query("t");
  if (!token) throw new BadRequestError(MESSAGES.missingSignInToken);
  const now = clock.now();
  const email = await consumeMagicLink(kv, token, now);
  if (!email) throw new UnauthorizedError(MESSAGES.badSignInToken);

  const { user, created } = await upsertUserOnSignIn(kv, email, config, now);
  await linkOrdersToUser(kv, user.id, email, now);
  const sessionToken = await createSession(kv, user.id, now);
  setSessionCookie(c, sessionToken);
  if (created) track("User Signup", { method: "magic_link" });
  track("User Login", { method: "magic_link" });
  return c.json({ token: sessionToken, user: toSessionUser(user, config), message: MESSAGES.signedIn });
});

authApi.get("/user", (c) => {
  const { username, isDemo, role } = currentUser(c);
  return c.json({ username, isDemo, role });
});

authApi.post("/logout", async (c) => {
  await signOut(c);
  return c.json({ message: MESSAGES.signedOut });
});
