import { type Discount, priceOfDiscount } from "../domain/order/pricing.ts";
import type { LocalCheckoutSession } from "../domain/order/checkout.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export async function saveLocalSession(kv: Deno.Kv, session: LocalCheckoutSession) {
  await kv.set(keys.localCheckout(session.id), session, { expireIn: SESSION_TTL_MS * 14 });
}

export async function getLocalSession(kv: Deno.Kv, id: string): Promise<LocalCheckoutSession | null> {
  return (await kv.get<LocalCheckoutSession>(keys.localCheckout(id))).value;
}

/** Changes an open session; answers the session afterwards, or null when it is unknown or not open. */
function changeOpenSession(
  kv: Deno.Kv,
  id: string,
  change: (session: LocalCheckoutSession) => LocalCheckoutSession,
): Promise<LocalCheckoutSession | null> {
  return retryOnConflict(`local checkout ${id}`, async () => {
    const entry = await kv.get<LocalCheckoutSession>(keys.localCheckout(id));
    if (!entry.value || entry.value.status !== "open") return null;
    const next = change(entry.value);
    const result = await kv.atomic().check(entry).set(keys.localCheckout(id), next, {
      expireIn: SESSION_TTL_MS * 14,
    }).commit();
    return result.ok ? next : CONFLICT;
  });
}

export function applyLocalPromotion(kv: Deno.Kv, id: string, code: string, discount: Discount) {
  return changeOpenSession(kv, id, (session) => {
    const amountDiscount = priceOfDiscount(session.amountSubtotal, discount);
    return {
      ...session,
      promotionCode: code,
      // One code per session, as on Stripe: the use held for it is the session's only one.
      allowPromotionCodes: false,
      amountDiscount,
      amountTotal: session.amountSubtotal - amountDiscount,
    };
  });
}

/**
 * The card was "charged": the session completes, paid, exactly once. Past its expiry it expires
 * instead, as Stripe's would, so a referral use held for it cannot be spent after its release.
 */
export function payLocalSession(kv: Deno.Kv, id: string, now: number = Date.now()) {
  return changeOpenSession(
    kv,
    id,
    (session) =>
      session.expiresAt && Date.parse(session.expiresAt) <= now
        ? { ...session, status: "expired" }
        : { ...session, status: "complete", paid: true },
  );
}

/** Ends an open session unpaid; answers it afterwards, or the session as it is when it was not open. */
export async function expireLocalSession(kv: Deno.Kv, id: string): Promise<LocalCheckoutSession | null> {
  return await changeOpenSession(kv, id, (session) => ({ ...session, status: "expired" })) ??
    await getLocalSession(kv, id);
}

/** Records a refund of a paid session; answers the session, or null when it was not paid. */
export function refundLocalSession(kv: Deno.Kv, id: string, cents: number) {
  return retryOnConflict(`local checkout ${id}`, async () => {
    const entry = await kv.get<LocalCheckoutSession>(keys.localCheckout(id));
    if (!entry.value?.paid) return null;
    const next = { ...entry.value, refundedCents: (entry.value.refundedCents ?? 0) + cents };
    const result = await kv.atomic().check(entry).set(keys.localCheckout(id), next, {
      expireIn: SESSION_TTL_MS * 14,
    }).commit();
    return result.ok ? next : CONFLICT;
  });
}
