import { type Context, Hono } from "hono";
import { NotFoundError } from "../../../domain/errors.ts";
import {
  REFERRAL_CODE_NOT_FOUND,
  referralCodeCreateSchema,
  referralCodePatchSchema,
} from "../../../domain/referral/code_form.ts";
import { listReferralCodesWithStats } from "../../../kv/referral_codes.ts";
import { addReferralCode, editReferralCode, removeReferralCode } from "../../../orders/referral_codes.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/** Staff's referral codes (staff-side §2 Referral Codes tab; orders/referral_codes.ts). */
export const referralCodesAdminApi = new Hono<AppEnv>();

referralCodesAdminApi.use("/referral-codes", requireAdmin);
referralCodesAdminApi.use("/referral-codes/*", requireAdmin);

referralCodesAdminApi.get("/referral-codes", async (c) => {
  // Each code with its paid orders and their revenue (beyond the spec's list).
  return c.json({ codes: await listReferralCodesWithStats(c.var.deps.kv) });
});

referralCodesAdminApi.post("/referral-codes", valid("json", referralCodeCreateSchema), async (c) => {
  const code = await addReferralCode(c.var.deps, c.req.valid("json"), currentUser(c).username);
  return c.json({ message: `Referral code ${code.code} created.`, code }, 201);
});

referralCodesAdminApi.patch("/referral-codes/:id", valid("json", referralCodePatchSchema), async (c) => {
  const { code, stripeNote } = await editReferralCode(c.var.deps, codeId(c), c.req.valid("json"));
  return c.json({ message: `Referral code ${code.code} updated.${stripeNote}`, code });
});

referralCodesAdminApi.delete("/referral-codes/:id", async (c) => {
  const { code, stripeNote } = await removeReferralCode(c.var.deps, codeId(c));
  return c.json({ message: `Referral code ${code.code} deleted.${stripeNote}` });
});

/** Ids are our UUIDs; anything else is not looked up (a long one would not even fit in a KV key). */
function codeId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!/^[\w-]{1,64}$/.test(id)) throw new NotFoundError(REFERRAL_CODE_NOT_FOUND);
  return id;
}
