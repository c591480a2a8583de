import { assertEquals } from "@std/assert";
import {
  discountProblem,
  editedReferralCode,
  promotionToDeactivate,
  REFERRAL_FORM_MESSAGES as M,
  referralCodePatchSchema,
} from "../../../../domain/referral/code_form.ts";
import type { ReferralCode } from "../../../../domain/referral/referrals.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");

const SYNCED: ReferralCode = {
  id: "c1",
  code: "SPRING",
  discountType: "percentage",
  discountValue: 25,
  usageLimit: null,
  usageCount: 3,
  isActive: true,
  expiresAt: null,
  description: "",
  stripePromoId: "promo_1",
  stripeCouponId: "CPN1",
  createdBy: "boss@example.com",
  sourceOrderId: null,
  ownerEmail: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function edit(patch: Record<string, unknown>): ReferralCode {
  const result = editedReferralCode(SYNCED, referralCodePatchSchema.parse(patch), NOW);
  if ("problem" in result) throw new Error(result.problem);
  return result.code;
}

const idsAfter = (patch: Record<string, unknown>) => {
  const after = edit(patch);
  return [after.stripeCouponId, after.stripePromoId, promotionToDeactivate(SYNCED, after)];
};

Deno.test("discountProblem: percentages up to 97 with 2 decimals, fixed amounts in whole cents", () => {
  assertEquals(discountProblem("percentage", 97), null);
  assertEquals(discountProblem("percentage", 100), M.percentageTooHigh, "a $0 order");
  assertEquals(discountProblem("fixed_amount", 2449), null);
  assertEquals(discountProblem("fixed_amount", 2450), M.fixedAmountTooHigh, "less than Stripe's $0.50");
  assertEquals(discountProblem("percentage", 0.29), null, "floating point does not count as a 3rd decimal");
  assertEquals(discountProblem("percentage", 100.01), M.percentageTooHigh);
  assertEquals(discountProblem("percentage", 10.125), M.percentageDecimals);
  assertEquals(discountProblem("fixed_amount", 1), null);
  assertEquals(discountProblem("fixed_amount", 2.5), M.fixedAmountCents);
  assertEquals(discountProblem("fixed_amount", 0), M.discountValue);
});

Deno.test("editedReferralCode: what each change does to the Stripe ids, and which promotion code ends", () => {
  assertEquals(idsAfter({ description: "new words" }), ["CPN1", "promo_1", null]);
  // Stripe cannot change a promotion code's limits: new ones need a new promotion code.
  assertEquals(idsAfter({ usageLimit: 5 }), ["CPN1", null, "promo_1"]);
  assertEquals(idsAfter({ expiresAt: "2026-12-31T23:59:59.999Z" }), ["CPN1", null, "promo_1"]);
  assertEquals(idsAfter({ discountValue: 25, discountType: "percentage" }), ["CPN1", "promo_1", null]);
  assertEquals(idsAfter({ discountValue: 30 }), [null, null, "promo_1"]);
  assertEquals(idsAfter({ discountType: "fixed_amount", discountValue: 25 }), [null, null, "promo_1"]);
  assertEquals(idsAfter({ code: "SUMMER" }), ["CPN1", null, "promo_1"]);
  assertEquals(idsAfter({ isActive: false }), ["CPN1", null, "promo_1"]);
  assertEquals(idsAfter({ stripeCouponId: "CPN1", stripePromoId: "promo_1", discountValue: 30 }), [
    null,
    null,
    "promo_1",
  ]);
  assertEquals(idsAfter({ stripePromoId: "promo_2" }), ["CPN1", "promo_2", "promo_1"]);
  assertEquals(idsAfter({ stripeCouponId: "CPN2", stripePromoId: "promo_2" }), [
    "CPN2",
    "promo_2",
    "promo_1",
  ]);
  assertEquals(idsAfter({ stripeCouponId: "CPN2" }), ["CPN2", null, "promo_1"]);
  assertEquals(idsAfter({ stripeCouponId: "", stripePromoId: null }), ["CPN1", "promo_1", null]);
  assertEquals(promotionToDeactivate(SYNCED, null), "promo_1", "a deleted code's promotion code ends");
  assertEquals(promotionToDeactivate({ ...SYNCED, stripePromoId: null }, null), null);
});

Deno.test("editedReferralCode: keeps what is not sent, and refuses a discount that no longer adds up", () => {
  const after = edit({ isActive: false });
  assertEquals({ ...after, isActive: true, stripePromoId: "promo_1" }, {
    ...SYNCED,
    updatedAt: new Date(NOW).toISOString(),
  });
  assertEquals(edit({ usageLimit: null, expiresAt: "2026-02-01" }).expiresAt, "2026-02-01T23:59:59.999Z");
  const refused = editedReferralCode(
    SYNCED,
    referralCodePatchSchema.parse({ discountType: "fixed_amount", discountValue: 12.5 }),
    NOW,
  );
  assertEquals(refused, { problem: M.fixedAmountCents });
});

Deno.test("a discount never takes an order below Stripe's $0.50 minimum charge", async () => {
  const { priceOrder, cappedDiscount } = await import("../../../../domain/order/pricing.ts");
  assertEquals(priceOrder(false, { type: "percentage", value: 100 }).totalPrice, 75, "capped at 97 %");
  assertEquals(priceOrder(false, { type: "fixed_amount", value: 99_999 }).totalPrice, 50);
  assertEquals(priceOrder(true, { type: "fixed_amount", value: 99_999 }).totalPrice, 1050, "the song's cap");
  assertEquals(cappedDiscount({ type: "percentage", value: 100 }), { type: "percentage", value: 97 });
});
