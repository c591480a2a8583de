import type { Deps } from "../deps.ts";
import { PaymentRequiredError } from "../domain/errors.ts";
import { forgetCheckoutDraft } from "../kv/checkout_drafts.ts";
import { keys } from "../kv/keys.ts";
import { releaseHoldOfSession } from "../kv/referral_holds.ts";
import type { PaymentEvent } from "../providers/payments/mod.ts";
import { fulfil } from "./fulfil.ts";

/** Events that mean "this checkout session may now be paid" (ARCHITECTURE.md §6). */
const FULFILMENT_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Stripe retries for three days; remembering event ids for 30 covers every duplicate. */
const EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A verified payment event, handled once. An event is remembered only after it was handled, so a
 * failure (thrown, the webhook's 5xx) makes Stripe deliver it again; fulfil itself is idempotent,
 * so even an event handled twice makes one order. Answers "duplicate" for one handled before.
 */
export async function handlePaymentEvent(deps: Deps, event: PaymentEvent): Promise<"handled" | "duplicate"> {
  const { kv, clock } = deps;
  const seen = await kv.get(keys.paymentEvent(event.id));
  if (seen.value) return "duplicate";

  if (event.type === "checkout.session.expired" && event.sessionId) {
    // Nobody paid: a referral use held for the session goes back to the code at once.
    await releaseHoldOfSession(kv, event.sessionId, clock.now());
    await forgetCheckoutDraft(kv, event.sessionId);
  }
  if (FULFILMENT_EVENTS.has(event.type) && event.sessionId) {
    try {
      await fulfil(deps, event.sessionId);
    } catch (error) {
      // A session completed with a slow payment method is not paid yet: async_payment_succeeded follows.
      if (!(error instanceof PaymentRequiredError)) throw error;
    }
  }
  await kv.set(keys.paymentEvent(event.id), { type: event.type, handledAt: clock.now() }, {
    expireIn: EVENT_MEMORY_MS,
  });
  return "handled";
}
