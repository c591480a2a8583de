import { canonicalEmail } from "../domain/referral/canonical_email.ts";
import {
  isFirstOrderCode,
  type ReferralCode,
  type ReferralRefusal,
  refuseReferral,
} from "../domain/referral/referrals.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";
import { hasOrders } from "./orders.ts";

/**
 * A referral use held for a checkout that is not paid yet, so that checkouts begun at once cannot
 * each use up the same last use of a code. The rules are checked and the hold written in one atomic operation:
 * a limited code keeps its live holds in one entry, so "uses + holds ≤ limit" cannot be raced, and
 * a first-order code holds the buyer's canonical address, so no alias stacks a second discount.
 * Fulfilment turns the hold into a counted use in the write that makes the order; an expired or
 * abandoned checkout releases it (the checkout.session.expired webhook), and every hold also ends
 * by itself shortly after its session can no longer be paid.
 */
export interface ReferralHold {
  holdId: string;
  codeId: string;
  /** The buyer's canonical address. */
  buyer: string;
  /** ms; after this the hold no longer counts. */
  expiresAt: number;
  sessionId: string | null;
  /** Whether the buyer's first-order slot is held too. */
  firstOrder: boolean;
}

type HoldEntry = Pick<ReferralHold, "buyer" | "expiresAt" | "sessionId">;
type CodeHolds = Record<string, HoldEntry>;

/**
 * A code's entry must stay within KV's 64 KiB value limit; a limited code with this many unpaid
 * checkouts open at once is refused as exhausted until some finish.
 */
export const MAX_LIVE_HOLDS = 300;

export type HoldAnswer =
  | { ok: true; hold: ReferralHold; code: ReferralCode }
  /** `blockedBy`: the same buyer's own open checkout that holds what they now ask for, if any. */
  | { ok: false; refusal: ReferralRefusal; blockedBy: string | null };

/** Whether anyone reaching this address's mailbox (any alias) has a paid order. */
export async function buyerHasOrders(kv: Deno.Kv, email: string): Promise<boolean> {
  const [exact, buyer] = await Promise.all([
    hasOrders(kv, email),
    kv.get(keys.orderOfBuyer(canonicalEmail(email))),
  ]);
  return exact || buyer.value !== null;
}

/** Checks the rules for `buyerEmail` and holds one use of the code until `expiresAt`, atomically. */
export function holdReferralUse(
  kv: Deno.Kv,
  codeId: string,
  buyerEmail: string,
  now: number,
  expiresAt: number,
): Promise<HoldAnswer> {
  const buyer = canonicalEmail(buyerEmail);
  return retryOnConflict(`referral hold on ${codeId}`, async () => {
    const [codeEntry, holdsEntry, firstEntry, buyerEntry] = await kv.getMany<
      [ReferralCode, CodeHolds, ReferralHold, string]
    >([
      keys.referralCode(codeId),
      keys.referralHolds(codeId),
      keys.firstOrderHold(buyer),
      keys.orderOfBuyer(buyer),
    ]);
    const code = codeEntry.value;
    const holds = liveHolds(holdsEntry.value, now);
    const hasPaid = buyerEntry.value !== null || await hasOrders(kv, buyerEmail);
    const refusal = refuseReferral(code, buyerEmail, hasPaid, now, Object.keys(holds).length);
    if (refusal || !code) {
      const own = Object.values(holds).find((hold) => hold.buyer === buyer && hold.sessionId);
      return { ok: false, refusal: refusal ?? "unknown", blockedBy: own?.sessionId ?? null };
    }
    const firstOrder = isFirstOrderCode(code);
    const heldFirst = firstEntry.value && firstEntry.value.expiresAt > now ? firstEntry.value : null;
    if (firstOrder && heldFirst) {
      return { ok: false, refusal: "not-first-order", blockedBy: heldFirst.sessionId };
    }
    const limited = code.usageLimit !== null;
    if (limited && Object.keys(holds).length >= MAX_LIVE_HOLDS) {
      return { ok: false, refusal: "exhausted", blockedBy: null };
    }
    const hold: ReferralHold = {
      holdId: crypto.randomUUID(),
      codeId,
      buyer,
      expiresAt,
      sessionId: null,
      firstOrder,
    };
    const expireIn = Math.max(expiresAt - now, 1000);
    const operation = kv.atomic().check(codeEntry, holdsEntry, firstEntry, buyerEntry);
    if (limited) {
      const next = { ...holds, [hold.holdId]: { buyer, expiresAt, sessionId: null } };
      operation.set(keys.referralHolds(codeId), next, { expireIn: latest(next) - now });
    }
    if (firstOrder) operation.set(keys.firstOrderHold(buyer), hold, { expireIn });
    return (await operation.commit()).ok ? { ok: true, hold, code } : CONFLICT;
  });
}

