import { promotionTermsOf } from "../domain/referral/promotion_terms.ts";
import {
  NO_REFERRAL_STATS,
  type ReferralCodeStats,
  type ReferralCodeWithStats,
} from "../domain/referral/stats.ts";
import type { ReferralCode } from "../domain/referral/referrals.ts";
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

/**
 * Remembers the payment provider's coupon and promotion ids for a code, so they are made once.
 * `madeFor` is the code as it was when the ids were made: if staff changed its text, discount or
 * limits meanwhile (which clears the ids, see domain/referral/code_form.ts), the ids are for the old
 * terms and are not stored, so the next checkout makes the right ones.
 */
export function savePromotionIds(
  kv: Deno.Kv,
  id: string,
  ids: { stripeCouponId: string | null; stripePromoId: string | null },
  now: number,
  madeFor: Parameters<typeof promotionTermsOf>[0],
): Promise<void> {
  const terms = promotionTermsOf(madeFor);
  return retryOnConflict(`referral code ${id}`, async () => {
    const entry = await kv.get<ReferralCode>(keys.referralCode(id));
    if (!entry.value) return undefined;
    if (promotionTermsOf(entry.value) !== terms) return undefined;
    const updated = {
      ...entry.value,
      ...ids,
      stripePromoTerms: terms,
      updatedAt: new Date(now).toISOString(),
    };
    const result = await kv.atomic().check(entry).set(keys.referralCode(id), updated).commit();
    return result.ok ? undefined : CONFLICT;
  });
}

/** Every code, staff's and customers' own, newest first (the admin's Referral Codes tab). */
export async function listReferralCodes(kv: Deno.Kv): Promise<ReferralCode[]> {
  const codes: ReferralCode[] = [];
  for await (const entry of kv.list<ReferralCode>({ prefix: keys.referralCodes() })) codes.push(entry.value);
  // Ids are random UUIDs, so key order says nothing about age; the id only breaks ties.
  return codes.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Every code as listReferralCodes answers it, each with its figures: the counters writeOrder keeps
 * (domain/referral/stats.ts), read in one pass over their prefix. A code no paid order used has none.
 */
export async function listReferralCodesWithStats(kv: Deno.Kv): Promise<ReferralCodeWithStats[]> {
  const stats = new Map<string, ReferralCodeStats>();
  for await (const entry of kv.list<Deno.KvU64>({ prefix: keys.referralCodeStats() })) {
    const [, code, stat] = entry.key as ReturnType<typeof keys.referralCodeStat>;
    const figures = stats.get(code) ?? { ...NO_REFERRAL_STATS };
    figures[stat === "orders" ? "orders" : "revenueCents"] = Number(entry.value.value);
    stats.set(code, figures);
  }
  return (await listReferralCodes(kv)).map((code) => ({
    ...code,
    ...(stats.get(code.code) ?? NO_REFERRAL_STATS),
  }));
}

/** Stores a new code with its indexes, or answers "taken" when its text is already in use. */
export async function createReferralCode(kv: Deno.Kv, code: ReferralCode): Promise<"created" | "taken"> {
  const result = await writeNewReferralCode(kv.atomic(), code).commit();
  // The only checks are "text free" (and "owner has none" for a customer's code): a lost commit is a
  // taken text, whichever request got there first.
  return result.ok ? "created" : "taken";
}

export type ReferralCodeEdit = { before: ReferralCode; after: ReferralCode } | "missing" | "taken";

/**
 * Changes a code with `edit` (given the stored code; it may throw to refuse). A new text moves the
 * by-code index in the same atomic write, guarded so two codes can never end up with one text;
 * the usage count a concurrent order adds is never lost (the write is checked against the read).
 */
export function updateReferralCode(
  kv: Deno.Kv,
  id: string,
  edit: (current: ReferralCode) => ReferralCode,
): Promise<ReferralCodeEdit> {
  return retryOnConflict(`referral code ${id}`, async () => {
    const entry = await kv.get<ReferralCode>(keys.referralCode(id));
    if (!entry.value) return "missing";
    const before = entry.value;
    const after = { ...edit(before), id };
    const operation = kv.atomic().check(entry).set(keys.referralCode(id), after);
    const renamed = after.code !== before.code;
    if (renamed) {
      const oldIndex = await kv.get<string>(keys.referralCodeByCode(before.code));
      operation
        .check({ key: keys.referralCodeByCode(after.code), versionstamp: null })
        .set(keys.referralCodeByCode(after.code), id);
      if (oldIndex.value === id) operation.check(oldIndex).delete(oldIndex.key);
    }
    if ((await operation.commit()).ok) return { before, after };
    if (renamed) {
      const holder = (await kv.get<string>(keys.referralCodeByCode(after.code))).value;
      if (holder && holder !== id) return "taken";
    }
    return CONFLICT;
  });
}

/** Removes a code and the indexes that point at it in one write; null when there was none. */
export function deleteReferralCode(kv: Deno.Kv, id: string): Promise<ReferralCode | null> {
  return retryOnConflict(`referral code ${id}`, async () => {
    const entry = await kv.get<ReferralCode>(keys.referralCode(id));
    if (!entry.value) return null;
    const code = entry.value;
    const indexKeys: Deno.KvKey[] = [keys.referralCodeByCode(code.code)];
    if (code.ownerEmail) indexKeys.push(keys.referralCodeByOwner(code.ownerEmail));
    const operation = kv.atomic().check(entry).delete(entry.key);
    // An index that points at another code (never expected) is that code's, and is left alone.
    for (const index of await kv.getMany<string[]>(indexKeys)) {
      if (index.value === id) operation.check(index).delete(index.key);
    }
    return (await operation.commit()).ok ? code : CONFLICT;
  });
}
