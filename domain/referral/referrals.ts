import { z } from "zod";
import { sameBuyer } from "./canonical_email.ts";
import { cappedDiscount, type Discount, type DiscountType } from "../order/pricing.ts";
import { FRIEND_DISCOUNT, parseReferralCode, type ReferralOffer } from "./code.ts";

export { FRIEND_DISCOUNT, REFERRAL_CODE_MESSAGE } from "./code.ts";

/**
 * Staff-side §5: 3–20 letters, digits, `_` or `-`, always upper case. The rule itself is
 * `parseReferralCode`, which the order page runs too; only its first problem is reported.
 */
export const referralCodeSchema = z.string().transform((raw, context) => {
  const parsed = parseReferralCode(raw);
  if (parsed.ok) return parsed.code;
  context.issues.push({ code: "custom", message: parsed.message, input: raw });
  return z.NEVER;
});

/** Staff-side §3, referral code. `ownerEmail` marks a customer's own code (for the self-referral rule). */
export interface ReferralCode {
  id: string;
  code: string;
  discountType: DiscountType;
  discountValue: number;
  usageLimit: number | null;
  usageCount: number;
  isActive: boolean;
  expiresAt: string | null;
  description: string;
  stripePromoId: string | null;
  stripeCouponId: string | null;
  /** The limits `stripePromoId` was made with (promotionTermsOf); other terms need a new one. */
  stripePromoTerms?: string | null;
  createdBy: string | null;
  sourceOrderId: string | null;
  ownerEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ReferralRefusal = "unknown" | "inactive" | "expired" | "exhausted" | "self" | "not-first-order";

export const REFERRAL_REFUSALS: Record<ReferralRefusal, string> = {
  unknown: "This referral code doesn't exist. Please check it and try again.",
  inactive: "This referral code is no longer active.",
  expired: "This referral code has expired.",
  exhausted: "This referral code has been used the maximum number of times.",
  self: "You can't use your own referral code. Share it with friends instead!",
  "not-first-order": "Referral codes are for a first order only.",
};

/**
 * Why a code cannot be used for this order, or null when it can. Pure: the caller supplies whether
 * the buyer (any alias of their address, see domain/referral/canonical_email.ts) has paid orders already,
 * and how many uses other checkouts hold but have not paid yet (kv/referral_holds.ts). The same
 * rules run when a checkout starts and again when a payment is fulfilled (orders/fulfil.ts).
 */
export function refuseReferral(
  code: ReferralCode | null,
  buyerEmail: string,
  buyerHasOrders: boolean,
  now: number,
  heldUses = 0,
): ReferralRefusal | null {
  if (!code) return "unknown";
  if (!code.isActive) return "inactive";
  if (code.expiresAt && Date.parse(code.expiresAt) <= now) return "expired";
  if (code.usageLimit !== null && code.usageCount + heldUses >= code.usageLimit) return "exhausted";
  if (code.ownerEmail && sameBuyer(code.ownerEmail, buyerEmail)) return "self";
  if (isFirstOrderCode(code) && buyerHasOrders) return "not-first-order";
  return null;
}

/** A customer's own code is for friends' first orders; staff's codes have no such rule. */
export function isFirstOrderCode(code: Pick<ReferralCode, "ownerEmail">): boolean {
  return code.ownerEmail !== null;
}

/** What the order page may show for a code that is live, whoever the buyer turns out to be. */
export function offerOf(code: ReferralCode): ReferralOffer {
  return {
    code: code.code,
    discount: cappedDiscount(discountOf(code)),
    firstOrderOnly: isFirstOrderCode(code),
  };
}

export function discountOf(code: ReferralCode): Discount {
  return { type: code.discountType, value: code.discountValue };
}

/**
 * A customer's personal code: their child's name (letters only, up to 8) and 4 characters that
 * cannot be misread (no 0/O, 1/I/L), e.g. "MIA-7K3Q". Easy to say aloud, hard to guess.
 */
export function personalCodeFor(
  childName: string,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(4)),
) {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const stem = childName.normalize("NFKD").replace(/[^A-Za-z]/g, "").toUpperCase().slice(0, 8) || "FRIEND";
  const tail = Array.from(random.slice(0, 4), (byte) => alphabet[byte % alphabet.length]).join("");
  return `${stem}-${tail}`;
}

/**
 * The code a customer's first paid order leaves them to share: a friend's first order at
 * FRIEND_DISCOUNT, without limit or expiry. `code` is for tests that need a known text.
 */
export function ownReferralCode(
  owner: { email: string; childName: string; orderId: string; orderNumber: number },
  now: number,
  code = personalCodeFor(owner.childName),
): ReferralCode {
  const stamp = new Date(now).toISOString();
  return {
    id: crypto.randomUUID(),
    code,
    discountType: FRIEND_DISCOUNT.type,
    discountValue: FRIEND_DISCOUNT.value,
    usageLimit: null,
    usageCount: 0,
    isActive: true,
    expiresAt: null,
    description: `Shared by the buyer of order #${owner.orderNumber}`,
    stripePromoId: null,
    stripeCouponId: null,
    createdBy: null,
    sourceOrderId: owner.orderId,
    ownerEmail: owner.email,
    createdAt: stamp,
    updatedAt: stamp,
  };
}
