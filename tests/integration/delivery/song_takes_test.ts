import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import { getBlobMeta } from "../../../kv/blobs.ts";
import { putTimedLyrics, readTimings } from "../../../kv/lyrics_timing.ts";
import { deleteOrder } from "../../../kv/order_removal.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, clockWorker, completedOrder, DELIVERY_ENV } from "./helpers.ts";

/**
 * Two takes (issue 21): staff choose the take the family gets and may offer the other; the choice is
 * the order's song everywhere (the reveal, the download, the email), survives a restart, and after
 * the email went it goes again with the new take.
 */

const HOUR = 60 * 60 * 1000;
const LYRICS = {
  lines: [{ section: "Verse", start: 1, end: 2, words: [{ text: "Hello", start: 1, end: 2 }] }],
};

async function choose(t: TestApp, orderId: string, body: unknown, path = "take") {
  const response = await t.request(
    `/api/admin/orders/${orderId}/${path}`,
    jsonBody(body, { method: "POST", headers: await adminHeaders(t) }),
  );
  return { status: response.status, body: await response.json() };
}

/** Approved and sent, as staff would do it. */
async function sendSong(t: TestApp, worker: { sweep(): Promise<void> }, orderId: string) {
  await adminCall(t, await adminHeaders(t), orderId, "approve");
  t.clock.advance(12 * HOUR);
  await worker.sweep();
  await worker.sweep();
  return (await getOrder(t.kv, orderId))!;
}

Deno.test("staff choose Take 2: it is the song, with who and when, and the family hears it once delivered", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const order = await completedOrder(t, { childName: "Mia", parentEmail: "ann@example.com" });
  const [take1, take2] = order.songTakes!;
  assertEquals(order.songUrl, take1.songUrl, "Take 1 until staff choose");

  const chosen = await choose(t, order.id, { take: 2 });
  assertEquals(chosen.status, 200);
  assertEquals(chosen.body.message, "Take 2 will be delivered.");
  assertEquals(chosen.body.order.songUrl, take2.songUrl);
  assertEquals(chosen.body.order.takeChoice, {
    take: 2,
    by: "boss@example.com",
    at: new Date(t.clock.now()).toISOString(),
  });
  assertEquals((await choose(t, order.id, { take: 2 })).status, 200, "choosing it again changes nothing");

  const sent = await sendSong(t, worker, order.id);
  assert(sent.emailSentAt, "the song was delivered");
  const publicView = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(publicView.songUrl, take2.songUrl, "the reveal plays Take 2");
  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(new Uint8Array(await download.arrayBuffer())[4], 2, "the download is Take 2's bytes");
});

Deno.test("choosing another take after the email went sends it again, once, with the new take", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const order = await completedOrder(t, { childName: "Leo", parentEmail: "ann@example.com" });
  await sendSong(t, worker, order.id);
  assertEquals(sink.messages.length, 1);

  const chosen = await choose(t, order.id, { take: 2 });
  assertEquals(chosen.status, 200);
  assertMatch(chosen.body.message, /email goes to them again/);
  assertEquals(chosen.body.order.deliveryDueAt, new Date(t.clock.now()).toISOString());
  await worker.sweep();
  await worker.sweep();
  assertEquals(sink.messages.length, 2, "one more email, not two");
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.emailSendCount, stored.deliveryDueAt], [2, null]);
  assertEquals(stored.songUrl, order.songTakes![1].songUrl);
});

