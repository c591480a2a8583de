import type { Discount } from "../order/pricing.ts";

/**
 * The one home of what a referral code may look like (staff-side §5), and the referral rules the
 * order page shares with the server. The order page and the dashboard check codes in
 * the browser without shipping the validation library (~94 KB gzip): domain/referral/referrals.ts builds
 * `referralCodeSchema` on `parseReferralCode`, domain/order/orders.ts checks the order's code with
 * `isReferralCode`, and the dashboard's form (islands/admin/referrals/form.ts) with the two problem
 * functions below, so no two of them can disagree about a code.
 */

export const REFERRAL_CODE_MESSAGE = "Code must contain only letters, numbers, underscores, and hyphens";
export const REFERRAL_CODE_CHARACTERS = /^[A-Z0-9_-]+$/;
export const REFERRAL_CODE_MIN = 3;
export const REFERRAL_CODE_MAX = 20;
export const REFERRAL_CODE_TOO_SHORT = `Code must be at least ${REFERRAL_CODE_MIN} characters`;
export const REFERRAL_CODE_TOO_LONG = `Code must be at most ${REFERRAL_CODE_MAX} characters`;

/** Customer-side §1: friends of a customer get 50 % off their first order. */
export const FRIEND_DISCOUNT: Discount = { type: "percentage", value: 50 };

/** The address parameter that brings a friend's code, on any page of the site. */
export const REFERRAL_PARAM = "ref";

/**
 * Where a code that arrived in an address is kept until the order form uses it: a first-party cookie
 * the server sets on whichever page the link opened (routes/middleware/referral_arrival.ts), so the
 * landing page's "Create Your Song", another tab or a visit a few days later still gets the discount.
 * Readable by the page on purpose: the code is not a secret (its owner shares it), and the form
 * forgets it itself when the parent goes on at full price.
 */
export const REFERRAL_COOKIE = "lh_referral";
/**
 * How long an arrived code is kept: long enough for a friend to come back at the weekend or after
 * payday, as shops' referral links usually allow. The code's own expiry and rules still decide.
 */
export const REFERRAL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The link a code's owner shares: the site root with the code as `ref` (any page keeps it). */
export function referralLink(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, "")}/?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}

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

/** A code's length problem, or undefined when it is 3–20 characters long. */
export function referralCodeLengthProblem(code: string): string | undefined {
  if (code.length < REFERRAL_CODE_MIN) return REFERRAL_CODE_TOO_SHORT;
  if (code.length > REFERRAL_CODE_MAX) return REFERRAL_CODE_TOO_LONG;
  return undefined;
}

/**
 * A code's character problem, or undefined when it is only letters, digits, `_` or `-` (upper case).
 * Nothing typed yet is no character problem: the dashboard checks the characters as a code is typed.
 */
export function referralCodeCharacterProblem(code: string): string | undefined {
  return code === "" || REFERRAL_CODE_CHARACTERS.test(code) ? undefined : REFERRAL_CODE_MESSAGE;
}

/**
 * Staff-side §5: trimmed, upper case, 3–20 letters, digits, `_` or `-`. Length is checked after upper
 * casing (as the schema always did: "ß" becomes "SS"), and a code that is both too short and made of
 * bad characters is called too short, the first problem the schema named.
 */
export function parseReferralCode(raw: string): ReferralCodeParse {
  const code = raw.trim().toUpperCase();
  const problem = referralCodeLengthProblem(code) ?? referralCodeCharacterProblem(code);
  return problem ? { ok: false, message: problem } : { ok: true, code };
}

/** Whether text (already trimmed and upper case) is a referral code as it is stored. */
export function isReferralCode(code: string): boolean {
  return (referralCodeLengthProblem(code) ?? referralCodeCharacterProblem(code)) === undefined;
}
