import { type Context, Hono } from "hono";
import { z } from "zod";
import { emailSchema, MESSAGES } from "../../domain/account/sign_in_limits.ts";
import { BadRequestError, ForbiddenError, UnauthorizedError } from "../../domain/errors.ts";
import { hashToken } from "../../domain/account/tokens.ts";
import { isOrderId } from "../../domain/order/orders.ts";
import { toSessionUser } from "../../domain/account/users.ts";
import { findMagicLink } from "../../kv/magic_links.ts";
import { openOrderLink } from "../../accounts/open_order_link.ts";
import { sendSignInLink, signIn } from "../../accounts/sign_in.ts";
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

/** The same answer for every address (accounts/sign_in.ts), so it says nobody has an account. */
authApi.post("/request-magic-link", valid("json", z.object({ email: emailSchema })), async (c) => {
  await sendSignInLink(c.var.deps, c.req.valid("json").email, clientAddress(c), () => markSignInBrowser(c));
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
  const { user, sessionToken } = await signIn(c.var.deps, token);
  setSessionCookie(c, sessionToken);
  return c.json({
    token: sessionToken,
    user: toSessionUser(user, c.var.deps.config),
    message: MESSAGES.signedIn,
  });
}

/**
 * A delivery email's link (customer-side §7): signs the holder in as the address the link was sent
 * to (a gift's recipient becomes their own user, not the parent) and lets that user see the order.
 */
authApi.get("/magic-link/:orderId", async (c) => {
  const orderId = c.req.param("orderId");
  const token = c.req.query("t");
  if (!token || !isOrderId(orderId)) throw new BadRequestError(MESSAGES.badOrderLink);
  const { user, created, sessionToken, greeting } = await openOrderLink(
    c.var.deps,
    orderId,
    token,
    clientAddress(c),
  );
  setSessionCookie(c, sessionToken);
  return c.json({
    token: sessionToken,
    user: toSessionUser(user, c.var.deps.config),
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
