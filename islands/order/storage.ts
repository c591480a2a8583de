import { isReferralCode, REFERRAL_COOKIE } from "../../domain/referral/code.ts";
import { forgetCookie, readCookie } from "../lib/cookies.ts";
import { USER_KEY } from "../lib/session.ts";
import { readStoredJson, writeStored } from "../lib/storage.ts";
import { type OrderValues, pendingOrderDataOf, restoreValues } from "./values.ts";

/**
 * The order page's browser storage (customer-side §3, client storage). Session storage holds what
 * belongs to this tab's visit: the form draft that survives a reload. Local storage holds what the
 * payment return page reads after the round trip to checkout. A friend's referral code is kept in a
 * cookie the server sets on whichever page its link opened (domain/referral/code.ts, REFERRAL_COOKIE).
 * Storage can be blocked (private modes, quotas): every access is best-effort and never throws.
 */
/** The draft outlives checkout on purpose, so a cancelled payment comes back to a filled form. */
export const DRAFT_KEY = "orderFormDraft";
export const PENDING_ORDER_KEY = "pendingOrderData";
export const LAST_CHILD_NAME_KEY = "lastChildName";

/** The friend's code kept from the link that brought this browser, if it still looks like one. */
export function loadReferralCode(): string | null {
  const code = readCookie(REFERRAL_COOKIE);
  return code !== null && isReferralCode(code) ? code : null;
}

/** The parent went on at full price, or the code no longer applies: later visits start without it. */
export function forgetReferralCode() {
  forgetCookie(REFERRAL_COOKIE);
}

/** The saved draft laid over `base`, or null when there is none. */
export function loadDraft(base: OrderValues): OrderValues | null {
  const stored = readStoredJson<unknown>(DRAFT_KEY, "session");
  return stored ? restoreValues(stored, base) : null;
}

/**
 * What was typed before a payment that did not go through: this tab's draft, or else the pending
 * order the form kept for the payment page (it outlives the tab, as checkout may open a new one).
 */
export function loadUnpaidOrder(base: OrderValues): OrderValues | null {
  const pending = readStoredJson<unknown>(PENDING_ORDER_KEY);
  return loadDraft(base) ?? (pending ? restoreValues(pending, base) : null);
}

export function saveDraft(values: OrderValues | null) {
  writeStored(DRAFT_KEY, values && JSON.stringify(values), "session");
}

/**
 * An order is placed (paid, or a demo user's made): the next one in this tab ("Create Another Song",
 * or any way back to the form) starts with the same parent's name and email and a fresh child. It
 * replaces the draft, and like it lives only as long as the tab, so a shared computer's next visitor
 * does not find someone's address filled in.
 */
export function keepParentForNextOrder(order: { parentName?: unknown; parentEmail?: unknown }) {
  const text = (value: unknown) => typeof value === "string" ? value.trim() : "";
  const parent = { parentName: text(order.parentName), parentEmail: text(order.parentEmail) };
  writeStored(DRAFT_KEY, parent.parentName || parent.parentEmail ? JSON.stringify(parent) : null, "session");
}

/** What the payment return page needs to rebuild the order, and the name its waiting page shows. */
export function savePendingOrder(values: OrderValues) {
  writeStored(PENDING_ORDER_KEY, JSON.stringify(pendingOrderDataOf(values)));
  writeStored(LAST_CHILD_NAME_KEY, values.childName.trim());
}

/** Customer-side §6: demo users skip payment. The stored user says so (set at sign-in). */
export function storedUserIsDemo(): boolean {
  const user = readStoredJson<{ isDemo?: unknown }>(USER_KEY);
  return user?.isDemo === true;
}
