import type { Config } from "../domain/config.ts";
import type { AnalyticsSink } from "./analytics.ts";
import { createAnalytics } from "./analytics_select.ts";
import type { BlobBucket } from "../kv/blob_store.ts";
import { createS3Bucket } from "./blobs/s3.ts";
import type { Mailer } from "./mail/mod.ts";
import { createMailer } from "./mail/select.ts";
import type { MusicStudio } from "./music/mod.ts";
import { createMusicStudio } from "./music/select.ts";
import type { Payments } from "./payments/mod.ts";
import { createPayments } from "./payments/select.ts";
import type { Lyricist } from "./words/mod.ts";
import { createLyricist } from "./words/select.ts";
import { observeCalls } from "./telemetry.ts";

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
  /** The S3 bucket for audio, when configured (kv/blob_store.ts decides what goes there). */
  bucket: BlobBucket | null;
}

export function createProviders(config: Config, kv: Deno.Kv, now: () => number = Date.now): Providers {
  const mail = createMailer(config, kv, now);
  // With telemetry on, each call to the lyricist, the studio and the mail provider is a span and a count.
  return {
    analytics: createAnalytics(config),
    mail: observeCalls(mail, ["send"], { provider: mail.kind }),
    payments: createPayments(config, kv, now),
    words: observeCalls(createLyricist(config), ["writeLyrics", "writeTags"]),
    music: observeCalls(createMusicStudio(config, kv, now), [
      "createSong",
      "checkSong",
      "downloadAudio",
      "timedLyrics",
    ]),
    bucket: config.blobs.s3 ? createS3Bucket(config.blobs.s3) : null,
  };
}

/**
 * Releases what providers hold open (SMTP connections) at shutdown, and sends the analytics events
 * still queued, giving them at most `analyticsTimeoutMs`.
 */
export async function closeProviders(providers: Providers, options: { analyticsTimeoutMs?: number } = {}) {
  providers.mail.close();
  providers.music.close?.();
  await providers.analytics.close?.(options.analyticsTimeoutMs);
}
