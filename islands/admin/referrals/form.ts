import {
  type DiscountType,
  formatCents,
  MAX_AMOUNT_OFF_CENTS,
  MAX_PERCENT_OFF,
  MINIMUM_CHARGE_CENTS,
  priceOrder,
} from "../../../domain/order/pricing.ts";
import { referralCodeCharacterProblem, referralCodeLengthProblem } from "../../../domain/referral/code.ts";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import { expiryDay, hasExpired } from "./display.ts";

/**
 * The create/edit form of a referral code (staff-side §5), kept as the text of its inputs so a
 * half-typed value is never lost. A fixed amount is typed in DOLLARS ('Amount ($)') and sent in
 * cents, the unit of the API and of the list, which fixes the spec's dollars-or-cents inconsistency.
 */
export interface ReferralForm {
  code: string;
  discountType: DiscountType;
  /** Percent for 'percentage', dollars for 'fixed_amount'. */
  value: string;
  description: string;
  /** Empty for unlimited. */
  usageLimit: string;
  /** 'YYYY-MM-DD' from the date input, empty for none. */
  expiresAt: string;
  isActive: boolean;
}

export type ReferralField = "code" | "value" | "usageLimit" | "expiresAt";
export type ReferralProblems = Partial<Record<ReferralField, string>>;

/** What the API takes for a create or an edit. The payment provider ids are left out on purpose:
 * their fields are hidden (no publishable key), and leaving them out keeps the stored ones. */
export interface ReferralCodeBody {
  code: string;
  discountType: DiscountType;
  discountValue: number;
  usageLimit: number | null;
  expiresAt: string | null;
  description: string;
  isActive?: boolean;
}

/** Staff-side §9: a new code starts as 10 % off. */
const DEFAULT_PERCENTAGE = "10";

const WHOLE_NUMBER = /^\d+$/;
/** The server keeps percentages to two decimals, as Stripe does. */
const PERCENT = /^\d+(\.\d{1,2})?$/;
const DOLLARS = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function emptyReferralForm(): ReferralForm {
  return {
    code: "",
    discountType: "percentage",
    value: DEFAULT_PERCENTAGE,
    description: "",
    usageLimit: "",
    expiresAt: "",
    isActive: true,
  };
}

/** The form filled with a stored code, cents shown back as dollars with two decimals. */
export function formOf(code: ReferralCode): ReferralForm {
  return {
    code: code.code,
    discountType: code.discountType,
    value: code.discountType === "fixed_amount"
      ? (code.discountValue / 100).toFixed(2)
      : String(code.discountValue),
    description: code.description,
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    expiresAt: expiryDay(code.expiresAt) ?? "",
    isActive: code.isActive,
  };
}

/** Codes are upper case whatever is typed (spaces never belong in one either). */
export function codeInput(text: string): string {
  return text.toUpperCase().replace(/\s+/g, "");
}

/** The typed value as a number, NaN when it is not one. */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? NaN : Number(trimmed);
}

/** Staff-side §5: the submit button waits for a code and a value above 0; the rest is checked on submit. */
export function canSubmit(form: ReferralForm): boolean {
  return form.code.trim() !== "" && numberOf(form.value) > 0;
}

/** The code's own problem, shown as it is typed: only the characters; length waits for submit. */
export function codeCharacterProblem(code: string): string | undefined {
  return referralCodeCharacterProblem(code.trim());
}

