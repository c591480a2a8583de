import type { ReferralCode } from "../../../domain/referral/referrals.ts";

/** How the Referral Codes list reads a code (staff-side §2 and §5). */

/** 'N% off', or '$X.XX off' for a fixed amount, which is stored in cents. */
export function discountText(code: Pick<ReferralCode, "discountType" | "discountValue">): string {
  return code.discountType === "fixed_amount"
    ? `$${(code.discountValue / 100).toFixed(2)} off`
    : `${code.discountValue}% off`;
}

/** 'count / limit', or 'count / ∞' for a code without a limit. */
export function usageText(code: Pick<ReferralCode, "usageCount" | "usageLimit">): string {
  return `${code.usageCount} / ${code.usageLimit ?? "∞"}`;
}

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Revenue in cents as dollars with thousands separated: 123450 → '$1,234.50'. */
export function revenueText(cents: number): string {
  return DOLLARS.format(cents / 100);
}

/**
 * The calendar day of an expiry ('YYYY-MM-DD' or an ISO time), read from its first ten characters:
 * the form sends the day the admin picked, and reading it through a time zone could move it a day.
 */
export function expiryDay(expiresAt: string | null): string | null {
  const day = expiresAt?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
  return day ?? null;
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** 'Mar 1, 2026', or 'Never' for a code that does not expire. */
export function expiresText(expiresAt: string | null): string {
  const day = expiryDay(expiresAt);
  return day ? DAY_FORMAT.format(new Date(`${day}T00:00:00Z`)) : "Never";
}

/** Whether the code's last day is over; `now` is passed in so the rule stays testable. */
export function hasExpired(expiresAt: string | null, now: number): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= now;
}

// The share link has one home, shared with the order confirmation email.
export { referralLink } from "../../../domain/referral/code.ts";
