import { assertEquals } from "@std/assert";
import { parseRange } from "../../../routes/static.ts";

Deno.test("byte ranges are parsed and clamped to the file", () => {
  assertEquals(parseRange(undefined, 100), null);
  assertEquals(parseRange("bytes=0-9", 100), [0, 9]);
  assertEquals(parseRange("bytes=90-", 100), [90, 99]);
  assertEquals(parseRange("bytes=-10", 100), [90, 99]);
  assertEquals(parseRange("bytes=50-500", 100), [50, 99]);
  assertEquals(parseRange("bytes=-500", 100), [0, 99]);
  assertEquals(parseRange("bytes=100-", 100), "unsatisfiable");
  assertEquals(parseRange("bytes=9-3", 100), "unsatisfiable");
  assertEquals(parseRange("bytes=0-1,5-6", 100), null);
  assertEquals(parseRange("items=0-1", 100), null);
  assertEquals(parseRange("bytes=-", 100), null);
});
