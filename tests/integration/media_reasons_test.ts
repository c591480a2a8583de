/**
 * A stored song's address (`/audio/{blobId}.mp3`) plays only while the family has that audio: the
 * delivered song, and the other take while staff offer it. A take withdrawn or replaced, a song still
 * in review and a song deleted answer 404 to anyone but staff, in KV and in the bucket, streamed or
 * presigned.
 */
import { assert, assertEquals } from "@std/assert";
import type { Order } from "../../domain/order/orders.ts";
import { keys } from "../../kv/keys.ts";
import { updateOrder } from "../../kv/orders.ts";
import { startLoopbackS3 } from "../../fakes/s3_server.ts";
import { createTestApp, jsonBody, type TestApp } from "../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, completedOrder, sessionHeaders } from "./delivery/helpers.ts";

const NOT_FOUND = { message: "This song could not be found." };
const pathOf = (songUrl: string) => new URL(songUrl).pathname;

/** Made, approved and emailed: the family has Take 1. */
async function deliveredTwoTakes(t: TestApp, overrides: Parameters<typeof completedOrder>[1] = {}) {
  const made = await completedOrder(t, overrides);
  const now = new Date(t.clock.now()).toISOString();
  const delivered = await updateOrder(t.kv, made.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    approvedAt: now,
    approvedBy: ADMIN_EMAIL,
    emailSentAt: now,
    emailSendCount: 1,
  }));
  return delivered!;
}

async function staffCall(t: TestApp, order: Order, path: "take" | "bonus-take", body: unknown) {
  const response = await t.request(
    `/api/admin/orders/${order.id}/${path}`,
    jsonBody(body, { method: "POST", headers: await adminHeaders(t) }),
  );
  assertEquals(response.status, 200, await response.clone().text());
  await response.body?.cancel();
}

/** What a visitor (no session) is answered for a take's address. */
async function heard(t: TestApp, songUrl: string, headers: Record<string, string> = {}) {
  const response = await t.request(pathOf(songUrl), { headers });
  const body = response.status === 404 ? await response.json() : (await response.body?.cancel(), null);
  return { status: response.status, body, headers: response.headers };
}

Deno.test("a bonus take plays while staff offer it, and its address answers 404 once they withdraw it", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const order = await deliveredTwoTakes(t);
  const [song, other] = order.songTakes!;
  assertEquals((await heard(t, other.songUrl)).status, 404, "never offered: the family never had it");

  await staffCall(t, order, "bonus-take", { offered: true });
  const offered = await heard(t, other.songUrl);
  assertEquals(offered.status, 200);
  assertEquals(offered.headers.get("access-control-allow-origin"), "*");
  // Its reason can end, so no cache may keep using it without asking again.
  assertEquals(offered.headers.get("cache-control"), "private, no-cache");
  const etag = offered.headers.get("etag")!;

  await staffCall(t, order, "bonus-take", { offered: false });
  const withdrawn = await heard(t, other.songUrl);
  assertEquals([withdrawn.status, withdrawn.body], [404, NOT_FOUND]);
  const revalidated = await heard(t, other.songUrl, { "if-none-match": etag });
  assertEquals(revalidated.status, 404, "a cached copy is not confirmed either");
  assertEquals((await t.request(`/api/download/${order.id}/another-version`)).status, 404);
  assertEquals((await heard(t, song.songUrl)).status, 200, "the family's song still plays");
});

Deno.test("the take replaced when staff choose the other one stops playing; the new one plays", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JOB_QUEUE: "off" } });
  const order = await deliveredTwoTakes(t);
  const [take1, take2] = order.songTakes!;
  assertEquals((await heard(t, take1.songUrl)).status, 200);

  await staffCall(t, order, "take", { take: 2 });
  const replaced = await heard(t, take1.songUrl);
  assertEquals([replaced.status, replaced.body], [404, NOT_FOUND]);
  assertEquals((await heard(t, take2.songUrl)).status, 200);

  // Offered as the other version, the first take is the family's again.
  await staffCall(t, order, "bonus-take", { offered: true });
  assertEquals((await heard(t, take1.songUrl)).status, 200);
});

