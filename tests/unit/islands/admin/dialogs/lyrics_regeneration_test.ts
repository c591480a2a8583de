import { assertEquals } from "@std/assert";
import {
  instructionsState,
  regeneratedText,
  regenerateLyricsBody,
  regenerationHistoryText,
} from "../../../../../islands/admin/dialogs/lyrics_regeneration.ts";

Deno.test("lyrics instructions: counter out of 500, too long only above 500", () => {
  assertEquals(instructionsState(""), { counter: "0/500", tooLong: false });
  assertEquals(instructionsState("x".repeat(500)), { counter: "500/500", tooLong: false });
  assertEquals(instructionsState("x".repeat(501)), { counter: "501/500", tooLong: true });
});

Deno.test("lyrics instructions: trimmed, and left out when empty", () => {
  assertEquals(regenerateLyricsBody("  more dinosaurs \n"), { customInput: "more dinosaurs" });
  assertEquals(regenerateLyricsBody("   \n "), {});
  assertEquals(regenerateLyricsBody(""), {});
});

Deno.test("lyrics history: never, once, several times with the last date", () => {
  const date = (iso: string) => `<${iso}>`;
  assertEquals(regenerationHistoryText(0, null, date), "These lyrics have not been regenerated before.");
  assertEquals(
    regenerationHistoryText(1, "2026-01-15T12:00:00Z", date),
    "These lyrics have been regenerated once before, last on <2026-01-15T12:00:00Z>.",
  );
  assertEquals(regenerationHistoryText(3, null, date), "These lyrics have been regenerated 3 times before.");
  assertEquals(
    regenerationHistoryText(2, "garbage", date),
    "These lyrics have been regenerated 2 times before.",
  );
});

Deno.test("lyrics regenerated: the total with its plural", () => {
  assertEquals(regeneratedText(1), "New lyrics generated with 1 regeneration total");
  assertEquals(regeneratedText(4), "New lyrics generated with 4 regenerations total");
});
