import { z } from "zod";
import { plainString } from "../text_schema.ts";
import {
  type DiscountType,
  formatCents,
  MAX_AMOUNT_OFF_CENTS,
  MAX_PERCENT_OFF,
  MINIMUM_CHARGE_CENTS,
} from "../order/pricing.ts";
import { type ReferralCode, referralCodeSchema } from "./referrals.ts";

/**
 * What staff send to create or edit a referral code (staff-side §5, the admin API contract), and
 * what an edit does to the code's Stripe coupon and promotion code. Pure: kv/ and the route do the
 * writing and the calling.
 */

export const REFERRAL_CODE_TAKEN = "A referral code with this text already exists.";
export const REFERRAL_CODE_NOT_FOUND = "Referral code not found.";
export const DESCRIPTION_MAX_CHARS = 2000;

export const REFERRAL_FORM_MESSAGES = {
  code: "Please enter a code",
  discountType: "Discount type must be percentage or fixed_amount",
  discountValue: "Discount value must be a number greater than 0",
  percentageTooHigh: `A percentage discount can be at most ${MAX_PERCENT_OFF}%, so every order still costs ` +
    `at least $${formatCents(MINIMUM_CHARGE_CENTS)} (the card processor's minimum charge)`,
  percentageDecimals: "A percentage discount can have at most 2 decimal places",
  fixedAmountCents: "A fixed amount is in cents and must be a whole number",
  fixedAmountTooHigh: `A fixed amount can be at most ${MAX_AMOUNT_OFF_CENTS} cents ($${
    formatCents(MAX_AMOUNT_OFF_CENTS)
  }), so every order still costs at least $${
    formatCents(MINIMUM_CHARGE_CENTS)
  } (the card processor's minimum charge)`,
  usageLimit: "Usage limit must be a whole number greater than 0, or empty for unlimited",
  expiresAt: "Expiry must be a date (YYYY-MM-DD), an ISO date-time, or empty for never",
  description: "Description must be at most 2,000 characters",
  isActive: "isActive must be true or false",
  stripeId: "Stripe ids must be text of at most 255 characters",
} as const;

const M = REFERRAL_FORM_MESSAGES;

const codeField = z.string({ error: M.code }).pipe(referralCodeSchema);
const discountTypeField = z.enum(["percentage", "fixed_amount"], { error: M.discountType });
const discountValueField = z.number({ error: M.discountValue }).positive(M.discountValue);
const usageLimitField = z.number({ error: M.usageLimit }).int(M.usageLimit).positive(M.usageLimit).nullable();
const descriptionField = plainString({ error: M.description }).max(DESCRIPTION_MAX_CHARS, M.description)
  .nullable().transform((text) => text ?? "");
const isActiveField = z.boolean({ error: M.isActive });
/** Empty means "not given": a form that always sends its hidden Stripe fields must not wipe ours. */
const stripeIdField = z.string({ error: M.stripeId }).trim().max(255, M.stripeId).nullable()
  .transform((id) => id || undefined);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A date means "valid through that day": the end of the day in UTC, so a code set to expire on the
 * 31st still works for every customer on the 31st. A date-time is taken as given.
 */
const expiresAtField = z.string({ error: M.expiresAt }).trim().nullable().transform((value, context) => {
  if (!value) return null;
  if (DATE_ONLY.test(value)) {
    const endOfDay = new Date(`${value}T23:59:59.999Z`);
    // `new Date` rolls 2026-02-30 over into March; a date that does not round-trip does not exist.
    if (!Number.isNaN(endOfDay.getTime()) && endOfDay.toISOString().slice(0, 10) === value) {
      return endOfDay.toISOString();
    }
  } else if (isoDateTime.safeParse(value).success) {
    return new Date(value).toISOString();
  }
  context.addIssue({ code: "custom", message: M.expiresAt });
  return z.NEVER;
});

/** Why a discount cannot be used, or null: a percentage is 0–100, a fixed amount whole cents. */
export function discountProblem(type: DiscountType, value: number): string | null {
  if (!(value > 0)) return M.discountValue;
  if (type === "percentage") {
    if (value > MAX_PERCENT_OFF) return M.percentageTooHigh;
    // Stripe keeps percent_off to two decimals; more would make its discount differ from ours.
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-9) return M.percentageDecimals;
    return null;
  }
  if (!Number.isInteger(value)) return M.fixedAmountCents;
  if (value > MAX_AMOUNT_OFF_CENTS) return M.fixedAmountTooHigh;
  return null;
}

