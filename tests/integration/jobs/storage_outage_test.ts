import { assert, assertEquals } from "@std/assert";
import type { AttentionAnswer } from "../../../domain/admin/attention.ts";
import { STORAGE_RECHECK_MS } from "../../../domain/admin/storage_outage.ts";
import { STORAGE_WAIT_LIMIT_MS } from "../../../jobs/stages/song_status.ts";
import { objectKeyOf } from "../../../kv/blob_store.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { keys } from "../../../kv/keys.ts";
import { startLoopbackS3 } from "../../../fakes/s3_server.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { clockWorker, placeOrder, settled, stepUntil } from "./helpers.ts";

/**
 * Our own audio storage being away is ours to wait out (docs/deploy.md, "When the bucket is away"):
 * a song finished meanwhile is not failed, its family is not emailed, staff see the outage and the
 * songs waiting on it, the deep health check says so, and once the bucket is back the song is kept
 * there. Against a real S3 API server on loopback, stopped for the outage; the worker runs on the
 * test's clock.
 */
const MINUTE = 60_000;

async function attention(t: TestApp): Promise<AttentionAnswer> {
  const response = await t.request("/api/admin/attention", { headers: await adminHeaders(t) });
  assertEquals(response.status, 200);
  return await response.json();
}

async function bucketBytes(t: TestApp, blobId: string): Promise<Uint8Array | null> {
  const object = await t.deps.blobs.bucket!.getObject(objectKeyOf(blobId), null);
  return object ? new Uint8Array(await new Response(object).arrayBuffer()) : null;
}

async function listedToMove(t: TestApp): Promise<string[]> {
  const ids: string[] = [];
  for await (const entry of t.kv.list<string>({ prefix: keys.blobsAwaitingBucket() })) ids.push(entry.value);
  return ids.sort();
}

const snagEmails = async (t: TestApp) =>
  (await listDevMail(t.kv)).filter((mail) => /snag/i.test(mail.subject));

async function health(t: TestApp, path: string) {
  const response = await t.request(path);
  return { status: response.status, body: await response.json() };
}

Deno.test("a song finished while the bucket is down waits for it, fails nobody, and is kept there once it is back", async () => {
  await using s3 = await startLoopbackS3();
  await using t = await createTestApp({ env: { ...s3.env, BLOB_STORE: "s3", ...DELIVERY_ENV } });
  await using worker = clockWorker(t);
  const placed = await placeOrder(t, { childName: "Ivy", parentEmail: "ivy@example.com" });
  const making = await stepUntil(t, worker, placed.id, (order) => order.currentStage === "SUNO_STATUS");

  await s3.pause();
  const outageStart = t.clock.now();
  const during = await stepUntil(
    t,
    worker,
    placed.id,
    (order) => settled(order) || t.clock.now() >= outageStart + 30 * MINUTE,
  );
  assertEquals(during.status, "generating", during.error ?? during.statusDetail ?? "");
  assertEquals(during.retryCount, making.retryCount, "the outage costs the song none of its retries");
  assert(during.storageWaitSince, "the order says it waits for storage");
  assertEquals(await snagEmails(t), [], "no failure email");

  const staff = await attention(t);
  assert(staff.storageOutage, "staff see the outage");
  assertEquals(staff.storageWait.count, 1);
  assertEquals(staff.storageWait.orders.map((order) => order.id), [placed.id]);
  assertEquals(staff.failed.count, 0);

  // The platform's liveness check keeps its contract; the deep one names the outage.
  assertEquals(await health(t, "/healthz"), { status: 200, body: { ok: true } });
  const deep = await health(t, "/healthz?deep=1");
  assertEquals(deep.status, 503);
  assertEquals(deep.body.ok, false);
  assertEquals(deep.body.audioStorage.state, "unreachable");

  await s3.resume();
  const made = await stepUntil(t, worker, placed.id);
  assertEquals(made.status, "completed", made.error ?? "");
  assertEquals(made.storageWaitSince ?? null, null);
  assertEquals(made.songTakes?.length, 2);
  for (const take of made.songTakes!) {
    const meta = (await t.deps.blobs.meta(take.blobId))!;
    assertEquals(meta.store, "s3");
    assertEquals((await bucketBytes(t, take.blobId))?.byteLength, meta.size);
  }

  const after = await attention(t);
  assertEquals(after.storageOutage, null);
  assertEquals(after.storageWait.count, 0);
  assertEquals((await health(t, "/healthz?deep=1")).status, 200);
});

