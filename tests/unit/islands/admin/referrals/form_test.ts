import { assert, assertEquals } from "@std/assert";
import { MAX_PERCENT_OFF } from "../../../../../domain/order/pricing.ts";
import type { ReferralCode } from "../../../../../domain/referral/referrals.ts";
import {
  bodyOf,
  canSubmit,
  centsOf,
  codeCharacterProblem,
  codeInput,
  emptyReferralForm,
  EXPIRED_WARNING,
  expiryWarning,
  formOf,
  problemsOf,
  type ReferralForm,
  valueNote,
  withDiscountType,
} from "../../../../../islands/admin/referrals/form.ts";

const CODE_MESSAGE = "Code must contain only letters, numbers, underscores, and hyphens";

const form = (overrides: Partial<ReferralForm> = {}): ReferralForm => ({
  ...emptyReferralForm(),
  code: "SUMMER10",
  ...overrides,
});

const stored = (overrides: Partial<ReferralCode> = {}): ReferralCode => ({
  id: "code-1",
  code: "SPRING",
  discountType: "fixed_amount",
  discountValue: 500,
  usageLimit: 25,
  usageCount: 3,
  isActive: false,
  expiresAt: "2026-04-30T23:59:59.999Z",
  description: "Spring mailing",
  stripePromoId: "promo_1",
  stripeCouponId: "coupon_1",
  createdBy: "boss@example.com",
  sourceOrderId: null,
  ownerEmail: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

Deno.test("a new code starts as 10% off, unlimited, without expiry, active", () => {
  assertEquals(emptyReferralForm(), {
    code: "",
    discountType: "percentage",
    value: "10",
    description: "",
    usageLimit: "",
    expiresAt: "",
    isActive: true,
  });
});

Deno.test("codes are forced to upper case as typed, spaces dropped", () => {
  assertEquals(codeInput("summer-10_x"), "SUMMER-10_X");
  assertEquals(codeInput("big sale"), "BIGSALE");
});

Deno.test("the submit button waits for a code and a value above 0", () => {
  assertEquals(canSubmit(form()), true);
  assertEquals(canSubmit(form({ code: "  " })), false);
  assertEquals(canSubmit(form({ value: "0" })), false);
  assertEquals(canSubmit(form({ value: "-5" })), false);
  assertEquals(canSubmit(form({ value: "" })), false);
  assertEquals(canSubmit(form({ value: "abc" })), false);
  assertEquals(canSubmit(form({ discountType: "fixed_amount", value: "0.50" })), true);
});

Deno.test("the code: 3 to 20 letters, digits, _ or -, with the spec's message for other characters", () => {
  assertEquals(problemsOf(form()), {});
  assertEquals(problemsOf(form({ code: "A_B-9" })), {});
  assertEquals(problemsOf(form({ code: "AB" })).code, "Code must be at least 3 characters");
  assertEquals(problemsOf(form({ code: "A".repeat(21) })).code, "Code must be at most 20 characters");
  assertEquals(problemsOf(form({ code: "A".repeat(20) })), {});
  assertEquals(problemsOf(form({ code: "SALE!" })).code, CODE_MESSAGE);
  assertEquals(problemsOf(form({ code: "SALÉ" })).code, CODE_MESSAGE);
  assertEquals(codeCharacterProblem("SAL"), undefined, "a short code is not flagged while typing");
  assertEquals(codeCharacterProblem("SAL$"), CODE_MESSAGE);
});

Deno.test("a percentage is from 1 to 97, with at most two decimals as the server keeps them", () => {
  for (const value of ["1", "50", "97", "12.5", "33.33"]) {
    assertEquals(problemsOf(form({ value })).value, undefined, value);
  }
  for (const value of ["0", "0.5", "98", "100", "101", "100.01", "12.345", "ten", ""]) {
    assertEquals(
      problemsOf(form({ value })).value,
      "Enter a percentage from 1 to 97: every order must still cost at least $0.50",
      value,
    );
  }
});

Deno.test("a fixed amount is dollars with at most two decimals, above 0", () => {
  const fixed = (value: string) => problemsOf(form({ discountType: "fixed_amount", value })).value;
  for (const value of ["5", "5.5", "5.00", "0.01", ".50", "24.49"]) {
    assertEquals(fixed(value), undefined, value);
  }
  for (const value of ["24.50", "250"]) {
    assertEquals(fixed(value), "Enter at most $24.49: every order must still cost at least $0.50", value);
  }
  for (const value of ["0", "0.00", "5.001", "-5", "$5", "5,00", ""]) {
    assertEquals(fixed(value), "Enter an amount in dollars above 0, like 5.00", value);
  }
});

Deno.test("dollars become whole cents without floating-point drift", () => {
  assertEquals(centsOf("5"), 500);
  assertEquals(centsOf("5.5"), 550);
  assertEquals(centsOf("19.99"), 1999);
  assertEquals(centsOf("0.29"), 29);
  assertEquals(centsOf(".5"), 50);
  assertEquals(centsOf(" 10.10 "), 1010);
});

Deno.test("the usage limit is a positive whole number or empty; the expiry a real date or empty", () => {
  assertEquals(problemsOf(form({ usageLimit: "25" })), {});
  for (const usageLimit of ["0", "-1", "2.5", "many"]) {
    assertEquals(
      problemsOf(form({ usageLimit })).usageLimit,
      "Usage limit must be a whole number of 1 or more, or empty for unlimited",
      usageLimit,
    );
  }
  assertEquals(problemsOf(form({ expiresAt: "2026-06-30" })), {});
  assertEquals(
    problemsOf(form({ expiresAt: "2026-13-45" })).expiresAt,
    "Enter a valid date, or leave it empty for no expiry",
  );
});

Deno.test("the API body: upper-case code, cents for a fixed amount, null for no limit and no expiry", () => {
  assertEquals(bodyOf(form({ code: " summer10 ", description: "  Summer  " }), false), {
    code: "SUMMER10",
    discountType: "percentage",
    discountValue: 10,
    usageLimit: null,
    expiresAt: null,
    description: "Summer",
  });
  assertEquals(
    bodyOf(
      form({ discountType: "fixed_amount", value: "5.00", usageLimit: "25", expiresAt: "2026-06-30" }),
      false,
    ),
    {
      code: "SUMMER10",
      discountType: "fixed_amount",
      discountValue: 500,
      usageLimit: 25,
      expiresAt: "2026-06-30",
      description: "",
    },
  );
});

Deno.test("an edit sends the Active switch; the hidden payment-provider ids are never sent", () => {
  const body = bodyOf(form({ isActive: false }), true);
  assertEquals(body.isActive, false);
  assertEquals("stripePromoId" in body || "stripeCouponId" in body, false);
  assertEquals("isActive" in bodyOf(form(), false), false);
});

Deno.test("editing fills the form from the stored code, cents shown back as dollars", () => {
  assertEquals(formOf(stored()), {
    code: "SPRING",
    discountType: "fixed_amount",
    value: "5.00",
    description: "Spring mailing",
    usageLimit: "25",
    expiresAt: "2026-04-30",
    isActive: false,
  });
  const percent = formOf(
    stored({ discountType: "percentage", discountValue: 15, usageLimit: null, expiresAt: null }),
  );
  assertEquals([percent.value, percent.usageLimit, percent.expiresAt], ["15", "", ""]);
  // A round trip changes nothing the admin did not touch.
  assertEquals(bodyOf(formOf(stored()), true), {
    code: "SPRING",
    discountType: "fixed_amount",
    discountValue: 500,
    usageLimit: 25,
    expiresAt: "2026-04-30",
    description: "Spring mailing",
    isActive: false,
  });
});

Deno.test("switching the discount type empties the value: 10 percent is not 10 dollars", () => {
  const percent = form({ value: "10" });
  const fixed = withDiscountType(percent, "fixed_amount");
  assertEquals([fixed.discountType, fixed.value], ["fixed_amount", ""]);
  assertEquals(fixed.code, "SUMMER10", "the rest of the form is kept");
  const back = withDiscountType({ ...fixed, value: "5.00" }, "percentage");
  assertEquals([back.discountType, back.value], ["percentage", ""]);
  assertEquals(canSubmit(back), false, "nothing to save until a value is typed again");
  // Choosing the type it already has changes nothing.
  assertEquals(withDiscountType(percent, "percentage"), percent);
});

Deno.test("an expiry already over is a warning, not a problem: the form still saves", () => {
  const now = Date.parse("2026-05-10T12:00:00Z");
  const yesterday = form({ expiresAt: "2026-05-09" });
  assertEquals(expiryWarning(yesterday, now), EXPIRED_WARNING);
  assertEquals(EXPIRED_WARNING, "This code has already expired, so nobody can use it.");
  assertEquals(problemsOf(yesterday), {});
  assertEquals(bodyOf(yesterday, false).expiresAt, "2026-05-09");
  // Today runs to its end (UTC), as the server stores the day: still usable.
  assertEquals(expiryWarning(form({ expiresAt: "2026-05-10" }), now), undefined);
  assertEquals(
    expiryWarning(form({ expiresAt: "2026-05-10" }), Date.parse("2026-05-11T00:00:00Z")),
    EXPIRED_WARNING,
  );
  assertEquals(expiryWarning(form({ expiresAt: "" }), now), undefined);
  assertEquals(expiryWarning(form({ expiresAt: "not a day" }), now), undefined, "a problem says that one");
});

Deno.test("100% off is refused; at the largest discount a note says what customers still pay", () => {
  assertEquals(MAX_PERCENT_OFF, 97);
  assert(problemsOf(form({ value: "100" })).value, "100% off is an error, not a warning");
  assertEquals(valueNote(form({ value: "100" })), undefined);
  assertEquals(valueNote(form({ value: "50" })), undefined);
  assertEquals(
    valueNote(form({ value: String(MAX_PERCENT_OFF) })),
    "The largest discount allowed: customers pay $0.75 for a song ($1.05 with streaming).",
  );
  assertEquals(
    valueNote(form({ discountType: "fixed_amount", value: "24.49" })),
    "The largest discount allowed: customers pay $0.50 for a song ($10.50 with streaming).",
  );
  assertEquals(valueNote(form({ discountType: "fixed_amount", value: "5" })), undefined);
});
