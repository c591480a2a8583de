import type { ReferralOffer } from "../../domain/referral_code.ts";
import { api } from "../lib/api.ts";
import { referralRefusal } from "./submit.ts";

/** What the page knows about the kept referral code: nothing yet, its offer, or why it is refused. */
export type ReferralCheck =
  | { kind: "checking"; code: string }
  | { kind: "offer"; offer: ReferralOffer }
  | { kind: "refused"; code: string; message: string }
  /** The check itself failed (offline, a 5xx): the code is still tried at checkout. */
  | { kind: "unchecked"; code: string };

export async function checkReferralCode(code: string): Promise<ReferralCheck> {
  try {
    const offer = await api<ReferralOffer>("GET", `/api/referral-offer/${encodeURIComponent(code)}`);
    return { kind: "offer", offer };
  } catch (error) {
    const refused = referralRefusal(error);
    return refused ? { kind: "refused", code, message: refused } : { kind: "unchecked", code };
  }
}
