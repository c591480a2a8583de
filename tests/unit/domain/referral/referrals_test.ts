import { assertEquals } from "@std/assert";
import { type ReferralCode, refuseReferral } from "../../../../domain/referral/referrals.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const CODE: ReferralCode = {
  id: "c1",
  code: "MIA-7K3Q",
  discountType: "percentage",
  discountValue: 50,
  usageLimit: 2,
  usageCount: 1,
  isActive: true,
  expiresAt: null,
  description: "",
  stripePromoId: null,
  stripeCouponId: null,
  createdBy: null,
  sourceOrderId: "o1",
  ownerEmail: "alice.smith@gmail.com",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

Deno.test("refuseReferral: uses held by unpaid checkouts count against the limit", () => {
  assertEquals(refuseReferral(CODE, "friend@example.com", false, NOW), null);
  assertEquals(refuseReferral(CODE, "friend@example.com", false, NOW, 1), "exhausted");
  assertEquals(refuseReferral({ ...CODE, usageLimit: null }, "friend@example.com", false, NOW, 99), null);
});

Deno.test("refuseReferral: the owner is refused under any alias of their address", () => {
  for (const alias of ["alice.smith@gmail.com", "AliceSmith+x@googlemail.com", "a.l.i.c.e.smith@gmail.com"]) {
    assertEquals(refuseReferral(CODE, alias, false, NOW), "self", alias);
  }
  assertEquals(refuseReferral(CODE, "alice.smith@example.com", false, NOW), null, "another domain");
});

Deno.test("refuseReferral: a customer's code is for first orders; a staff code is not", () => {
  assertEquals(refuseReferral(CODE, "friend@example.com", true, NOW), "not-first-order");
  assertEquals(refuseReferral({ ...CODE, ownerEmail: null }, "friend@example.com", true, NOW), null);
});
