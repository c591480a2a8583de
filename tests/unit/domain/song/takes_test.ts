import { assertEquals } from "@std/assert";
import {
  bonusTakeOf,
  deliveredTake,
  deliveredTakeNumber,
  hasTwoTakes,
  songBlobIdsOf,
  type SongTake,
  takeLabel,
} from "../../../../domain/song/takes.ts";

const take = (number: 1 | 2): SongTake => ({
  take: number,
  audioId: `track-${number}`,
  blobId: `blob-${number}`,
  songUrl: `https://x.test/audio/blob-${number}.mp3`,
  title: null,
  durationSeconds: null,
  timing: { state: "absent", reason: "none", attempts: 1 },
});
const TWO = [take(1), take(2)];
const BY = { by: "staff", at: "2026-03-01T10:00:00.000Z" };

Deno.test("Take 1 is delivered until staff choose; the other is a bonus only while offered", () => {
  assertEquals(deliveredTakeNumber({ songTakes: TWO }), 1);
  assertEquals(deliveredTake({ songTakes: TWO, takeChoice: { take: 2, ...BY } }), take(2));
  assertEquals(bonusTakeOf({ songTakes: TWO }), null);
  assertEquals(bonusTakeOf({ songTakes: TWO, bonusTake: BY }), take(2));
  assertEquals(bonusTakeOf({ songTakes: TWO, bonusTake: BY, takeChoice: { take: 2, ...BY } }), take(1));
});

Deno.test("an older order or an uploaded song has one song and no takes to choose from", () => {
  assertEquals([hasTwoTakes({}), hasTwoTakes({ songTakes: null }), hasTwoTakes({ songTakes: [take(1)] })], [
    false,
    false,
    false,
  ]);
  assertEquals(bonusTakeOf({ songTakes: [take(1)], bonusTake: BY }), null);
  assertEquals(deliveredTake({}), null);
});

Deno.test("every stored audio file of a song is found once, for removing it with the order", () => {
  assertEquals(songBlobIdsOf({ songBlobId: "blob-2", songTakes: TWO }), ["blob-1", "blob-2"]);
  assertEquals(songBlobIdsOf({ songBlobId: "upload" }), ["upload"]);
  assertEquals(songBlobIdsOf({ songBlobId: null }), []);
  assertEquals(takeLabel(2), "Take 2");
});
