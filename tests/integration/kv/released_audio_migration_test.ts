import { assertEquals } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { runMigrations } from "../../../kv/migrations.ts";
import { releasedAudio } from "../../../kv/migrations/v11_released_audio.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, completedOrder } from "../delivery/helpers.ts";

async function entriesUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  return found.sort();
}

async function statusOf(t: TestApp, songUrl: string) {
  const response = await t.request(new URL(songUrl).pathname);
  await response.body?.cancel();
  return response.status;
}

Deno.test("migration 11 gives songs delivered before it their public address back, and nothing else", async () => {
  await using t = await createTestApp();
  const now = new Date(t.clock.now()).toISOString();
  const inReview = await completedOrder(t, { childName: "Leo" });
  const made = await completedOrder(t, { childName: "Mia" });
  // Delivered, with the other take offered.
  const delivered = (await updateOrder(t.kv, made.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    emailSentAt: now,
    bonusTake: { by: ADMIN_EMAIL, at: now },
  })))!;
  const expected = await entriesUnder(t.kv, keys.allReleasedAudio());
  assertEquals(expected.length, 2, "both takes of the delivered song; none of the one in review");

  // As a store written before the index: the family's songs would not play.
  for await (const entry of t.kv.list({ prefix: keys.allReleasedAudio() })) await t.kv.delete(entry.key);
  assertEquals(await statusOf(t, delivered.songUrl!), 404);

  const report = await runMigrations(t.kv, [releasedAudio], { holder: "test" });
  assertEquals(report.applied, [{ version: 11, name: "released-audio", resumed: false }]);
  assertEquals(await entriesUnder(t.kv, keys.allReleasedAudio()), expected);
  for (const take of delivered.songTakes!) assertEquals(await statusOf(t, take.songUrl), 200);
  for (const take of inReview.songTakes!) assertEquals(await statusOf(t, take.songUrl), 404);
});
