import { type Context, Hono } from "hono";
import { BadRequestError, ConflictError, NotFoundError } from "../../../domain/errors.ts";
import {
  editedReferralCode,
  newReferralCode,
  promotionToDeactivate,
  REFERRAL_CODE_NOT_FOUND,
  REFERRAL_CODE_TAKEN,
  referralCodeCreateSchema,
  referralCodePatchSchema,
} from "../../../domain/referral/code_form.ts";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import {
  createReferralCode,
  deleteReferralCode,
  listReferralCodesWithStats,
  updateReferralCode,
} from "../../../kv/referral_codes.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/**
 * Staff's referral codes (staff-side §2 Referral Codes tab, §5 validation). Our store is the truth;
 * Stripe follows it after each write (see syncStripe), so a Stripe outage never loses an edit.
 */
export const referralCodesAdminApi = new Hono<AppEnv>();

referralCodesAdminApi.use("/referral-codes", requireAdmin);
referralCodesAdminApi.use("/referral-codes/*", requireAdmin);

referralCodesAdminApi.get("/referral-codes", async (c) => {
  // Each code with its paid orders and their revenue (beyond the spec's list).
  return c.json({ codes: await listReferralCodesWithStats(c.var.deps.kv) });
});

referralCodesAdminApi.post("/referral-codes", valid("json", referralCodeCreateSchema), async (c) => {
  const { kv, clock } = c.var.deps;
  const code = newReferralCode(c.req.valid("json"), {
    id: crypto.randomUUID(),
    createdBy: currentUser(c).username,
    now: clock.now(),
  });
  if (await createReferralCode(kv, code) === "taken") throw new ConflictError(REFERRAL_CODE_TAKEN);
  return c.json({ message: `Referral code ${code.code} created.`, code }, 201);
});

referralCodesAdminApi.patch("/referral-codes/:id", valid("json", referralCodePatchSchema), async (c) => {
  const { kv, clock } = c.var.deps;
  const patch = c.req.valid("json");
  const edit = await updateReferralCode(kv, codeId(c), (current) => {
    const edited = editedReferralCode(current, patch, clock.now());
    if ("problem" in edited) throw new BadRequestError(edited.problem);
    return edited.code;
  });
  if (edit === "missing") throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  if (edit === "taken") throw new ConflictError(REFERRAL_CODE_TAKEN);
  const synced = await syncStripe(c, edit.before, edit.after);
  return c.json({ message: `Referral code ${edit.after.code} updated.${synced}`, code: edit.after });
});

referralCodesAdminApi.delete("/referral-codes/:id", async (c) => {
  const deleted = await deleteReferralCode(c.var.deps.kv, codeId(c));
  if (!deleted) throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  const synced = await syncStripe(c, deleted, null);
  return c.json({ message: `Referral code ${deleted.code} deleted.${synced}` });
});

/** Ids are our UUIDs; anything else is not looked up (a long one would not even fit in a KV key). */
function codeId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!/^[\w-]{1,64}$/.test(id)) throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  return id;
}

/**
 * Turns off the Stripe promotion code a saved change left behind. The change is already stored,
 * so a failure here is reported to staff (with what to do by hand) instead of failing the request.
 * Answers a sentence to add to the message: empty when nothing needed saying.
 */
async function syncStripe(c: Context<AppEnv>, before: ReferralCode, after: ReferralCode | null) {
  const promoId = promotionToDeactivate(before, after);
  if (!promoId) return "";
  try {
    await c.var.deps.providers.payments.deactivatePromotion(promoId);
    return "";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Referral code ${before.code}: Stripe promotion code ${promoId} is still active: ${reason}`);
    return ` Stripe could not be updated, so its promotion code ${promoId} may still be active: ` +
      `deactivate it in the Stripe dashboard.`;
  }
}
