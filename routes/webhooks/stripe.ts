import { Hono } from "hono";
import { BadRequestError } from "../../domain/errors.ts";
import { handlePaymentEvent } from "../../orders/payment_events.ts";
import { WebhookSignatureError } from "../../providers/payments/mod.ts";
import type { AppEnv } from "../request_context.ts";

export const stripeWebhook = new Hono<AppEnv>();

/**
 * Stripe's events, verified against the raw body. Duplicates, replays and types we ignore get a
 * 2xx so Stripe stops sending them; a failure (our 5xx) makes Stripe deliver the event again
 * (orders/payment_events.ts).
 */
stripeWebhook.post("/api/webhooks/stripe", async (c) => {
  const payload = await c.req.text();
  let event;
  try {
    event = await c.var.deps.providers.payments.verifyWebhook(
      payload,
      c.req.header("stripe-signature") ?? null,
    );
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new BadRequestError(error.message);
    throw error;
  }
  if (await handlePaymentEvent(c.var.deps, event) === "duplicate") {
    return c.json({ received: true, duplicate: true });
  }
  return c.json({ received: true });
});
