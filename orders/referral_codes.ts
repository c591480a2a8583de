import type { Deps } from "../deps.ts";
import { BadRequestError, ConflictError, NotFoundError } from "../domain/errors.ts";
import {
  editedReferralCode,
  newReferralCode,
  promotionToDeactivate,
  REFERRAL_CODE_NOT_FOUND,
  REFERRAL_CODE_TAKEN,
  type ReferralCodeCreate,
  type ReferralCodePatch,
} from "../domain/referral/code_form.ts";
import type { ReferralCode } from "../domain/referral/referrals.ts";
import { createReferralCode, deleteReferralCode, updateReferralCode } from "../kv/referral_codes.ts";

/**
 * Staff's referral codes (staff-side §2 Referral Codes tab, §5 validation). Our store is the truth;
 * Stripe follows it after each write (see followOnStripe), so a Stripe outage never loses an edit.
 * An edit or a removal answers, beside the code, a sentence for staff when Stripe could not follow.
 */
export interface ReferralCodeChange {
  code: ReferralCode;
  stripeNote: string;
}

export async function addReferralCode(
  deps: Pick<Deps, "kv" | "clock">,
  form: ReferralCodeCreate,
  createdBy: string,
): Promise<ReferralCode> {
  const code = newReferralCode(form, { id: crypto.randomUUID(), createdBy, now: deps.clock.now() });
  if (await createReferralCode(deps.kv, code) === "taken") throw new ConflictError(REFERRAL_CODE_TAKEN);
  return code;
}

export async function editReferralCode(
  deps: Pick<Deps, "kv" | "clock" | "providers">,
  id: string,
  patch: ReferralCodePatch,
): Promise<ReferralCodeChange> {
  const edit = await updateReferralCode(deps.kv, id, (current) => {
    const edited = editedReferralCode(current, patch, deps.clock.now());
    if ("problem" in edited) throw new BadRequestError(edited.problem);
    return edited.code;
  });
  if (edit === "missing") throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  if (edit === "taken") throw new ConflictError(REFERRAL_CODE_TAKEN);
  return { code: edit.after, stripeNote: await followOnStripe(deps, edit.before, edit.after) };
}

export async function removeReferralCode(
  deps: Pick<Deps, "kv" | "providers">,
  id: string,
): Promise<ReferralCodeChange> {
  const deleted = await deleteReferralCode(deps.kv, id);
  if (!deleted) throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  return { code: deleted, stripeNote: await followOnStripe(deps, deleted, null) };
}

/**
 * Turns off the Stripe promotion code a saved change left behind. The change is already stored,
 * so a failure here is reported to staff (with what to do by hand) instead of failing the request.
 * Answers a sentence to add to the message: empty when nothing needed saying.
 */
async function followOnStripe(
  deps: Pick<Deps, "providers">,
  before: ReferralCode,
  after: ReferralCode | null,
) {
  const promoId = promotionToDeactivate(before, after);
  if (!promoId) return "";
  try {
    await deps.providers.payments.deactivatePromotion(promoId);
    return "";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Referral code ${before.code}: Stripe promotion code ${promoId} is still active: ${reason}`);
    return ` Stripe could not be updated, so its promotion code ${promoId} may still be active: ` +
      `deactivate it in the Stripe dashboard.`;
  }
}
