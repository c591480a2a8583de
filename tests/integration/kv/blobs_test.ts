import { assert, assertEquals, assertRejects, assertThrows } from "@std/assert";
import {
  BLOB_CHUNK_BYTES,
  type BlobMeta,
  BlobStoreError,
  getBlobMeta,
  readBlobBytes,
  readBlobChunks as readBlob,
} from "../../../kv/blobs.ts";
import { createBlobStore } from "../../../kv/blob_store.ts";
import { keys } from "../../../kv/keys.ts";

/** A blob in KV, as the app writes one without a bucket. */
const putBlob = (kv: Deno.Kv, bytes: Uint8Array, options: { contentType: string; now: number }) =>
  createBlobStore(kv, null, "kv").put(bytes, options);
const deleteBlob = (kv: Deno.Kv, id: string) => createBlobStore(kv, null, "kv").delete(id);

const NOW = Date.parse("2026-01-15T12:00:00Z");
const MP3 = { contentType: "audio/mpeg", now: NOW };

/** Bytes that differ from one position to the next, so a misplaced slice cannot pass. */
function patterned(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix })) found.push(entry.key);
  return found;
}

async function parts(stream: ReadableStream<Uint8Array>) {
  const read: Uint8Array[] = [];
  for await (const part of stream) read.push(part);
  return read;
}

/** The store's KV with its atomic operations counted, and optionally one of them failing (a crash). */
function watchedKv(kv: Deno.Kv, crashOnAtomic?: number) {
  const watch = { atomics: 0 };
  const proxy = new Proxy(kv, {
    get(target, property) {
      if (property === "atomic") {
        return () => {
          watch.atomics++;
          if (watch.atomics === crashOnAtomic) throw new Error("the process died here");
          return target.atomic();
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: proxy, watch };
}

Deno.test("blobs of any size come back byte for byte, with their meta", async () => {
  using kv = await Deno.openKv(":memory:");
  for (const size of [0, 1, BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES + 1, 3_000_000]) {
    const bytes = patterned(size);
    const meta = await putBlob(kv, bytes, MP3);
    assertEquals(meta, {
      id: meta.id,
      size,
      contentType: "audio/mpeg",
      chunkSize: BLOB_CHUNK_BYTES,
      chunkCount: Math.ceil(size / BLOB_CHUNK_BYTES),
      sha256: await sha256Hex(bytes),
      createdAt: "2026-01-15T12:00:00.000Z",
      store: "kv",
    });
    assertEquals(await getBlobMeta(kv, meta.id), meta);
    assertEquals(await readBlobBytes(kv, meta), bytes, `size ${size}`);
    assertEquals((await keysUnder(kv, keys.blobChunks(meta.id))).length, meta.chunkCount);
  }
  assertEquals(await getBlobMeta(kv, crypto.randomUUID()), null);
});

Deno.test("chunks are written ten to an atomic operation, between the staging mark and the meta record", async () => {
  using store = await Deno.openKv(":memory:");
  const { kv, watch } = watchedKv(store);
  const meta = await putBlob(kv, patterned(3_000_000), MP3);
  assertEquals(meta.chunkCount, 50);
  assertEquals(watch.atomics, 1 + 5 + 1);
  assertEquals(await keysUnder(store, keys.blobsStaged()), [], "the commit ends the staging");
});

Deno.test("a range reads only the chunks that cover it, sliced at both ends", async () => {
  using kv = await Deno.openKv(":memory:");
  const size = 2 * BLOB_CHUNK_BYTES + 1;
  const bytes = patterned(size);
  const meta = await putBlob(kv, bytes, MP3);
  const ranges: [number, number, number][] = [
    [0, 0, 1],
    [10, 59_999, 1],
    [59_990, 60_009, 2],
    [60_000, 60_000, 1],
    [119_999, 120_000, 2],
    [size - 1, size - 1, 1],
    [5, size - 1, 3],
  ];
  for (const [start, end, chunks] of ranges) {
    const read = await parts(readBlob(kv, meta, start, end));
    assertEquals(read.length, chunks, `${start}-${end}`);
    const joined = new Uint8Array(await new Blob(read as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    assertEquals(joined, bytes.slice(start, end + 1), `${start}-${end}`);
  }
  assertEquals(await parts(readBlob(kv, meta, 7, 6)), []);
  assertThrows(() => readBlob(kv, meta, 0, size), RangeError);
  assertThrows(() => readBlob(kv, meta, -1, 5), RangeError);
});

Deno.test("a deleted blob is gone at once, chunks and all", async () => {
  using kv = await Deno.openKv(":memory:");
  const meta = await putBlob(kv, patterned(150_000), MP3);
  const kept = await putBlob(kv, patterned(10), MP3);
  assertEquals(await deleteBlob(kv, meta.id), true);
  assertEquals(await getBlobMeta(kv, meta.id), null);
  assertEquals(await keysUnder(kv, keys.blobChunks(meta.id)), []);
  assertEquals(await deleteBlob(kv, meta.id), false);
  assertEquals(await readBlobBytes(kv, kept), patterned(10));
});

Deno.test("a write that dies before its meta record leaves no blob, and its chunks can be cleared", async () => {
  using store = await Deno.openKv(":memory:");
  const { kv } = watchedKv(store, 3);
  await assertRejects(() => putBlob(kv, patterned(700_000), MP3), Error, "the process died here");
  assertEquals(await keysUnder(store, ["blobs"]), []);
  const orphans = await keysUnder(store, ["blob_chunks"]);
  assertEquals(orphans.length, 10);
  const orphanId = String(orphans[0][1]);
  assertEquals(await getBlobMeta(store, orphanId), null);
  assertEquals(await deleteBlob(store, orphanId), false);
  assertEquals(await keysUnder(store, ["blob_chunks"]), []);
});

Deno.test("a chunk that went missing fails the read instead of ending it short", async () => {
  using kv = await Deno.openKv(":memory:");
  const meta: BlobMeta = await putBlob(kv, patterned(3 * BLOB_CHUNK_BYTES), MP3);
  await kv.delete(keys.blobChunk(meta.id, 1));
  await assertRejects(() => readBlobBytes(kv, meta), BlobStoreError, "Chunk 1");
  assert((await parts(readBlob(kv, meta, 0, 100))).length === 1);
});
