import type { Config } from "../domain/config.ts";
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from "./analytics.ts";
import type { Mailer } from "./mail/mod.ts";
import { createMailer } from "./mail/select.ts";
import type { Payments } from "./payments/mod.ts";
import { createPayments } from "./payments/select.ts";

/**
 * The outside world, behind interfaces. main.ts builds the real set from config; tests pass
 * fakes of the remote services. Words and music join with their issues.
 */
export interface Providers {
  analytics: AnalyticsSink;
  mail: Mailer;
  payments: Payments;
}

export function createProviders(config: Config, kv: Deno.Kv, now: () => number = Date.now): Providers {
  return {
    analytics: config.env === "development" ? consoleAnalyticsSink : noopAnalyticsSink,
    mail: createMailer(config, kv, now),
    payments: createPayments(config, kv, now),
  };
}

/** Releases what providers hold open (SMTP connections) at shutdown. */
export function closeProviders(providers: Providers) {
  providers.mail.close();
}
