import { assert, assertEquals, assertRejects, assertStringIncludes } from "@std/assert";
import { parseConfig } from "../../../domain/config.ts";
import { BlobStoreError, StorageUnavailableError } from "../../../kv/blobs.ts";
import { STORAGE_RECHECK_MS } from "../../../domain/admin/storage_outage.ts";
import { readStorageOutage } from "../../../kv/storage_health.ts";
import { type BlobBucket, createBlobStore, objectKeyOf } from "../../../kv/blob_store.ts";
import { keys } from "../../../kv/keys.ts";
import { createS3Bucket } from "../../../providers/blobs/s3.ts";
import { startLoopbackS3 } from "../../../fakes/s3_server.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const MP3 = { contentType: "audio/mpeg", now: NOW };
const LATER = NOW + 24 * 60 * 60 * 1000;

function patterned(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix })) found.push(entry.key);
  return found;
}

async function bucketFixture() {
  const s3 = await startLoopbackS3();
  const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
  return { s3, bucket };
}

async function objectBytes(bucket: ReturnType<typeof createS3Bucket>, blobId: string) {
  const body = await bucket.getObject(objectKeyOf(blobId), null);
  return body ? new Uint8Array(await new Response(body).arrayBuffer()) : null;
}

Deno.test("a blob written to the bucket is one object, read whole and by range, with no chunks in KV", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "s3");
  const bytes = patterned(250_000);
  const meta = await store.put(bytes, MP3);

  assertEquals(meta.store, "s3");
  assertEquals(await store.meta(meta.id), meta);
  assertEquals(await keysUnder(kv, keys.blobChunks(meta.id)), []);
  assertEquals(await keysUnder(kv, keys.blobsStaged()), [], "the commit ends the staging");
  assertEquals(await objectBytes(bucket, meta.id), bytes);
  assertEquals(await store.readBytes(meta), bytes);
  for (const [start, end] of [[0, 0], [59_990, 60_009], [249_000, 249_999], [7, 6]]) {
    const read = new Uint8Array(await new Response(await store.read(meta, start, end)).arrayBuffer());
    assertEquals(read, bytes.slice(start, end + 1), `${start}-${end}`);
  }

  assertEquals(await store.delete(meta.id), true);
  assertEquals(await store.meta(meta.id), null);
  assertEquals(await objectBytes(bucket, meta.id), null);
  assertEquals(await keysUnder(kv, keys.blobsStaged()), []);
  assertEquals(await store.delete(meta.id), false);
});

Deno.test("staged bytes no write ever took are swept from the bucket once their grace is over; committed ones stay", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "s3");
  const kept = await store.put(patterned(1000), MP3);
  // A process that died between writing the object and the order's commit.
  const orphan = await store.stage(patterned(2000), MP3);
  assertEquals(await store.meta(orphan.id), null);
  assert(await objectBytes(bucket, orphan.id));

  assertEquals(await store.sweepStaged(NOW), 0, "too young to sweep");
  assert(await objectBytes(bucket, orphan.id));
  assertEquals(await store.sweepStaged(LATER), 1);
  assertEquals(await objectBytes(bucket, orphan.id), null);
  assertEquals(await keysUnder(kv, keys.blobsStaged()), []);
  assertEquals(await store.readBytes(kept), patterned(1000));
});

Deno.test("the order's commit is what makes a staged blob exist, and a lost commit discards it", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "s3");
  const staged = await store.stage(patterned(500), MP3);
  const owner = ["test_owner", "order-1"];
  const taken = await store.commit(kv.atomic().set(owner, staged.id), staged).commit();
  assert(taken.ok);
  assertEquals((await store.meta(staged.id))?.sha256, staged.sha256);

  const lost = await store.stage(patterned(600), MP3);
  const refused = await store.commit(kv.atomic().check({ key: owner, versionstamp: null }), lost).commit();
  assertEquals(refused.ok, false);
  await store.discard(lost);
  assertEquals(await objectBytes(bucket, lost.id), null);
  assertEquals(await keysUnder(kv, keys.blobsStaged()), []);
});

Deno.test("a store writing to KV still reads what is in the bucket, and KV blobs need no bucket", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const inBucket = await createBlobStore(kv, bucket, "s3").put(patterned(3000), MP3);
  const rolledBack = createBlobStore(kv, bucket, "kv");
  const inKv = await rolledBack.put(patterned(4000), MP3);
  assertEquals(inKv.store, "kv");
  assertEquals(await rolledBack.readBytes(inBucket), patterned(3000));
  assertEquals(await rolledBack.readBytes(inKv), patterned(4000));
  assertEquals(await rolledBack.presignedUrl(inKv, { expiresInSeconds: 60 }), null);

  const withoutBucket = createBlobStore(kv, null, "kv");
  assertEquals(await withoutBucket.readBytes(inKv), patterned(4000));
  await assertRejects(() => withoutBucket.readBytes(inBucket), BlobStoreError, "no bucket is configured");
});

Deno.test("deleting while the bucket is away still deletes the blob; the sweep removes its object later", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const meta = await createBlobStore(kv, bucket, "s3", () => NOW).put(patterned(3000), MP3);
  const away: BlobBucket = {
    ...bucket,
    deleteObject: () => Promise.reject(new BlobStoreError("fetch failed")),
  };
  assertEquals(await createBlobStore(kv, away, "s3", () => NOW).delete(meta.id), true);
  assertEquals(await kv.get(keys.blob(meta.id)).then((entry) => entry.value), null);
  assert(await objectBytes(bucket, meta.id), "the object waits for the sweep");
  assertEquals(await createBlobStore(kv, bucket, "s3").sweepStaged(LATER), 1);
  assertEquals(await objectBytes(bucket, meta.id), null);
});