Deno.test("a song in review is staff's alone: visitors and the family get 404, staff hear both takes", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  const owner = await sessionHeaders(t, "ann@example.com");
  const admin = await adminHeaders(t);
  for (const take of order.songTakes!) {
    assertEquals((await heard(t, take.songUrl)).status, 404);
    assertEquals((await heard(t, take.songUrl, owner)).status, 404, "not before its email");
    const staff = await heard(t, take.songUrl, admin);
    assertEquals(staff.status, 200);
    // For our own pages only: no other site's page reads staff's answer.
    assertEquals(staff.headers.get("access-control-allow-origin"), null);
    assertEquals(staff.headers.get("cache-control"), "private, no-cache");
  }
  // The staff pages' <audio> sends the session cookie, not the Bearer header.
  const cookie = { cookie: `lh_session=${admin.authorization.replace("Bearer ", "")}` };
  assertEquals((await heard(t, order.songTakes![1].songUrl, cookie)).status, 200);
});

Deno.test("a deleted song's audio is gone; a gift its recipient holds keeps playing after the giver deletes it", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const order = await deliveredTwoTakes(t, { parentEmail: "ann@example.com" });
  await staffCall(t, order, "bonus-take", { offered: true });
  const owner = await sessionHeaders(t, "ann@example.com");
  const deleted = await t.request(`/api/orders/${order.id}`, { method: "DELETE", headers: owner });
  assertEquals(deleted.status, 200, await deleted.clone().text());
  await deleted.body?.cancel();
  for (const take of order.songTakes!) {
    assertEquals((await heard(t, take.songUrl)).status, 404);
    assertEquals((await heard(t, take.songUrl, await adminHeaders(t))).status, 404, "gone for staff too");
    assertEquals(await t.deps.blobs.meta(take.blobId), null);
  }
  assertEquals(await countUnder(t.kv, keys.allReleasedAudio()), 0);

  const gift = await deliveredTwoTakes(t, {
    parentEmail: "gran@example.com",
    isGift: true,
    giftRecipientEmail: "mum@example.com",
  });
  const giver = await sessionHeaders(t, "gran@example.com");
  const hidden = await t.request(`/api/orders/${gift.id}`, { method: "DELETE", headers: giver });
  assertEquals(hidden.status, 200, await hidden.clone().text());
  await hidden.body?.cancel();
  assertEquals((await heard(t, gift.songUrl!)).status, 200, "the recipient's song still plays");
});

async function countUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  let count = 0;
  for await (const _ of kv.list({ prefix })) count++;
  return count;
}

for (const serving of ["stream", "presigned"] as const) {
  Deno.test(`in the bucket (${serving}): a withdrawn take gets no bytes and no redirect; the song still plays`, async () => {
    await using s3 = await startLoopbackS3();
    await using t = await createTestApp({
      env: { ...s3.env, BLOB_STORE: "s3", BLOB_SERVING: serving, ADMIN_EMAILS: ADMIN_EMAIL },
    });
    const order = await deliveredTwoTakes(t);
    const [song, other] = order.songTakes!;
    assertEquals((await t.deps.blobs.meta(other.blobId))?.store, "s3");
    const playing = serving === "stream" ? 200 : 302;

    await staffCall(t, order, "bonus-take", { offered: true });
    const offered = await heard(t, other.songUrl);
    assertEquals(offered.status, playing);
    if (serving === "presigned") assert(offered.headers.get("location")?.startsWith(s3.endpoint));

    await staffCall(t, order, "bonus-take", { offered: false });
    const withdrawn = await heard(t, other.songUrl);
    assertEquals([withdrawn.status, withdrawn.body], [404, NOT_FOUND]);
    assertEquals(withdrawn.headers.get("location"), null);
    assertEquals((await heard(t, song.songUrl)).status, playing);
    assertEquals(
      (await heard(t, other.songUrl, await adminHeaders(t))).status,
      playing,
      "staff still hear it",
    );
  });
}
