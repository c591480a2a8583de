import type { Config } from "../../domain/config.ts";
import { StartupError } from "../../domain/errors.ts";
import { createLocalPayments } from "./local.ts";
import type { Payments } from "./mod.ts";
import { createStripePayments, isStripeSessionId } from "./stripe.ts";
import { withUnknownSessionsRemembered } from "./unknown_sessions.ts";

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the local checkout, which production never uses. */
export function createPayments(config: Config, kv: Deno.Kv, now: () => number = Date.now): Payments {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  if (secretKey) {
    const stripe = createStripePayments({ secretKey, webhookSecret: webhookSecret ?? "", apiUrl });
    return withUnknownSessionsRemembered(stripe, kv, isStripeSessionId);
  }
  if (config.env === "production") {
    throw new StartupError("STRIPE_SECRET_KEY is required when APP_ENV=production.");
  }
  return createLocalPayments(kv, config.appUrl, now);
}
