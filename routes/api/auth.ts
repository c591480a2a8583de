import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  emailSchema,
  MAGIC_LINK_TTL_MS,
  MESSAGES,
  ORDER_LINK_LIMIT,
  SIGN_IN_LIMITS,
} from "../../domain/account/sign_in_limits.ts";
import { BadRequestError, ForbiddenError, RateLimitError, UnauthorizedError } from "../../domain/errors.ts";
import { hashToken } from "../../domain/account/tokens.ts";
import { isOrderId } from "../../domain/order/orders.ts";
import { signInEmail } from "../../domain/email/sign_in.ts";
import { toSessionUser } from "../../domain/account/users.ts";
import { consumeMagicLink, createMagicLink, findMagicLink } from "../../kv/magic_links.ts";
import { takeRateLimit } from "../../kv/rate_limits.ts";
import { openOrderLink } from "../../orders/open_order_link.ts";
import { createSession } from "../../kv/sessions.ts";
import { upsertUserOnSignIn } from "../../kv/users.ts";
import { clientAddress } from "../client_address.ts";
import type { AppEnv } from "../request_context.ts";
import { currentUser, isFromAnotherSite } from "../middleware/session.ts";
import { signOut } from "../sign_out.ts";
import { markSignInBrowser, readSignInBrowserMark, setSessionCookie } from "../session_cookie.ts";
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

  const token = await createMagicLink(kv, email, now, await hashToken(markSignInBrowser(c)));
  const link = `${config.appUrl}/auth/verify?t=${token}`;
  // A failed send becomes a 503 in the error mapper; the unused link simply expires.
  await providers.mail.send({
    to: email,
    ...signInEmail({ link, expiresInMinutes: MAGIC_LINK_TTL_MS / 60_000 }),
  });
  return c.json({ message: MESSAGES.linkSent });
});

/**
 * Opens a sign-in link. In the browser that asked for it, it signs in at once. Anywhere else (the
 * email read on a phone, or a page an attacker sent someone to with the attacker's own link) it only
 * says whose account it opens, and signing in takes the POST below, from our own page: a login CSRF
 * then needs the victim to confirm an address that is not theirs.
 */
authApi.get("/verify-magic-link", async (c) => {
  const { kv, clock } = c.var.deps;
  const token = c.req.query("t");
  if (!token) throw new BadRequestError(MESSAGES.missingSignInToken);
  const link = await findMagicLink(kv, token, clock.now());
  if (!link) throw new UnauthorizedError(MESSAGES.badSignInToken);
  const mark = readSignInBrowserMark(c);
  if (!link.browserHash || !mark || await hashToken(mark) !== link.browserHash) {
    return c.json({ confirm: true, email: link.email, message: MESSAGES.confirmSignIn });
  }
  return await signInWithLink(c, token);
});

authApi.post("/verify-magic-link", valid("json", z.object({ t: z.string().min(1).max(200) })), async (c) => {
  if (isFromAnotherSite(c)) throw new ForbiddenError(MESSAGES.crossSite);
  return await signInWithLink(c, c.req.valid("json").t);
});

async function signInWithLink(c: Context<AppEnv>, token: string) {
  const { kv, clock, config, track } = c.var.deps;
  const now = clock.now();
  const email = await consumeMagicLink(kv, token, now);
  if (!email) throw new UnauthorizedError(MESSAGES.badSignInToken);

  const { user, created } = await upsertUserOnSignIn(kv, email, config, now);
  const sessionToken = await createSession(kv, user.id, now);
  setSessionCookie(c, sessionToken);
  if (created) track("User Signup", { method: "magic_link" });
  track("User Login", { method: "magic_link" });
  return c.json({ token: sessionToken, user: toSessionUser(user, config), message: MESSAGES.signedIn });
}

/**
 * A delivery email's link (customer-side §7): signs the holder in as the address the link was sent
 * to (a gift's recipient becomes their own user, not the parent) and lets that user see the order.
 */
authApi.get("/magic-link/:orderId", async (c) => {
  const { kv, clock, config, track } = c.var.deps;
  const orderId = c.req.param("orderId");
  const token = c.req.query("t");
  if (!token || !isOrderId(orderId)) throw new BadRequestError(MESSAGES.badOrderLink);
  const now = clock.now();
  const decision = await takeRateLimit(
    kv,
    [{ scope: "order-link:client", subject: clientAddress(c), limit: ORDER_LINK_LIMIT.perClient }],
    ORDER_LINK_LIMIT.windowMs,
    now,
  );
  if (decision.exceeded) {
    throw new RateLimitError(MESSAGES.tooManyOrderLinks, Math.ceil(decision.retryAfterMs / 1000));
  }

  const { order, user, created, sessionToken, greeting } = await openOrderLink(c.var.deps, orderId, token);
  setSessionCookie(c, sessionToken);
  if (created) track("User Signup", { method: "order_link" });
  track("Magic Link Accessed", { isGift: order.isGift });
  return c.json({
    token: sessionToken,
    user: toSessionUser(user, config),
    orderId,
    message: MESSAGES.orderLinkOpened,
    // No account had this address before.
    firstSignIn: created,
    // What the page says first: "Welcome!" or "Welcome back!" to the family, and to a gift's
    // recipient whose song it is and who sent it (domain/order/link_greeting.ts).
    greeting,
  });
});

authApi.get("/user", (c) => {
  const { username, isDemo, role } = currentUser(c);
  return c.json({ username, isDemo, role });
});

authApi.post("/logout", async (c) => {
  await signOut(c);
  return c.json({ message: MESSAGES.signedOut });
});
