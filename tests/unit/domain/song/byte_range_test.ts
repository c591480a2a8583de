import { assertEquals } from "@std/assert";
import { parseRange } from "../../../../domain/song/byte_range.ts";

const full = { kind: "full" };
const unsatisfiable = { kind: "unsatisfiable" };
const partial = (start: number, end: number) => ({ kind: "partial", start, end });

Deno.test("single ranges: closed, open-ended and suffix, clamped to the body", () => {
  assertEquals(parseRange("bytes=0-99", 1000), partial(0, 99));
  assertEquals(parseRange("bytes=10-10", 1000), partial(10, 10));
  assertEquals(parseRange("bytes=500-", 1000), partial(500, 999));
  assertEquals(parseRange("bytes=0-", 1000), partial(0, 999));
  assertEquals(parseRange("bytes=900-5000", 1000), partial(900, 999));
  assertEquals(parseRange("bytes=-100", 1000), partial(900, 999));
  assertEquals(parseRange("bytes=-5000", 1000), partial(0, 999));
  assertEquals(parseRange("Bytes = 1 - 2 ", 1000), partial(1, 2));
});

Deno.test("a range starting past the end, or selecting nothing, is unsatisfiable", () => {
  assertEquals(parseRange("bytes=1000-", 1000), unsatisfiable);
  assertEquals(parseRange("bytes=1000-2000", 1000), unsatisfiable);
  assertEquals(parseRange("bytes=-0", 1000), unsatisfiable);
  assertEquals(parseRange("bytes=0-", 0), unsatisfiable);
  assertEquals(parseRange("bytes=-10", 0), unsatisfiable);
});

Deno.test("no header, several ranges, other units or garbage: the whole body", () => {
  for (
    const header of [
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "bytes=0-1,5-6",
      "items=0-1",
      "bytes=a-b",
      "bytes=5-1",
    ]
  ) {
    assertEquals(parseRange(header, 1000), full, String(header));
  }
});
