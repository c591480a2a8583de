import { assertEquals } from "@std/assert";
import { getManyInChunks } from "../../../kv/get_many.ts";

Deno.test("getManyInChunks answers any number of keys in their order, missing ones included", async () => {
  await using kv = await Deno.openKv(":memory:");
  const stored = Array.from({ length: 95 }, (_, i) => i).filter((i) => i % 7 !== 0);
  for (const i of stored) await kv.set(["n", i], `value ${i}`);

  const asked = Array.from({ length: 95 }, (_, i) => 94 - i).map((i) => ["n", i]);
  const entries = await getManyInChunks<string>(kv, asked);

  assertEquals(entries.map((entry) => entry.key), asked);
  assertEquals(
    entries.map((entry) => entry.value),
    asked.map(([, i]) => stored.includes(i as number) ? `value ${i}` : null),
  );
  assertEquals(await getManyInChunks(kv, []), []);
});
