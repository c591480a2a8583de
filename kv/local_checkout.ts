import { type Discount, priceOfDiscount } from "../domain/pricing.ts";
import type { LocalCheckoutSession } from "../domain/checkout.ts";
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
      amountDiscount,
      amountTotal: session.amountSubtotal - amountDiscount,
    };
  });
}

/** The card was "charged": the session completes, paid, exactly once. */
export function payLocalSession(kv: Deno.Kv, id: string) {
  return changeOpenSession(kv, id, (session) => ({ ...session, status: "complete", paid: true }));
}
