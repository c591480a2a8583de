import type { ReferralCode } from "../domain/referrals.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

export async function getReferralCode(kv: Deno.Kv, id: string): Promise<ReferralCode | null> {
  return (await kv.get<ReferralCode>(keys.referralCode(id))).value;
}

export async function getReferralCodeByCode(kv: Deno.Kv, code: string): Promise<ReferralCode | null> {
  const id = (await kv.get<string>(keys.referralCodeByCode(code.toUpperCase()))).value;
  return id ? await getReferralCode(kv, id) : null;
}

/**
 * Adds a new code and its indexes to `operation`, guarded so the code text (and, for a customer's
 * own code, the owner) is still free when it commits.
 */
export function writeNewReferralCode(operation: Deno.AtomicOperation, code: ReferralCode) {
  operation
    .check({ key: keys.referralCodeByCode(code.code), versionstamp: null })
    .set(keys.referralCode(code.id), code)
    .set(keys.referralCodeByCode(code.code), code.id);
  if (code.ownerEmail) {
    operation
      .check({ key: keys.referralCodeByOwner(code.ownerEmail), versionstamp: null })
      .set(keys.referralCodeByOwner(code.ownerEmail), code.id);
  }
  return operation;
}

/** Remembers the payment provider's coupon and promotion ids for a code, so they are made once. */
export function savePromotionIds(
  kv: Deno.Kv,
  id: string,
  ids: { stripeCouponId: string | null; stripePromoId: string | null },
  now: number,
): Promise<void> {
  return retryOnConflict(`referral code ${id}`, async () => {
    const entry = await kv.get<ReferralCode>(keys.referralCode(id));
    if (!entry.value) return undefined;
    const updated = { ...entry.value, ...ids, updatedAt: new Date(now).toISOString() };
    const result = await kv.atomic().check(entry).set(keys.referralCode(id), updated).commit();
    return result.ok ? undefined : CONFLICT;
  });
}