Deno.test("a take is refused in plain words: one take only, mid-send, not finished, or no such take", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t);
  const single = await updateOrder(t.kv, order.id, (current) => ({ ...current, songTakes: null }));
  const refusal = await choose(t, single!.id, { take: 2 });
  assertEquals(refusal, {
    status: 409,
    body: { message: "This song has one take only, so there is no other to choose." },
  });
  assertEquals((await choose(t, order.id, { offered: true }, "bonus-take")).status, 409);

  const sending = await completedOrder(t);
  await updateOrder(t.kv, sending.id, (current) => ({
    ...current,
    deliveryClaim: { round: 1, claimedAt: new Date(t.clock.now()).toISOString(), messageIds: {}, sent: [] },
  }));
  assertEquals(
    (await choose(t, sending.id, { take: 2 })).body.message,
    "The song's email is being sent right now. Choose the take once it has gone.",
  );

  for (const body of [{ take: 3 }, { take: "2" }, {}, { take: 2, extra: true }]) {
    const bad = await choose(t, sending.id, body);
    assertEquals(bad.status, 400, JSON.stringify(body));
    assert(typeof bad.body.message === "string" && bad.body.message.length > 0);
  }
});

Deno.test("the offered take downloads under the song's name with ' (version 2)', only while offered and delivered", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const order = await completedOrder(t, { childName: "Mia", parentEmail: "ann@example.com" });
  const path = `/api/download/${order.id}/another-version`;

  const offered = await choose(t, order.id, { offered: true }, "bonus-take");
  assertEquals(offered.body.message, "Take 2 is offered to the family as another version.");
  const early = await t.request(path);
  assertEquals(early.status, 404, "not before the song is delivered");
  await early.body?.cancel();

  await sendSong(t, worker, order.id);
  const download = await t.request(path);
  assertEquals(download.status, 200);
  assertMatch(download.headers.get("content-disposition")!, /filename="Mias-Song-version-2\.mp3"/);
  assertEquals(new Uint8Array(await download.arrayBuffer())[4], 2, "Take 2's bytes");
  const view = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(view.anotherVersion?.songUrl, order.songTakes![1].songUrl);

  const withdrawn = await choose(t, order.id, { offered: false }, "bonus-take");
  assertEquals(withdrawn.body.message, "The other take is no longer offered to the family.");
  const gone = await t.request(path);
  assertEquals(gone.status, 404, "access ends with its reason");
  assertEquals((await gone.json()).message, "This song is not ready yet.");
  assertEquals((await (await t.request(`/api/orders/${order.id}`)).json()).anotherVersion, null);
});

Deno.test("the choice survives a restart of the app on the same store", async () => {
  const path = await Deno.makeTempFile({ suffix: ".sqlite" });
  try {
    let order: Order;
    {
      await using t = await createTestApp({ env: DELIVERY_ENV, kvPath: path });
      order = await completedOrder(t);
      await choose(t, order.id, { take: 2 });
      await choose(t, order.id, { offered: true }, "bonus-take");
    }
    await using again = await createTestApp({ env: DELIVERY_ENV, kvPath: path });
    const stored = (await getOrder(again.kv, order.id))!;
    assertEquals([stored.takeChoice?.take, stored.songUrl, !!stored.bonusTake], [
      2,
      order.songTakes![1].songUrl,
      true,
    ]);
  } finally {
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("deleting the song removes both takes' audio and their timed lyrics", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t);
  const blobIds = order.songTakes!.map((take) => take.blobId);
  for (const blobId of blobIds) await putTimedLyrics(t.kv, blobId, LYRICS);
  await deleteOrder(t.kv, t.deps.blobs, order.id);
  for (const blobId of blobIds) assertEquals(await getBlobMeta(t.kv, blobId), null);
  assertEquals((await readTimings(t.kv, blobIds)).size, 0);
});

Deno.test("the preview's timed lyrics are staff's alone, per take", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t);
  await putTimedLyrics(t.kv, order.songTakes![1].blobId, LYRICS);
  const response = await t.request(`/api/admin/orders/${order.id}/timed-lyrics`, {
    headers: await adminHeaders(t),
  });
  assertEquals(await response.json(), { takes: [{ take: 1, timing: null }, { take: 2, timing: LYRICS }] });
  const visitor = await t.request(`/api/admin/orders/${order.id}/timed-lyrics`);
  assertEquals(visitor.status, 401);
  await visitor.body?.cancel();
});
