/**
 * Songs in an S3 bucket (issue 22), against a real S3 API server on loopback: the pipeline writes both
 * takes there, and serving keeps its guarantees (the review gate, ranges, ETags, the download's name, one
 * URL per song), streamed through the app or redirected to a presigned URL.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { downloadFileName } from "../../domain/song/download.ts";
import type { Order } from "../../domain/order/orders.ts";
import { objectKeyOf } from "../../kv/blob_store.ts";
import { keys } from "../../kv/keys.ts";
import { deleteOrder } from "../../kv/order_removal.ts";
import { startLoopbackS3 } from "../../fakes/s3_server.ts";
import { synthMp3 } from "../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../helpers.ts";
import { adminHeaders, deliveredOrder } from "./delivery/helpers.ts";
import { placeOrder, runPipeline } from "./jobs/helpers.ts";

const ADMIN = "boss@example.com";

async function bucketApp(serving: "stream" | "presigned") {
  const s3 = await startLoopbackS3();
  const t = await createTestApp({
    env: { ...s3.env, BLOB_STORE: "s3", BLOB_SERVING: serving, ADMIN_EMAILS: ADMIN },
  });
  return {
    s3,
    t,
    async [Symbol.asyncDispose]() {
      await t[Symbol.asyncDispose]();
      await s3.close();
    },
  };
}

async function objectOf(t: TestApp, blobId: string): Promise<Uint8Array | null> {
  const body = await t.deps.blobs.bucket!.getObject(objectKeyOf(blobId), null);
  return body ? new Uint8Array(await new Response(body).arrayBuffer()) : null;
}

async function countUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  let count = 0;
  for await (const _ of kv.list({ prefix })) count++;
  return count;
}

const pathOf = (songUrl: string) => new URL(songUrl).pathname;
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

Deno.test("the pipeline keeps both takes in the bucket, and the app streams them with ranges and ETags", async () => {
  await using fixture = await bucketApp("stream");
  const { t } = fixture;
  const order = await deliveredOrder(t);
  assertEquals(order.songTakes?.length, 2);
  for (const take of order.songTakes!) {
    const meta = (await t.deps.blobs.meta(take.blobId))!;
    assertEquals(meta.store, "s3");
    assertEquals(await countUnder(t.kv, keys.blobChunks(take.blobId)), 0, "no audio in KV");
    assertEquals((await objectOf(t, take.blobId))?.byteLength, meta.size);
  }
  assertEquals(await countUnder(t.kv, keys.blobsStaged()), 0, "every staged take was committed");

  const song = (await objectOf(t, order.songBlobId!))!;
  const path = pathOf(order.songUrl!);
  const whole = await t.request(path);
  assertEquals(whole.status, 200);
  assertEquals(whole.headers.get("content-length"), String(song.byteLength));
  assertEquals(await bytesOf(whole), song);

  const range = await t.request(path, { headers: { range: "bytes=1000-1999" } });
  assertEquals(range.status, 206);
  assertEquals(range.headers.get("content-range"), `bytes 1000-1999/${song.byteLength}`);
  assertEquals(await bytesOf(range), song.slice(1000, 2000));

  const first = await t.request(path, { headers: { range: "bytes=0-0" } });
  assertEquals(await bytesOf(first), song.slice(0, 1));

  const etag = whole.headers.get("etag")!;
  const again = await t.request(path, { headers: { "if-none-match": etag } });
  assertEquals(again.status, 304);
  await again.body?.cancel();

  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(download.status, 200);
  assertStringIncludes(download.headers.get("content-disposition")!, downloadFileName(order));
  assertEquals(await bytesOf(download), song);

  // Streaming changes nothing in the policy: the player's one origin is ours.
  const page = await t.request("/");
  await page.body?.cancel();
  assertStringIncludes(page.headers.get("content-security-policy")!, "media-src 'self' blob:;");
});

Deno.test("presigned serving: the same gate, then a short-lived URL that carries the range and the file name", async () => {
  await using fixture = await bucketApp("presigned");
  const { t, s3 } = fixture;
  const order = await deliveredOrder(t);
  const song = (await objectOf(t, order.songBlobId!))!;

  const audio = await t.request(pathOf(order.songUrl!));
  assertEquals(audio.status, 302);
  assertEquals(audio.headers.get("cache-control"), "private, no-store");
  const location = audio.headers.get("location")!;
  assert(location.startsWith(`${s3.endpoint}/`) && location.includes("X-Amz-Signature="), location);
  const followed = await fetch(location, { headers: { range: "bytes=10-19" } });
  assertEquals(followed.status, 206);
  assertEquals(await bytesOf(followed), song.slice(10, 20));

  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(download.status, 302);
  const file = await fetch(download.headers.get("location")!);
  assertStringIncludes(file.headers.get("content-disposition")!, downloadFileName(order));
  assertEquals(await bytesOf(file), song);

  const page = await t.request("/");
  await page.body?.cancel();
  assertStringIncludes(page.headers.get("content-security-policy")!, `media-src 'self' blob: ${s3.endpoint}`);

  // Before delivery there is nothing to redirect to: the review gate answers first.
  const placed = await placeOrder(t, { childName: "Leo" });
  const made: Order = await runPipeline(t, placed.id);
  assertEquals(made.status, "completed");
  const early = await t.request(`/api/download/${made.id}`);
  assertEquals(early.status, 404);
  assertEquals((await early.json()).message, "This song is not ready yet.");
});

Deno.test("deleting a song removes both takes from the bucket; an upload goes to the bucket too", async () => {
  await using fixture = await bucketApp("stream");
  const { t } = fixture;
  const order = await deliveredOrder(t);
  const blobIds = order.songTakes!.map((take) => take.blobId);
  await deleteOrder(t.kv, t.deps.blobs, order.id);
  for (const blobId of blobIds) {
    assertEquals(await t.deps.blobs.meta(blobId), null);
    assertEquals(await objectOf(t, blobId), null);
  }
  assertEquals(await countUnder(t.kv, keys.blobsStaged()), 0);

  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "song.mp3", { type: "audio/mpeg" }),
  );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const uploaded = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: {
      ...await adminHeaders(t),
      "content-type": request.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  assertEquals(uploaded.status, 201);
  const { songUrl } = await uploaded.json();
  const blobId = pathOf(songUrl).replace("/audio/", "").replace(".mp3", "");
  assertEquals((await t.deps.blobs.meta(blobId))?.store, "s3");
  assertEquals(await objectOf(t, blobId), synthMp3());
});

Deno.test("a song the bucket lost is 'not found', and a bucket that is away is 'not now', never a 200 that breaks off", async () => {
  await using fixture = await bucketApp("stream");
  const { t, s3 } = fixture;
  const order = await deliveredOrder(t);
  const [song, other] = order.songTakes!;
  // Offered, so the family may play it: its address is answered from the bucket.
  const offered = await t.request(
    `/api/admin/orders/${order.id}/bonus-take`,
    jsonBody({ offered: true }, { headers: await adminHeaders(t) }),
  );
  assertEquals(offered.status, 200);
  await offered.body?.cancel();

  await t.deps.blobs.bucket!.deleteObject(objectKeyOf(other.blobId));
  const lost = await t.request(pathOf(other.songUrl));
  assertEquals(lost.status, 404);
  assertEquals((await lost.json()).message, "This song could not be found.");

  await s3.close();
  for (const path of [pathOf(song.songUrl), `/api/download/${order.id}`]) {
    const away = await t.request(path, { headers: { range: "bytes=0-99" } });
    assertEquals(away.status, 503, path);
    assertEquals(away.headers.get("retry-after"), "5");
    assertEquals(
      (await away.json()).message,
      "This song can't be played right now. Please try again in a moment.",
    );
  }
});
