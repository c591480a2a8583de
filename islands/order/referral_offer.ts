import { hasEmailShape } from "../../domain/email/address.ts";
import type { ReferralOffer } from "../../domain/referral/code.ts";
import { api } from "../lib/api.ts";
import { referralRefusal } from "./submit.ts";

/** What the page knows about the kept referral code: nothing yet, its offer, or why it is refused. */
export type ReferralCheck =
  | { kind: "checking"; code: string }
  /** `buyer`: the address the offer was checked for (null: before one was typed). */
  | { kind: "offer"; offer: ReferralOffer; buyer: string | null }
  /**
   * `buyer` null: the code itself no longer applies (unknown, expired, used up). Otherwise it is
   * refused for this address (their own code, not a first order) and might apply to another one.
   */
  | { kind: "refused"; code: string; message: string; buyer: string | null }
  /** The check itself failed (offline, a 5xx, too many checks): the code is still tried at checkout. */
  | { kind: "unchecked"; code: string };

/** The address to check a code for: the parent's email once it looks like one, else none yet. */
export function buyerOf(email: string): string | null {
  const trimmed = email.trim();
  return hasEmailShape(trimmed) ? trimmed : null;
}

/** Asks the server whether `code` applies, and to `buyer` when one is given (routes/api/referral_offer.ts). */
export async function checkReferralCode(code: string, buyer: string | null): Promise<ReferralCheck> {
  const query = buyer === null ? "" : `?${new URLSearchParams({ email: buyer })}`;
  try {
    const offer = await api<ReferralOffer>("GET", `/api/referral-offer/${encodeURIComponent(code)}${query}`);
    return { kind: "offer", offer, buyer };
  } catch (error) {
    const refused = referralRefusal(error);
    return refused ? { kind: "refused", code, message: refused, buyer } : { kind: "unchecked", code };
  }
}

/**
 * The code checkout gets: none when the summary already says it does not apply to this address (the
 * parent pays what the page showed, without a second refusal), else the kept code, which checkout
 * judges again.
 */
export function codeForCheckout(code: string | null, check: ReferralCheck | null, email: string) {
  const refusedHere = check?.kind === "refused" && check.buyer !== null && check.buyer === buyerOf(email);
  return refusedHere ? null : code;
}
