import { assertEquals } from "@std/assert";
import * as markers from "../../../islands/mod.ts";
import { islandNames } from "../../../routes/island_build.ts";

Deno.test("every island file has a server marker of the same name, and no marker lacks a file", async () => {
  const names = await islandNames();
  assertEquals(Object.keys(markers).sort(), names);
  for (const [name, marker] of Object.entries(markers)) {
    assertEquals(marker.displayName, `Island(${name})`);
  }
});
