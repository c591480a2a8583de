/**
 * A delivered song with two takes and their timed lyrics, for the sing-along tests and the
 * accessibility view of "Another version".
 */
import { songUrlFor } from "../../domain/song/download.ts";
import type { Order } from "../../domain/order/orders.ts";
import type { SongTake, TakeNumber } from "../../domain/song/takes.ts";
import type { TimedLyrics } from "../../domain/song/timed_lyrics.ts";
import { putTimedLyrics } from "../../kv/lyrics_timing.ts";
import { updateOrder } from "../../kv/orders.ts";
import { renderSongMp3, songDurationSeconds } from "../../providers/music/synth.ts";
import type { TestApp } from "../helpers.ts";
import { deliveredOrder } from "../integration/delivery/helpers.ts";

const STAFF = "boss@example.com";
export const TITLE = "Mia Shines";
export const LYRICS = [
  "[Verse]",
  "Mia wakes up with the sun",
  "Runs outside to have some fun",
  "Jumping high and spinning round",
  "Dancing feet upon the ground",
  "",
  "[Chorus]",
  "Sing it loud and sing it clear",
  "Mia's song for all to hear",
  "La la la and hip hooray",
  "Mia shines on every day",
  "",
  "[Verse]",
  "Teddy bear and puppy too",
  "Painting skies a brighter blue",
  "Every friend and every game",
  "Whispers Mia's happy name",
].join("\n");

/**
 * The lyrics' lines every 1.5 s from half a second in (each word 0.35 s), so every line starts well
 * inside the ~21 s the synthesiser renders; a section label opens lines 1, 5 and 9.
 */
function timingOf(lyrics: string): TimedLyrics {
  let section: string | null = null;
  const lines: TimedLyrics["lines"] = [];
  for (const text of lyrics.split("\n")) {
    const label = text.match(/^\[(.+)\]$/);
    if (label) section = label[1];
    if (label || !text.trim()) continue;
    const start = 0.5 + lines.length * 1.5;
    const words = text.split(" ").map((word, index) => ({
      text: word,
      start: start + index * 0.35,
      end: start + (index + 1) * 0.35,
    }));
    lines.push({ section, start, end: words.at(-1)!.end, words });
    section = null;
  }
  return { lines };
}
export const TIMING = timingOf(LYRICS);

/**
 * A delivered song with both takes stored, staff having chosen Take 2 and offered Take 1 as
 * "Another version", each with its timed lyrics, written straight into KV as the backend leaves it.
 */
export async function songWithTwoTakes(t: TestApp, overrides: Partial<Order> = {}) {
  const delivered = await deliveredOrder(t, { childName: "Mia Rose" });
  const now = new Date().toISOString();
  const takes: SongTake[] = [];
  for (const take of [1, 2] as TakeNumber[]) {
    const request = { lyrics: LYRICS, title: TITLE, style: "pop, happy", singer: "female" as const, take };
    const blob = await t.deps.blobs.put(renderSongMp3(request), {
      contentType: "audio/mpeg",
      now: t.clock.now(),
    });
    await putTimedLyrics(t.kv, blob.id, TIMING);
    takes.push({
      take,
      audioId: `audio-${take}`,
      blobId: blob.id,
      songUrl: songUrlFor(t.config.appUrl, blob.id),
      title: TITLE,
      durationSeconds: songDurationSeconds(request),
      timing: { state: "stored", storedAt: now, lines: TIMING.lines.length },
    });
  }
  const chosen = takes[1];
  const order = await updateOrder(t.kv, delivered.id, (order) => ({
    ...order,
    songTitle: TITLE,
    songLyrics: LYRICS,
    songTakes: takes,
    // The order's song is always the delivered take's (domain/song/takes.ts).
    songUrl: chosen.songUrl,
    songBlobId: chosen.blobId,
    takeChoice: { take: 2, by: STAFF, at: now },
    bonusTake: { by: STAFF, at: now },
    ...overrides,
  }));
  return { order: order!, takes };
}
