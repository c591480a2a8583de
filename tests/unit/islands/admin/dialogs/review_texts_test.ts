import { assertEquals } from "@std/assert";
import { listenText } from "../../../../../islands/admin/dialogs/review_texts.ts";

Deno.test("review texts: the recorded listen beside Approve", () => {
  const listen = { playedMs: 102_900, durationMs: 130_000, by: "boss", at: "2026-11-27T00:00:00Z" };
  assertEquals(listenText(listen), "Played 1:42 of 2:10");
  assertEquals(listenText(null), "Not played yet");
  assertEquals(listenText(undefined), "Not played yet");
});