export const referralCodeCreateSchema = z.object({
  code: codeField,
  discountType: discountTypeField,
  discountValue: discountValueField,
  usageLimit: usageLimitField.optional().transform((limit) => limit ?? null),
  expiresAt: expiresAtField.optional().transform((date) => date ?? null),
  description: descriptionField.optional().transform((text) => text ?? ""),
  isActive: isActiveField.optional().transform((active) => active ?? true),
  stripePromoId: stripeIdField.optional(),
  stripeCouponId: stripeIdField.optional(),
}).superRefine((form, context) => {
  const problem = discountProblem(form.discountType, form.discountValue);
  if (problem) context.addIssue({ code: "custom", message: problem, path: ["discountValue"] });
});

/**
 * An edit: the create form with every field optional, so a field left out stays as it is (the
 * dashboard sends them all; a script may send only `isActive`). The discount is checked once it is
 * merged with the stored one (see editedReferralCode).
 */
export const referralCodePatchSchema = z.object({
  code: codeField.optional(),
  discountType: discountTypeField.optional(),
  discountValue: discountValueField.optional(),
  usageLimit: usageLimitField.optional(),
  expiresAt: expiresAtField.optional(),
  description: descriptionField.optional(),
  isActive: isActiveField.optional(),
  stripePromoId: stripeIdField.optional(),
  stripeCouponId: stripeIdField.optional(),
});

export type ReferralCodeCreate = z.output<typeof referralCodeCreateSchema>;
export type ReferralCodePatch = z.output<typeof referralCodePatchSchema>;

/** A code staff made: no owner (that marks a customer's own code), no order it came from. */
export function newReferralCode(
  form: ReferralCodeCreate,
  meta: { id: string; createdBy: string; now: number },
): ReferralCode {
  const stamp = new Date(meta.now).toISOString();
  return {
    id: meta.id,
    code: form.code,
    discountType: form.discountType,
    discountValue: form.discountValue,
    usageLimit: form.usageLimit,
    usageCount: 0,
    isActive: form.isActive,
    expiresAt: form.expiresAt,
    description: form.description,
    stripePromoId: form.stripePromoId ?? null,
    stripeCouponId: form.stripeCouponId ?? null,
    createdBy: meta.createdBy,
    sourceOrderId: null,
    ownerEmail: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/**
 * The code after an edit, or the reason it cannot be made (a discount that does not add up once
 * merged). What Stripe holds for the code follows from the change:
 * - a new discount needs a new coupon (Stripe's are immutable), and so a new promotion code;
 * - a new code text, new limits (usage limit, expiry), or turning the code off, ends its promotion
 *   code (which customers could still type on Stripe's page); the coupon can be reused.
 * Cleared ids are made again by the next checkout that uses the code (ensurePromotion). Ids staff
 * give explicitly win.
 */
export function editedReferralCode(
  current: ReferralCode,
  patch: ReferralCodePatch,
  now: number,
): { code: ReferralCode } | { problem: string } {
  const discountType = patch.discountType ?? current.discountType;
  const discountValue = patch.discountValue ?? current.discountValue;
  const problem = discountProblem(discountType, discountValue);
  if (problem) return { problem };

  const code = patch.code ?? current.code;
  const isActive = patch.isActive ?? current.isActive;
  // A form that sends the stored ids back unchanged has not chosen them: only new ids count as given.
  const givenCoupon = patch.stripeCouponId !== current.stripeCouponId ? patch.stripeCouponId : undefined;
  const givenPromo = patch.stripePromoId !== current.stripePromoId ? patch.stripePromoId : undefined;
  const newDiscount = discountType !== current.discountType || discountValue !== current.discountValue;
  const usageLimit = patch.usageLimit === undefined ? current.usageLimit : patch.usageLimit;
  const expiresAt = patch.expiresAt === undefined ? current.expiresAt : patch.expiresAt;
  // Stripe cannot change a promotion code's max_redemptions or expires_at: new limits need a new one.
  const newLimits = usageLimit !== current.usageLimit || expiresAt !== current.expiresAt;
  const promotionEnds = newDiscount || newLimits || code !== current.code || !isActive || !!givenCoupon;
  return {
    code: {
      ...current,
      code,
      discountType,
      discountValue,
      usageLimit,
      expiresAt,
      description: patch.description ?? current.description,
      isActive,
      stripeCouponId: givenCoupon ?? (newDiscount ? null : current.stripeCouponId),
      stripePromoId: givenPromo ?? (promotionEnds ? null : current.stripePromoId),
      // Absent until a promotion is made (orders/checkout_referral.ts); a new or ended one has no terms yet.
      ...(current.stripePromoTerms === undefined
        ? {}
        : { stripePromoTerms: givenPromo || promotionEnds ? null : current.stripePromoTerms }),
      updatedAt: new Date(now).toISOString(),
    },
  };
}

/**
 * The Stripe promotion code to turn off after a change: the one the code stopped pointing at. Left
 * active, customers could still type it on Stripe's checkout page for the old discount.
 */
export function promotionToDeactivate(before: ReferralCode, after: ReferralCode | null): string | null {
  const old = before.stripePromoId;
  return old && old !== after?.stripePromoId ? old : null;
}