Deno.test("a bucket away past the hour: the song is kept in KV on time, plays, and moves to the bucket once it is back", async () => {
  await using s3 = await startLoopbackS3();
  await using t = await createTestApp({ env: { ...s3.env, BLOB_STORE: "s3", ...DELIVERY_ENV } });
  await using worker = clockWorker(t);
  const placed = await placeOrder(t, { childName: "Ned", parentEmail: "ned@example.com" });
  await stepUntil(t, worker, placed.id, (order) => order.currentStage === "SUNO_STATUS");

  await s3.pause();
  const outageStart = t.clock.now();
  const made = await stepUntil(t, worker, placed.id);
  assertEquals(made.status, "completed", made.error ?? "");
  assert(t.clock.now() >= outageStart + STORAGE_WAIT_LIMIT_MS, "it waited for the bucket first");
  assert(t.clock.now() < outageStart + STORAGE_WAIT_LIMIT_MS + 10 * MINUTE, "and no longer than the limit");
  const blobIds = made.songTakes!.map((take) => take.blobId).sort();
  for (const id of blobIds) assertEquals((await t.deps.blobs.meta(id))?.store, "kv");
  assertEquals(await listedToMove(t), blobIds);
  // In review, the song is staff's to hear (routes/media.ts); from KV meanwhile, as from the bucket later.
  const staffOnly = { headers: await adminHeaders(t) };
  const played = await t.request(new URL(made.songUrl!).pathname, staffOnly);
  assertEquals(played.status, 200, "the song plays from KV meanwhile");
  const song = new Uint8Array(await played.arrayBuffer());
  assertEquals(await snagEmails(t), []);
  const staff = await attention(t);
  assert(staff.storageOutage, "the bucket is still away");
  assertEquals(staff.storageWait.count, 0, "no song waits any more");

  await s3.resume();
  t.clock.advance(STORAGE_RECHECK_MS);
  await worker.sweep();
  assertEquals(await listedToMove(t), []);
  for (const id of blobIds) {
    const meta = (await t.deps.blobs.meta(id))!;
    assertEquals(meta.store, "s3");
    assertEquals((await bucketBytes(t, id))?.byteLength, meta.size);
  }
  const again = await t.request(new URL(made.songUrl!).pathname, staffOnly);
  assertEquals(new Uint8Array(await again.arrayBuffer()), song, "the same song at the same address");
  assertEquals((await attention(t)).storageOutage, null);
});

Deno.test("staff's upload while the bucket is away is kept in KV, and moved to the bucket once it is back", async () => {
  await using s3 = await startLoopbackS3();
  await using t = await createTestApp({ env: { ...s3.env, BLOB_STORE: "s3", ...DELIVERY_ENV } });
  await using worker = clockWorker(t);
  await s3.pause();

  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "song.mp3", { type: "audio/mpeg" }),
  );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const response = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: {
      ...await adminHeaders(t),
      "content-type": request.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  assertEquals(response.status, 201);
  const blobId = new URL((await response.json()).songUrl).pathname.split("/").pop()!.replace(/\.mp3$/, "");
  assertEquals((await t.deps.blobs.meta(blobId))?.store, "kv");
  assertEquals(await listedToMove(t), [blobId]);
  assert((await attention(t)).storageOutage, "staff see why");

  await s3.resume();
  t.clock.advance(STORAGE_RECHECK_MS);
  await worker.sweep();
  assertEquals((await t.deps.blobs.meta(blobId))?.store, "s3");
  assertEquals(await listedToMove(t), []);
});
