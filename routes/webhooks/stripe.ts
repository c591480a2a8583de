import { Hono } from "hono";
import { BadRequestError, PaymentRequiredError } from "../../domain/errors.ts";
import { fulfil } from "../../orders/fulfil.ts";
import { forgetCheckoutDraft } from "../../kv/checkout_drafts.ts";
import { keys } from "../../kv/keys.ts";
import { releaseHoldOfSession } from "../../kv/referral_holds.ts";
import { WebhookSignatureError } from "../../providers/payments/mod.ts";
import type { AppEnv } from "../request_context.ts";

/** Events that mean "this checkout session may now be paid" (ARCHITECTURE.md §6). */
const FULFILMENT_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Stripe retries for three days; remembering event ids for 30 covers every duplicate. */
const EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

export const stripeWebhook = new Hono<AppEnv>();

/**
 * Stripe's events, verified against the raw body. Duplicates, replays and types we ignore get a
 * 2xx so Stripe stops sending them; an event is remembered only after it was handled, so a failure
 * (our 5xx) makes Stripe deliver it again. fulfil itself is idempotent, so even an event handled
 * twice makes one order.
 */
stripeWebhook.post("/api/webhooks/stripe", async (c) => {
  const { kv, providers, clock } = c.var.deps;
  const payload = await c.req.text();
  let event;
  try {
    event = await providers.payments.verifyWebhook(payload, c.req.header("stripe-signature") ?? null);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new BadRequestError(error.message);
    throw error;
  }
  const seen = await kv.get(keys.paymentEvent(event.id));
  if (seen.value) return c.json({ received: true, duplicate: true });

  if (event.type === "checkout.session.expired" && event.sessionId) {
    // Nobody paid: a referral use held for the session goes back to the code at once.
    await releaseHoldOfSession(kv, event.sessionId, clock.now());
    await forgetCheckoutDraft(kv, event.sessionId);
  }
  if (FULFILMENT_EVENTS.has(event.type) && event.sessionId) {
    try {
      await fulfil(c.var.deps, event.sessionId);
    } catch (error) {
      // A session completed with a slow payment method is not paid yet: async_payment_succeeded follows.
      if (!(error instanceof PaymentRequiredError)) throw error;
    }
  }
  await kv.set(keys.paymentEvent(event.id), { type: event.type, handledAt: clock.now() }, {
    expireIn: EVENT_MEMORY_MS,
  });
  return c.json({ received: true });
});
