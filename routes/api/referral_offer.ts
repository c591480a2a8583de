import { Hono } from "hono";
import { BadRequestError, ReferralRefusedError } from "../../domain/errors.ts";
import { emailSchema } from "../../domain/account/sign_in_limits.ts";
import { parseReferralCode } from "../../domain/referral/code.ts";
import {
  isFirstOrderCode,
  offerOf,
  REFERRAL_REFUSALS,
  refuseReferral,
} from "../../domain/referral/referrals.ts";
import { getReferralCodeByCode } from "../../kv/referral_codes.ts";
import { buyerHasOrders } from "../../kv/referral_holds.ts";
import type { AppEnv } from "../request_context.ts";
import {
  limitPerClient,
  REFERRAL_BUYER_CHECK_LIMIT,
  REFERRAL_CHECK_LIMIT,
  spendClientAllowance,
} from "../middleware/client_limit.ts";
import { describeIssue } from "./validate.ts";

/**
 * GET /api/referral-offer/:code?email=: what a friend's code takes off, so the order page shows the
 * price that will be charged from the start. Without `email` only the code's own rules are checked
 * (known, active, not expired, not used up); with the parent's address, also theirs (their own code,
 * a first order), as checkout will check them, so the page says so as soon as the address is typed.
 * A 422 says why a code cannot be used, in the checkout's words.
 *
 * The buyer's rules tell whether an address has paid for a song before, which starting a checkout
 * with the code tells too. So that this door tells no more than that one, an answer that depends on
 * the address (a customer's code: staff codes have no buyer rules) spends the checkout's allowance.
 */
export const referralOfferApi = new Hono<AppEnv>();

referralOfferApi.get("/referral-offer/:code", limitPerClient(REFERRAL_CHECK_LIMIT), async (c) => {
  const { kv, clock } = c.var.deps;
  const parsed = parseReferralCode(c.req.param("code"));
  if (!parsed.ok) throw new ReferralRefusedError(parsed.message);
  const typed = c.req.query("email");
  const email = typed === undefined ? null : emailSchema.safeParse(typed);
  if (email && !email.success) throw new BadRequestError(describeIssue(email.error.issues[0]));
  const code = await getReferralCodeByCode(kv, parsed.code);
  const refusal = refuseReferral(code, "", false, clock.now());
  if (refusal || !code) throw new ReferralRefusedError(REFERRAL_REFUSALS[refusal ?? "unknown"]);
  if (email && isFirstOrderCode(code)) {
    await spendClientAllowance(c, REFERRAL_BUYER_CHECK_LIMIT);
    const buyer = email.data;
    const theirs = refuseReferral(code, buyer, await buyerHasOrders(kv, buyer), clock.now());
    if (theirs) throw new ReferralRefusedError(REFERRAL_REFUSALS[theirs]);
  }
  return c.json(offerOf(code));
});
