import type { Config } from "../domain/config.ts";
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from "./analytics.ts";
import type { Mailer } from "./mail/mod.ts";
import { createMailer } from "./mail/select.ts";
import type { MusicStudio } from "./music/mod.ts";
import { createMusicStudio } from "./music/select.ts";
import type { Payments } from "./payments/mod.ts";
import { createPayments } from "./payments/select.ts";
import type { Lyricist } from "./words/mod.ts";
import { createLyricist } from "./words/select.ts";

/**
 * The outside world, behind interfaces. main.ts builds the real set from config; tests pass
 * fakes of the remote services.
 */
export interface Providers {
  analytics: AnalyticsSink;
  mail: Mailer;
  payments: Payments;
  words: Lyricist;
  music: MusicStudio;
}

export function createProviders(config: Config, kv: Deno.Kv, now: () => number = Date.now): Providers {
  return {
    analytics: config.env === "development" ? consoleAnalyticsSink : noopAnalyticsSink,
    mail: createMailer(config, kv, now),
    payments: createPayments(config, kv, now),
    words: createLyricist(config),
    music: createMusicStudio(config, kv, now),
  };
}

/** Releases what providers hold open (SMTP connections) at shutdown. */
export function closeProviders(providers: Providers) {
  providers.mail.close();
  providers.music.close?.();
}
