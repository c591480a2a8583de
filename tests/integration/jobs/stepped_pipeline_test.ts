import { assertEquals } from "@std/assert";
import { createTestApp } from "../../helpers.ts";
import { deliveredOrder } from "../delivery/helpers.ts";

Deno.test("on the test's clock, the real pipeline makes a song: two rendered takes, each with its timed lyrics", async () => {
  await using t = await createTestApp();
  const order = await deliveredOrder(t, { childName: "Mia" });
  assertEquals(order.status, "completed");
  assertEquals(order.songTakes?.map((take) => take.timing.state), ["stored", "stored"]);
  const audio = await t.request(new URL(order.songUrl!).pathname);
  assertEquals([audio.status, audio.headers.get("content-type")], [200, "audio/mpeg"]);
  const bytes = new Uint8Array(await audio.arrayBuffer());
  // An MP3 frame's sync word: the synthesiser's render, not a placeholder.
  assertEquals([bytes[0], bytes[1] & 0xe0], [0xff, 0xe0]);
});