Deno.test("an object gone from the bucket errors the read instead of ending it short", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "s3");
  const meta = await store.put(patterned(5000), MP3);
  await bucket.deleteObject(objectKeyOf(meta.id));
  await assertRejects(() => store.readBytes(meta), BlobStoreError, "missing");
});

Deno.test("a presigned URL reads the object without credentials, with the download's name and a range", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "s3");
  const meta = await store.put(patterned(9000), MP3);
  const url = await store.presignedUrl(meta, {
    expiresInSeconds: 60,
    contentType: "audio/mpeg",
    contentDisposition: 'attachment; filename="Mias-Song.mp3"',
  });
  assert(url?.startsWith(s3.endpoint) && url.includes("X-Amz-Signature="), url ?? "");
  const answer = await fetch(url!, { headers: { range: "bytes=100-199" } });
  assertEquals(answer.status, 206);
  assertEquals(answer.headers.get("content-disposition"), 'attachment; filename="Mias-Song.mp3"');
  assertEquals(new Uint8Array(await answer.arrayBuffer()), patterned(9000).slice(100, 200));

  const shortLived = await store.presignedUrl(meta, { expiresInSeconds: 1 });
  const expired = await withServerClockAhead(2_000, () => fetch(shortLived!));
  assertEquals(expired.status, 403, "an expired URL reads nothing");
  assertStringIncludes(await expired.text(), "Request has expired");
});

Deno.test("KV-only helpers and the store agree on what a KV blob is", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, null, "kv");
  const meta = await store.put(patterned(70_000), MP3);
  assertEquals(await store.readBytes(meta), patterned(70_000));
  assertEquals(await store.delete(meta.id), true);
  assertEquals(await keysUnder(kv, keys.blobChunks(meta.id)), []);
  assertEquals(await keysUnder(kv, keys.blobsStaged()), []);
});

/**
 * Runs `fn` with the process's `Date` `ms` ahead: the loopback S3 server runs in this process and
 * reads its time from `new Date()`, so a URL signed a moment ago is, to it, `ms` older. The module's
 * tests run one at a time, so none sees the swap.
 */
async function withServerClockAhead<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class Ahead extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      super(args.length === 0 ? RealDate.now() + ms : args[0]);
    }
    static override now() {
      return RealDate.now() + ms;
    }
  }
  globalThis.Date = Ahead as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

/** A bucket that is away: every write refused as a closed port would, counted. */
function awayBucket(): BlobBucket & { writes: number } {
  const bucket = {
    label: "bucket away",
    writes: 0,
    putObject() {
      bucket.writes++;
      return Promise.reject(new BlobStoreError("Could not write in bucket away: fetch failed"));
    },
    getObject: () => Promise.reject(new BlobStoreError("fetch failed")),
    deleteObject: () => Promise.reject(new BlobStoreError("fetch failed")),
    presignGet: () => Promise.resolve("http://bucket.invalid/x"),
  };
  return bucket;
}

Deno.test("a bucket away is tried once a minute, however many songs and health checks ask", async () => {
  using kv = await Deno.openKv(":memory:");
  const bucket = awayBucket();
  let now = NOW;
  const store = createBlobStore(kv, bucket, "s3", () => now);
  assertEquals(await store.writable(), true, "no outage is known before a write fails");
  await assertRejects(() => store.stage(patterned(3000), MP3), StorageUnavailableError, "fetch failed");
  assertEquals(bucket.writes, 1);
  assertEquals((await readStorageOutage(kv))?.since, new Date(NOW).toISOString());

  // A thousand songs asking at once, and a flood of deep health checks: no call until a minute has passed.
  const asked = await Promise.all(Array.from({ length: 1000 }, () => store.writable()));
  assert(asked.every((writable) => !writable));
  for (let i = 0; i < 100; i++) assertEquals((await store.storageState()).state, "unreachable");
  assertEquals(bucket.writes, 1);

  now += STORAGE_RECHECK_MS;
  await Promise.all(Array.from({ length: 1000 }, () => store.writable()));
  assertEquals(bucket.writes, 2, "one try for all of them");
  const outage = (await readStorageOutage(kv))!;
  assertEquals(outage.since, new Date(NOW).toISOString(), "the outage keeps its start");
  assertEquals(outage.lastFailedAt, new Date(now).toISOString());
});

Deno.test("a working bucket ends the outage at its next write; a store kept in KV meanwhile lists what to move", async () => {
  const { s3, bucket } = await bucketFixture();
  await using _ = s3;
  using kv = await Deno.openKv(":memory:");
  await createBlobStore(kv, awayBucket(), "s3", () => NOW).stage(patterned(10), MP3).catch(() => {});
  const away = createBlobStore(kv, awayBucket(), "s3", () => NOW);
  const kept = await away.put(patterned(3000), { ...MP3, ifBucketAway: "kv" });
  assertEquals(kept.store, "kv");
  assertEquals((await kv.get(keys.blobAwaitingBucket(kept.id))).value, kept.id);
  assertEquals(await away.readBytes(kept), patterned(3000));

  const store = createBlobStore(kv, bucket, "s3", () => NOW + STORAGE_RECHECK_MS);
  assertEquals(await store.writable(), true, "the one try a minute finds it back");
  assertEquals(await readStorageOutage(kv), null);
  assertEquals((await store.storageState()).state, "ok");
});
