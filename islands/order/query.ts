import { parseReferralCode, REFERRAL_PARAM } from "../../domain/referral/code.ts";
import { PAYMENT_PARAM } from "../../domain/order/checkout.ts";

export { REFERRAL_PARAM };

/** What the `ref` query parameter of /order brings (customer-side §2): nothing, a code, or a bad one. */
export type ReferralParam =
  | { kind: "none" }
  | { kind: "valid"; code: string }
  | { kind: "invalid"; message: string };

export function referralParam(params: URLSearchParams): ReferralParam {
  const raw = params.get(REFERRAL_PARAM);
  if (raw === null || raw.trim() === "") return { kind: "none" };
  const parsed = parseReferralCode(raw);
  return parsed.ok ? { kind: "valid", code: parsed.code } : { kind: "invalid", message: parsed.message };
}

/**
 * Parameters left over from a payment round trip: read once when the page opens (payment_notice.ts),
 * then they mean nothing to the form.
 */
export const PAYMENT_PARAMS = ["payment_success", "session_id", PAYMENT_PARAM];

/**
 * The address to show instead of `url` once payment parameters are dropped (only `ref` is kept),
 * or null when there is nothing to clean.
 */
export function cleanedAddress(url: URL): string | null {
  if (!PAYMENT_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const ref = url.searchParams.get(REFERRAL_PARAM);
  const query = ref === null ? "" : `?${new URLSearchParams({ [REFERRAL_PARAM]: ref })}`;
  return url.pathname + query + url.hash;
}