/** Ties a hold to the checkout session made for it, so the session's end can find it. */
export function attachHold(kv: Deno.Kv, hold: ReferralHold, sessionId: string, now: number): Promise<void> {
  const attached = { ...hold, sessionId };
  return retryOnConflict(`referral hold ${hold.holdId}`, async () => {
    const [holdsEntry, firstEntry] = await kv.getMany<[CodeHolds, ReferralHold]>([
      keys.referralHolds(hold.codeId),
      keys.firstOrderHold(hold.buyer),
    ]);
    const expireIn = Math.max(hold.expiresAt - now, 1000);
    const operation = kv.atomic().check(holdsEntry, firstEntry)
      .set(keys.sessionHold(sessionId), attached, { expireIn });
    const holds = holdsEntry.value;
    if (holds?.[hold.holdId]) {
      const next = { ...holds, [hold.holdId]: { ...holds[hold.holdId], sessionId } };
      operation.set(holdsEntry.key, next, { expireIn: Math.max(latest(next) - now, 1000) });
    }
    if (firstEntry.value?.holdId === hold.holdId) operation.set(firstEntry.key, attached, { expireIn });
    return (await operation.commit()).ok ? undefined : CONFLICT;
  });
}

/** Gives a hold back (its checkout failed, expired or was replaced). Releasing twice is harmless. */
export function releaseHold(kv: Deno.Kv, hold: ReferralHold, now: number): Promise<void> {
  return retryOnConflict(`referral hold ${hold.holdId}`, async () => {
    const operation = kv.atomic();
    await spendHold(kv, operation, hold, now);
    return (await operation.commit()).ok ? undefined : CONFLICT;
  });
}

/** The hold a checkout session carries, or null (no code, or its hold already ended). */
export async function holdOfSession(kv: Deno.Kv, sessionId: string): Promise<ReferralHold | null> {
  return (await kv.get<ReferralHold>(keys.sessionHold(sessionId))).value;
}

export async function releaseHoldOfSession(kv: Deno.Kv, sessionId: string, now: number): Promise<void> {
  const hold = await holdOfSession(kv, sessionId);
  if (hold) await releaseHold(kv, hold, now);
}

/**
 * Adds to `operation` the end of a hold, guarded by what was read: fulfilment calls it in the write
 * that makes the order (the use is then counted there), release in a write of its own.
 */
export async function spendHold(
  kv: Deno.Kv,
  operation: Deno.AtomicOperation,
  hold: ReferralHold,
  now: number,
): Promise<void> {
  const [holdsEntry, firstEntry] = await kv.getMany<[CodeHolds, ReferralHold]>([
    keys.referralHolds(hold.codeId),
    keys.firstOrderHold(hold.buyer),
  ]);
  operation.check(holdsEntry, firstEntry);
  if (hold.sessionId) operation.delete(keys.sessionHold(hold.sessionId));
  const holds = holdsEntry.value;
  if (holds?.[hold.holdId]) {
    const { [hold.holdId]: _spent, ...rest } = liveHolds(holds, now);
    if (Object.keys(rest).length === 0) operation.delete(holdsEntry.key);
    else operation.set(holdsEntry.key, rest, { expireIn: Math.max(latest(rest) - now, 1000) });
  }
  if (firstEntry.value?.holdId === hold.holdId) operation.delete(firstEntry.key);
}

/** How many uses of a code other checkouts hold right now (fulfilment's re-check). */
export async function heldUses(kv: Deno.Kv, codeId: string, now: number, except?: string): Promise<number> {
  const holds = liveHolds((await kv.get<CodeHolds>(keys.referralHolds(codeId))).value, now);
  return Object.keys(holds).filter((holdId) => holdId !== except).length;
}

function liveHolds(holds: CodeHolds | null, now: number): CodeHolds {
  return Object.fromEntries(Object.entries(holds ?? {}).filter(([, hold]) => hold.expiresAt > now));
}

function latest(holds: CodeHolds): number {
  return Math.max(...Object.values(holds).map((hold) => hold.expiresAt));
}
