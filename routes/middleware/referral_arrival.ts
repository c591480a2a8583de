import type { MiddlewareHandler } from "hono";
import { parseReferralCode, REFERRAL_PARAM } from "../../domain/referral/code.ts";
import type { AppEnv } from "../request_context.ts";
import { keepReferralCode } from "../session_cookie.ts";

/**
 * A friend's link may open any page (the confirmation email's opens `/?ref=CODE`): whichever page it
 * is, the code is kept for the order form (REFERRAL_COOKIE). Only its shape is checked here, so a page
 * view costs no store read and a stranger's made-up code leaves nothing on the server; the order form
 * asks whether it applies (GET /api/referral-offer, rate limited) and checkout decides. A code that
 * is not one (wrong characters, too long) changes nothing, and a later link's code replaces the
 * kept one: the friend whose link was opened last is the one who sent them.
 */
export function keepArrivingReferral(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.method === "GET" || c.req.method === "HEAD" ? c.req.query(REFERRAL_PARAM) : undefined;
    const parsed = raw === undefined ? null : parseReferralCode(raw);
    if (parsed?.ok) keepReferralCode(c, parsed.code);
    await next();
  };
}