/** Every problem of the form, by field; empty when it can be sent. */
export function problemsOf(form: ReferralForm): ReferralProblems {
  const problems: ReferralProblems = {};
  const code = form.code.trim();
  // The characters first, as they are flagged while typing; the length only once it is sent.
  const codeProblem = referralCodeCharacterProblem(code) ?? referralCodeLengthProblem(code);
  if (codeProblem) problems.code = codeProblem;

  const value = form.value.trim();
  if (form.discountType === "percentage") {
    const percent = numberOf(value);
    if (!PERCENT.test(value) || percent < 1 || percent > MAX_PERCENT_OFF) {
      problems.value =
        `Enter a percentage from 1 to ${MAX_PERCENT_OFF}: every order must still cost at least $${
          formatCents(MINIMUM_CHARGE_CENTS)
        }`;
    }
  } else if (!DOLLARS.test(value) || centsOf(value) < 1) {
    problems.value = "Enter an amount in dollars above 0, like 5.00";
  } else if (centsOf(value) > MAX_AMOUNT_OFF_CENTS) {
    problems.value = `Enter at most $${
      formatCents(MAX_AMOUNT_OFF_CENTS)
    }: every order must still cost at least $${formatCents(MINIMUM_CHARGE_CENTS)}`;
  }

  const limit = form.usageLimit.trim();
  if (limit !== "" && (!WHOLE_NUMBER.test(limit) || Number(limit) < 1)) {
    problems.usageLimit = "Usage limit must be a whole number of 1 or more, or empty for unlimited";
  }

  if (form.expiresAt !== "" && (!DAY.test(form.expiresAt) || Number.isNaN(Date.parse(form.expiresAt)))) {
    problems.expiresAt = "Enter a valid date, or leave it empty for no expiry";
  }
  return problems;
}

/**
 * The form with another discount type. The value is emptied: "10" as a percentage is not "10" as
 * dollars, and a number kept across the switch would silently change what the code gives away.
 */
export function withDiscountType(form: ReferralForm, discountType: DiscountType): ReferralForm {
  if (discountType === form.discountType) return form;
  return { ...form, discountType, value: "" };
}

export const EXPIRED_WARNING = "This code has already expired, so nobody can use it.";

/**
 * A warning, not a problem: the chosen day is already over, so checkout would refuse the code. Staff
 * may mean it (to park a code), so the form still saves. The day runs to its end in UTC, as the
 * server stores it (domain/referral/code_form.ts), and is over by the same rule the list's "Expired"
 * badge and checkout use.
 */
export function expiryWarning(form: ReferralForm, now: number): string | undefined {
  if (!DAY.test(form.expiresAt)) return undefined;
  return hasExpired(`${form.expiresAt}T23:59:59.999Z`, now) ? EXPIRED_WARNING : undefined;
}

/**
 * At the largest discount allowed, what customers will still pay (the floor is the card processor's
 * minimum charge, so it is never $0): the song alone, and with the streaming add-on.
 */
export function valueNote(form: ReferralForm): string | undefined {
  if (problemsOf(form).value) return undefined;
  const value = form.value.trim();
  const discount = form.discountType === "percentage"
    ? { type: form.discountType, value: Number(value) }
    : { type: form.discountType, value: centsOf(value) };
  const atMost = form.discountType === "percentage" ? MAX_PERCENT_OFF : MAX_AMOUNT_OFF_CENTS;
  if (discount.value < atMost) return undefined;
  const song = priceOrder(false, discount).totalPrice;
  const withStreaming = priceOrder(true, discount).totalPrice;
  return `The largest discount allowed: customers pay $${formatCents(song)} for a song ($${
    formatCents(withStreaming)
  } with streaming).`;
}

/** Dollars as typed ('5', '5.5', '5.00') to whole cents, without floating-point drift. */
export function centsOf(dollars: string): number {
  const [whole, fraction = ""] = dollars.trim().split(".");
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/**
 * The API body of a valid form. `isActive` goes only with an edit: a new code is active (the
 * server's default), and the switch is shown only when editing.
 */
export function bodyOf(form: ReferralForm, editing: boolean): ReferralCodeBody {
  const value = form.value.trim();
  const limit = form.usageLimit.trim();
  return {
    code: form.code.trim().toUpperCase(),
    discountType: form.discountType,
    discountValue: form.discountType === "fixed_amount" ? centsOf(value) : Number(value),
    usageLimit: limit === "" ? null : Number(limit),
    expiresAt: form.expiresAt === "" ? null : form.expiresAt,
    description: form.description.trim(),
    ...(editing ? { isActive: form.isActive } : {}),
  };
}
