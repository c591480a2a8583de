import { hex } from "../domain/tokens.ts";
import { keys } from "./keys.ts";

/**
 * Binary blobs (songs, uploads) kept in KV itself, so the app needs no other storage. A KV value must
 * stay under 64 KiB, so a blob is cut into chunks under `blobChunk(id, i)`; the meta record written
 * after the last chunk is what makes a blob exist. A write that dies half-way leaves chunks nobody
 * can see (deleteBlob clears them), never a blob with holes.
 */

/** Under the 64 KiB value limit with room to spare. */
export const BLOB_CHUNK_BYTES = 60_000;
/** ≈ 600 KB per atomic operation, well under its 800 KB and 1,000 mutation limits. */
const BLOB_CHUNKS_PER_COMMIT = 10;
/** Deletes are tiny, so more fit in one operation. */
const DELETES_PER_COMMIT = 100;

export interface BlobMeta {
  id: string;
  size: number;
  contentType: string;
  chunkSize: number;
  chunkCount: number;
  /** Hex SHA-256 of the bytes: a strong ETag, and a check for anyone who copies the blob elsewhere. */
  sha256: string;
  createdAt: string;
}

/** A commit that did not go through, or chunks that are not what the meta record promises. */
export class BlobStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlobStoreError";
  }
}

export async function putBlob(
  kv: Deno.Kv,
  bytes: Uint8Array,
  meta: { contentType: string; now: number },
): Promise<BlobMeta> {
  const id = crypto.randomUUID();
  const chunkCount = Math.ceil(bytes.byteLength / BLOB_CHUNK_BYTES);
  for (let first = 0; first < chunkCount; first += BLOB_CHUNKS_PER_COMMIT) {
    const operation = kv.atomic();
    for (let index = first; index < Math.min(first + BLOB_CHUNKS_PER_COMMIT, chunkCount); index++) {
      const offset = index * BLOB_CHUNK_BYTES;
      operation.set(keys.blobChunk(id, index), bytes.subarray(offset, offset + BLOB_CHUNK_BYTES));
    }
    await commitOrThrow(operation, `chunks of blob ${id}`);
  }
  const blob: BlobMeta = {
    id,
    size: bytes.byteLength,
    contentType: meta.contentType,
    chunkSize: BLOB_CHUNK_BYTES,
    chunkCount,
    sha256: await sha256Hex(bytes),
    createdAt: new Date(meta.now).toISOString(),
  };
  // The check keeps the promise that an id is never reused, however unlikely a collision is.
  await commitOrThrow(
    kv.atomic().check({ key: keys.blob(id), versionstamp: null }).set(keys.blob(id), blob),
    `blob ${id}`,
  );
  return blob;
}

export async function getBlobMeta(kv: Deno.Kv, id: string): Promise<BlobMeta | null> {
  return (await kv.get<BlobMeta>(keys.blob(id))).value;
}

/**
 * The bytes `start` to `endInclusive` of a blob, read lazily: only the chunks covering the range,
 * a few at a time, as the consumer pulls. A chunk found missing (the blob was deleted meanwhile)
 * errors the stream rather than ending it short.
 */
export function readBlob(
  kv: Deno.Kv,
  meta: BlobMeta,
  start = 0,
  endInclusive = meta.size - 1,
): ReadableStream<Uint8Array> {
  if (
    !Number.isInteger(start) || !Number.isInteger(endInclusive) || start < 0 ||
    endInclusive >= meta.size || start > endInclusive + 1
  ) {
    throw new RangeError(`Bytes ${start}-${endInclusive} are outside blob ${meta.id} of ${meta.size} bytes.`);
  }
  if (start > endInclusive) return new ReadableStream({ start: (controller) => controller.close() });

  const firstChunk = Math.floor(start / meta.chunkSize);
  const lastChunk = Math.floor(endInclusive / meta.chunkSize);
  let entries: Deno.KvListIterator<Uint8Array> | undefined;
  let expected = firstChunk;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      entries ??= kv.list<Uint8Array>(
        { start: keys.blobChunk(meta.id, firstChunk), end: keys.blobChunk(meta.id, lastChunk + 1) },
        { batchSize: BLOB_CHUNKS_PER_COMMIT },
      );
      const next = await entries.next();
      const chunk = next.done ? null : next.value;
      const chunkOffset = expected * meta.chunkSize;
      const expectedLength = Math.min(meta.chunkSize, meta.size - chunkOffset);
      if (!chunk || chunk.key[2] !== expected || chunk.value.byteLength !== expectedLength) {
        throw new BlobStoreError(`Chunk ${expected} of blob ${meta.id} is missing or damaged.`);
      }
      const from = expected === firstChunk ? start - chunkOffset : 0;
      const to = expected === lastChunk ? endInclusive - chunkOffset + 1 : expectedLength;
      controller.enqueue(chunk.value.subarray(from, to));
      expected++;
      if (expected > lastChunk) controller.close();
    },
  });
}

export async function readBlobBytes(kv: Deno.Kv, meta: BlobMeta): Promise<Uint8Array> {
  const bytes = new Uint8Array(meta.size);
  let offset = 0;
  for await (const part of readBlob(kv, meta)) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * Removes a blob: the meta record first, so it is gone for readers at once, then its chunks. Also
 * clears the invisible chunks of a write that never committed. Answers whether a blob existed.
 */
export async function deleteBlob(kv: Deno.Kv, id: string): Promise<boolean> {
  const meta = await getBlobMeta(kv, id);
  let chunkKeys: Deno.KvKey[];
  if (meta) {
    await kv.delete(keys.blob(id));
    chunkKeys = Array.from({ length: meta.chunkCount }, (_, index) => keys.blobChunk(id, index));
  } else {
    // KV cannot list keys without their values; leftovers of a failed write are rare and small.
    chunkKeys = [];
    for await (
      const entry of kv.list({ prefix: keys.blobChunks(id) }, { batchSize: BLOB_CHUNKS_PER_COMMIT })
    ) {
      chunkKeys.push(entry.key);
    }
  }
  for (let first = 0; first < chunkKeys.length; first += DELETES_PER_COMMIT) {
    const operation = kv.atomic();
    for (const key of chunkKeys.slice(first, first + DELETES_PER_COMMIT)) operation.delete(key);
    await commitOrThrow(operation, `deletion of blob ${id}`);
  }
  return meta !== null;
}

async function commitOrThrow(operation: Deno.AtomicOperation, what: string) {
  const result = await operation.commit();
  if (!result.ok) throw new BlobStoreError(`Could not commit ${what}.`);
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // The DOM typing refuses views that might be over a SharedArrayBuffer; digest reads either kind.
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
}
