import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 11: the audio each family has now (`released_audio`, domain/delivery/release.ts releasedAudioOf),
 * which writeOrder keeps with each order and which is all `/audio/` serves to anyone. Orders written
 * before get their entries here; without them a delivered song would stop playing.
 */
export const releasedAudio: Migration = {
  version: 11,
  name: "released-audio",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: [keys.allReleasedAudio()],
    }),
};
