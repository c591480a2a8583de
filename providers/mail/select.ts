import type { Config } from "../../domain/config.ts";
import { StartupError } from "../../domain/errors.ts";
import { createDevMailbox } from "./dev_mailbox.ts";
import type { Mailer } from "./mod.ts";
import { createSmtpMailer } from "./smtp.ts";

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, which production must never fall back to. */
export function createMailer(config: Config, kv: Deno.Kv, now: () => number = Date.now): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer(config.mail.smtpUrl, config.mail.from);
  // parseConfig already refuses this; checked again so a hand-built config cannot lose real mail.
  if (config.env === "production") {
    throw new StartupError("SMTP_URL is required when APP_ENV=production: mail would go to the dev mailbox.");
  }
  return createDevMailbox(kv, config.mail.from, now);
}
