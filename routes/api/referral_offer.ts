import { Hono } from "hono";
import { ReferralRefusedError } from "../../domain/errors.ts";
import { parseReferralCode } from "../../domain/referral_code.ts";
import { offerOf, REFERRAL_REFUSALS, refuseReferral } from "../../domain/referrals.ts";
import { getReferralCodeByCode } from "../../kv/referral_codes.ts";
import type { AppEnv } from "../env.ts";
import { limitPerClient, REFERRAL_CHECK_LIMIT } from "../middleware/client_limit.ts";

/**
 * GET /api/referral-offer/:code: what a friend's code takes off, so the order page shows the price
 * that will be charged from the start. Only the code's own rules are checked here (known, active,
 * not expired, not used up); the buyer's (their own code, a first order) are checked when they pay,
 * and the page then offers full price. A 422 says why a code cannot be used, in the checkout's words.
 */
export const referralOfferApi = new Hono<AppEnv>();

referralOfferApi.get("/referral-offer/:code", limitPerClient(REFERRAL_CHECK_LIMIT), async (c) => {
  const { kv, clock } = c.var.deps;
  const parsed = parseReferralCode(c.req.param("code"));
  if (!parsed.ok) throw new ReferralRefusedError(parsed.message);
  const code = await getReferralCodeByCode(kv, parsed.code);
  const refusal = refuseReferral(code, "", false, clock.now());
  if (refusal || !code) throw new ReferralRefusedError(REFERRAL_REFUSALS[refusal ?? "unknown"]);
  return c.json(offerOf(code));
});
