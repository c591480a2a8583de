import type { Remembered } from "../lib/hydrate_strategy.ts";
import { USER_KEY } from "../lib/session.ts";
import { PAYMENT_PARAMS, REFERRAL_PARAM } from "./query.ts";
import { REFERRAL_COOKIE } from "../../domain/referral/code.ts";
import { DRAFT_KEY } from "./storage.ts";

/**
 * What the order form shows from the browser rather than the server, each read once it hydrates:
 * a referral code in the address or kept from an earlier page, a payment round trip's notice, the
 * draft of a reload or a cancelled checkout, and a stored demo user. With any of them present the form
 * hydrates at once (islands/mod.ts); without, it waits for the parent's first touch.
 */
export const ORDER_FORM_RESTORES: readonly Remembered[] = [
  `query:${REFERRAL_PARAM}`,
  ...PAYMENT_PARAMS.map((name): Remembered => `query:${name}`),
  `cookie:${REFERRAL_COOKIE}`,
  `session:${DRAFT_KEY}`,
  `local:${USER_KEY}`,
];
