import { assertEquals } from "@std/assert";
import { jumpTarget, positionText, usableDuration } from "../../../../../islands/admin/review/player.ts";

Deno.test("preview player: unknown and endless lengths count as 0 for the slider", () => {
  assertEquals(usableDuration(18.4), 18.4);
  assertEquals(usableDuration(Number.NaN), 0);
  assertEquals(usableDuration(Number.POSITIVE_INFINITY), 0);
  assertEquals(usableDuration(-1), 0);
});

Deno.test("preview player: the position in words", () => {
  assertEquals(positionText(5.7, 65.2), "0:05 of 1:05");
});

Deno.test("preview player: ±5 s jumps stay inside the song", () => {
  assertEquals(jumpTarget(10, 5, 60), 15);
  assertEquals(jumpTarget(10, -5, 60), 5);
  assertEquals(jumpTarget(2, -5, 60), 0);
  assertEquals(jumpTarget(58, 5, 60), 60);
});
