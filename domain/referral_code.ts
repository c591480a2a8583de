import type { Discount } from "./pricing.ts";
import {
  REFERRAL_CODE_CHARACTERS,
  REFERRAL_CODE_MAX,
  REFERRAL_CODE_MESSAGE,
  REFERRAL_CODE_MIN,
  REFERRAL_CODE_TOO_LONG,
  REFERRAL_CODE_TOO_SHORT,
} from "./referral_code_text.ts";

/**
 * The referral rules the order page shares with the server, kept free of Zod so the page does not
 * ship it (~94 KB gzip). domain/referrals.ts builds `referralCodeSchema` on `parseReferralCode`, so
 * the browser and the API can never disagree about a code.
 */

/** Customer-side §1: friends of a customer get 50 % off their first order. */
export const FRIEND_DISCOUNT: Discount = { type: "percentage", value: 50 };

/**
 * What a referral code offers before anyone pays: its discount, and whether it is for a first order
 * (a customer's own code). Whether it applies to this buyer is decided at checkout.
 */
export interface ReferralOffer {
  code: string;
  discount: Discount;
  firstOrderOnly: boolean;
}

export type ReferralCodeParse = { ok: true; code: string } | { ok: false; message: string };

/**
 * Staff-side §5: trimmed, upper case, 3–20 letters, digits, `_` or `-`. Length is checked after upper
 * casing (as the schema always did: "ß" becomes "SS"), and a code that is both too short and made of
 * bad characters is called too short, the first problem the schema named.
 */
export function parseReferralCode(raw: string): ReferralCodeParse {
  const code = raw.trim().toUpperCase();
  if (code.length < REFERRAL_CODE_MIN) return { ok: false, message: REFERRAL_CODE_TOO_SHORT };
  if (code.length > REFERRAL_CODE_MAX) return { ok: false, message: REFERRAL_CODE_TOO_LONG };
  if (!REFERRAL_CODE_CHARACTERS.test(code)) return { ok: false, message: REFERRAL_CODE_MESSAGE };
  return { ok: true, code };
}
