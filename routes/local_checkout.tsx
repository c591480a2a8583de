import { type Context, Hono } from "hono";
import { ReferralRefusedError } from "../domain/errors.ts";
import { REFERRAL_REFUSALS, referralCodeSchema } from "../domain/referral/referrals.ts";
import { applyLocalPromotionCode, payLocalCheckout } from "../orders/local_checkout.ts";
import { getLocalSession } from "../kv/local_checkout.ts";
import { LocalCheckoutPage } from "../components/checkout/LocalCheckoutPage.tsx";
import type { AppEnv } from "./request_context.ts";
import { thisMachineOnly } from "./middleware/this_machine_only.ts";
import { renderPage } from "./render.tsx";

/**
 * The local checkout (ARCHITECTURE.md §3): our stand-in for Stripe's hosted page, mounted only when
 * no Stripe key is set outside production. Plain forms, no script: Pay marks the session paid,
 * fulfils it as Stripe's webhook would, and redirects to the success URL like Stripe does.
 */
export const localCheckout = new Hono<AppEnv>();

localCheckout.use("/checkout/local/*", thisMachineOnly);

localCheckout.get("/checkout/local/:id", (c) => show(c));

localCheckout.post("/checkout/local/:id/promo", async (c) => {
  const id = sessionIdOf(c);
  const session = id ? await getLocalSession(c.var.deps.kv, id) : null;
  if (!session || session.status !== "open" || !session.allowPromotionCodes) return show(c);
  // A body that is not a form (a multipart type without its boundary) reads as an empty one.
  const form = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  const typed = typeof form.promotionCode === "string" ? form.promotionCode.trim().toUpperCase() : "";
  if (!typed) return show(c, "Enter a promotion code.");
  // Not a code's shape: refused without a lookup (a long one would not even fit in a KV key).
  if (!referralCodeSchema.safeParse(typed).success) return show(c, REFERRAL_REFUSALS.unknown);
  try {
    if (!await applyLocalPromotionCode(c.var.deps, session, typed)) return show(c);
  } catch (error) {
    if (error instanceof ReferralRefusedError) return show(c, error.message);
    throw error;
  }
  return c.redirect(`/checkout/local/${session.id}`, 303);
});

localCheckout.post("/checkout/local/:id/pay", async (c) => {
  const id = sessionIdOf(c);
  const session = id && await payLocalCheckout(c.var.deps, id);
  if (!session) return show(c);
  return c.redirect(session.status === "complete" ? session.successUrl : `/checkout/local/${id}`, 303);
});

/** Session ids are ours (`cs_local_…`); anything else is not looked up, so it cannot overflow a KV key. */
function sessionIdOf(c: Context<AppEnv>): string | null {
  const id = c.req.param("id") ?? "";
  return /^[\w-]{1,200}$/.test(id) ? id : null;
}

async function show(c: Context<AppEnv>, promoError?: string) {
  const id = sessionIdOf(c);
  const session = id ? await getLocalSession(c.var.deps.kv, id) : null;
  return renderPage(
    c,
    <LocalCheckoutPage session={session} promoError={promoError} />,
    { title: "Checkout", noindex: true, bare: true, status: session ? (promoError ? 422 : 200) : 404 },
  );
}
