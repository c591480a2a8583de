/**
 * `deno task blobs:migrate` (issue 22): songs kept in KV chunks move to the bucket one blob at a time,
 * verified before the switch, without changing any URL; a run stopped anywhere is finished by the next.
 */
import { assert, assertEquals, assertMatch, assertRejects } from "@std/assert";
import { parseConfig } from "../../../domain/config.ts";
import { BlobStoreError } from "../../../kv/blobs.ts";
import { blobsInKv, moveBlobToBucket } from "../../../kv/blob_migration.ts";
import { type BlobBucket, createBlobStore, objectKeyOf } from "../../../kv/blob_store.ts";
import { blobCensus } from "../../../kv/blob_census.ts";
import { keys } from "../../../kv/keys.ts";
import { createS3Bucket } from "../../../providers/blobs/s3.ts";
import { startLoopbackS3 } from "../../../fakes/s3_server.ts";
import { createTestApp } from "../../helpers.ts";
import { deliveredOrder } from "../delivery/helpers.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function patterned(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 8)) & 0xff;
  return bytes;
}

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix })) found.push(entry.key);
  return found;
}

Deno.test("a delivered song moves to the bucket and keeps playing at the same URL; a second run moves nothing", async () => {
  await using s3 = await startLoopbackS3();
  // The bucket is configured, new songs still go to KV: the state before a migration.
  await using t = await createTestApp({ env: { ...s3.env, BLOB_STORE: "kv" } });
  const order = await deliveredOrder(t);
  const path = new URL(order.songUrl!).pathname;
  const before = new Uint8Array(await (await t.request(path)).arrayBuffer());
  const blobIds = order.songTakes!.map((take) => take.blobId);
  for (const id of blobIds) assertEquals((await t.deps.blobs.meta(id))?.store, "kv");

  const bucket = t.deps.blobs.bucket!;
  for await (const meta of blobsInKv(t.kv)) {
    assertEquals(await moveBlobToBucket(t.kv, bucket, meta.id, NOW), "moved");
  }
  for (const id of blobIds) {
    assertEquals((await t.deps.blobs.meta(id))?.store, "s3");
    assertEquals(await keysUnder(t.kv, keys.blobChunks(id)), [], "the chunks are freed");
  }
  assertEquals(await keysUnder(t.kv, keys.blobsStaged()), []);
  const after = await t.request(path, { headers: { range: "bytes=0-" } });
  assertEquals(after.status, 206);
  assertEquals(new Uint8Array(await after.arrayBuffer()), before);

  for (const id of blobIds) assertEquals(await moveBlobToBucket(t.kv, bucket, id, NOW), "already");
  assertEquals(await blobCensus(t.kv, bucket), { inKv: 0, inBucket: 2, missingFromBucket: [] });
});

/** The bucket, failing the read-back of the next copy once: a process that stops before its switch. */
function stoppingBeforeTheSwitch(bucket: BlobBucket): BlobBucket {
  let stop = true;
  return {
    ...bucket,
    putObject: (key, bytes, type) => bucket.putObject(key, bytes, type),
    getObject(key, range, signal) {
      if (stop) {
        stop = false;
        return Promise.reject(new BlobStoreError("the process died here"));
      }
      return bucket.getObject(key, range, signal);
    },
  };
}

Deno.test("a run stopped between the copy and the switch leaves the song in KV, and the next run or the sweep finishes it", async () => {
  await using s3 = await startLoopbackS3();
  const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "kv", () => NOW);
  const first = await store.put(patterned(130_000, 1), { contentType: "audio/mpeg", now: NOW });
  const second = await store.put(patterned(90_000, 2), { contentType: "audio/mpeg", now: NOW });

  await assertRejects(
    () => moveBlobToBucket(kv, stoppingBeforeTheSwitch(bucket), first.id, NOW),
    BlobStoreError,
  );
  assertEquals((await store.meta(first.id))?.store, "kv", "still read from KV");
  assertEquals(await store.readBytes(first), patterned(130_000, 1));
  assert(await bucket.getObject(objectKeyOf(first.id), null).then((body) => body?.cancel().then(() => true)));
  assertEquals(await moveBlobToBucket(kv, bucket, first.id, NOW + 1000), "moved");
  assertEquals(await store.readBytes((await store.meta(first.id))!), patterned(130_000, 1));

  // Left alone instead, the copy nobody switched to is swept; the song stays in KV and moves later.
  await assertRejects(
    () => moveBlobToBucket(kv, stoppingBeforeTheSwitch(bucket), second.id, NOW),
    BlobStoreError,
  );
  assertEquals(await store.sweepStaged(NOW + DAY), 1);
  assertEquals(await bucket.getObject(objectKeyOf(second.id), null), null);
  assertEquals(await store.readBytes(second), patterned(90_000, 2));
  assertEquals(await moveBlobToBucket(kv, bucket, second.id, NOW + DAY), "moved");
  assertEquals(await keysUnder(kv, keys.blobsStaged()), []);
  assertEquals(await keysUnder(kv, ["blob_chunks"]), []);
});

Deno.test("a copy a concurrent sweep deletes right after the switch is written again before the chunks go", async () => {
  await using s3 = await startLoopbackS3();
  const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
  using kv = await Deno.openKv(":memory:");
  const store = createBlobStore(kv, bucket, "kv", () => NOW);
  const song = await store.put(patterned(80_000, 3), { contentType: "audio/mpeg", now: NOW });
  let reads = 0;
  const sweptMeanwhile: BlobBucket = {
    ...bucket,
    async getObject(key, range, signal) {
      // The second read is the look after the switch: a sweep got there first.
      if (++reads === 2) await bucket.deleteObject(key);
      return await bucket.getObject(key, range, signal);
    },
  };
  assertEquals(await moveBlobToBucket(kv, sweptMeanwhile, song.id, NOW), "moved");
  assertEquals(await store.readBytes((await store.meta(song.id))!), patterned(80_000, 3));
  assertEquals(await keysUnder(kv, keys.blobChunks(song.id)), []);
});

Deno.test("deno task blobs:migrate moves a KV file's songs and says so; run again, it moves none", async () => {
  await using s3 = await startLoopbackS3();
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/app.kv`;
    {
      using kv = await Deno.openKv(path);
      for (let i = 0; i < 3; i++) {
        await createBlobStore(kv, null, "kv").put(patterned(70_000, i), {
          contentType: "audio/mpeg",
          now: NOW,
        });
      }
    }
    const run = async () => {
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "tools/blobs_migrate.ts", "--kv", path],
        env: { ...s3.env, BLOB_STORE: "s3", APP_ENV: "test" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
    };
    const first = await run();
    assertEquals(first.code, 0, first.stderr);
    assertMatch(first.stderr, /Moved 3 \(0\.2 MB/);
    const second = await run();
    assertEquals(second.code, 0, second.stderr);
    assertMatch(second.stderr, /^0 songs' audio in KV/m);
    using kv = await Deno.openKv(path);
    const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
    assertEquals(await blobCensus(kv, bucket), { inKv: 0, inBucket: 3, missingFromBucket: [] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
