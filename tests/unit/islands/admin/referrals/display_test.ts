import { assertEquals } from "@std/assert";
import {
  discountText,
  expiresText,
  expiryDay,
  hasExpired,
  referralLink,
  revenueText,
  usageText,
} from "../../../../../islands/admin/referrals/display.ts";

Deno.test("a percentage reads 'N% off'; a fixed amount is cents shown as '$X.XX off'", () => {
  assertEquals(discountText({ discountType: "percentage", discountValue: 10 }), "10% off");
  assertEquals(discountText({ discountType: "percentage", discountValue: 100 }), "100% off");
  assertEquals(discountText({ discountType: "fixed_amount", discountValue: 500 }), "$5.00 off");
  assertEquals(discountText({ discountType: "fixed_amount", discountValue: 1999 }), "$19.99 off");
  assertEquals(discountText({ discountType: "fixed_amount", discountValue: 5 }), "$0.05 off");
});

Deno.test("usage reads 'count / limit', or 'count / ∞' without a limit", () => {
  assertEquals(usageText({ usageCount: 3, usageLimit: 10 }), "3 / 10");
  assertEquals(usageText({ usageCount: 0, usageLimit: null }), "0 / ∞");
});

Deno.test("the expiry is the calendar day as picked, whatever the time zone; none reads 'Never'", () => {
  assertEquals(expiresText(null), "Never");
  assertEquals(expiresText("2026-03-01"), "Mar 1, 2026");
  // Stored as an instant late in the day: still the day that was picked, not the next one.
  assertEquals(expiresText("2026-03-01T23:59:59.999Z"), "Mar 1, 2026");
  assertEquals(expiryDay("2026-12-31T00:00:00.000Z"), "2026-12-31");
  assertEquals(expiryDay("soon"), null);
  assertEquals(expiresText("soon"), "Never");
});

Deno.test("a code has expired once its expiry time has passed, as the checkout rule reads it", () => {
  const now = Date.parse("2026-01-15T12:00:00Z");
  assertEquals(hasExpired(null, now), false);
  assertEquals(hasExpired("2026-01-16", now), false);
  assertEquals(hasExpired("2026-01-15T12:00:00Z", now), true);
  assertEquals(hasExpired("2025-12-31", now), true);
  assertEquals(hasExpired("not a date", now), false);
});

Deno.test("the shared link is the site root with the code as ref", () => {
  assertEquals(
    referralLink("https://littlehits.example", "SUMMER10"),
    "https://littlehits.example/?ref=SUMMER10",
  );
  assertEquals(
    referralLink("https://littlehits.example/", "MIA-7K3Q"),
    "https://littlehits.example/?ref=MIA-7K3Q",
  );
});

Deno.test("revenue reads as dollars with thousands separated", () => {
  assertEquals(revenueText(123450), "$1,234.50");
  assertEquals(revenueText(0), "$0.00");
  assertEquals(revenueText(75), "$0.75");
  assertEquals(revenueText(1_000_000_00), "$1,000,000.00");
});
