import { assertEquals } from "@std/assert";
import { hasListened, listenText } from "../../../../../islands/admin/review/review_texts.ts";

Deno.test("review texts: the recorded listen beside Approve", () => {
  const listen = { playedMs: 102_900, durationMs: 130_000, by: "boss", at: "2026-11-27T00:00:00Z" };
  assertEquals(listenText(listen), "Played 1:42 of 2:10");
  assertEquals(listenText(null), "Not played yet");
  assertEquals(listenText(undefined), "Not played yet");
});

Deno.test("review texts: the listen follows the song as it plays, before the server is told", () => {
  const live = (playing: boolean, heardSeconds: number) => ({ playing, heardSeconds, durationSeconds: 130 });
  assertEquals(listenText(null, live(true, 0)), "Playing");
  assertEquals(listenText(null, live(true, 12)), "Playing: 0:12 of 2:10 heard");
  assertEquals(listenText(null, live(false, 12)), "Played 0:12 of 2:10");
  assertEquals(listenText(null, live(false, 0)), "Not played yet");
  // The server's record of an earlier sitting stands until this one has heard more.
  const earlier = { playedMs: 60_000, durationMs: 130_000, by: "boss", at: "2026-11-27T00:00:00Z" };
  assertEquals(listenText(earlier, live(true, 12)), "Playing: 1:00 of 2:10 heard");
  assertEquals(listenText(earlier, live(false, 75)), "Played 1:15 of 2:10");
  assertEquals([hasListened(null, live(false, 0)), hasListened(null, live(true, 0))], [false, true]);
  assertEquals(hasListened(earlier), true);
});
