import type { BlobStoreName } from "../domain/config.ts";
import { hex } from "../domain/account/tokens.ts";
import { keys } from "./keys.ts";

/**
 * Binary blobs (songs, uploads): a meta record in KV for each, and the bytes either in KV itself, so the
 * app needs no other storage, or in an S3 bucket (kv/blob_store.ts). A KV value must stay under 64 KiB,
 * so a blob in KV is cut into chunks under `blobChunk(id, i)`; the meta record written after the last
 * chunk is what makes a blob exist. A write that dies half-way leaves bytes nobody can see, marked as
 * staged for the sweep, never a blob with holes.
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
  /** Where the bytes are; absent on blobs from before the bucket, which are all in KV. */
  store?: BlobStoreName;
}

/** Where a blob's bytes are. */
export function storeOf(meta: BlobMeta): BlobStoreName {
  return meta.store ?? "kv";
}

/** The record of bytes `store` holds for a blob not yet committed (keys.blobStaged). */
export interface StagedBytes {
  id: string;
  store: BlobStoreName;
  /** When they were written (ms): the sweep leaves young ones alone. */
  stagedAt: number;
}

/** The meta record of `bytes` about to be written to `store`. */
export async function describeBlob(
  bytes: Uint8Array,
  options: { contentType: string; now: number; store: BlobStoreName },
): Promise<BlobMeta> {
  const inKv = options.store === "kv";
  return {
    id: crypto.randomUUID(),
    size: bytes.byteLength,
    contentType: options.contentType,
    chunkSize: inKv ? BLOB_CHUNK_BYTES : 0,
    chunkCount: inKv ? Math.ceil(bytes.byteLength / BLOB_CHUNK_BYTES) : 0,
    sha256: await sha256Hex(bytes),
    createdAt: new Date(options.now).toISOString(),
    store: options.store,
  };
}

/**
 * Marks bytes about to be written, so that if nothing ever commits them the sweep removes them. Marking
 * again restarts the grace (a migration run again after a crash writes the same object anew).
 */
export async function markStaged(
  kv: Deno.Kv,
  id: string,
  store: BlobStoreName,
  stagedAt: number,
): Promise<void> {
  await commitOrThrow(stageIn(kv.atomic(), id, store, stagedAt), `the staging of blob ${id}`);
}

export function stageIn(
  operation: Deno.AtomicOperation,
  id: string,
  store: BlobStoreName,
  stagedAt: number,
): Deno.AtomicOperation {
  const staged: StagedBytes = { id, store, stagedAt };
  return operation.set(keys.blobStaged(id, store), staged);
}

/**
 * Adds to `operation` what makes staged bytes a blob: its meta record (checked, so an id is never
 * reused) and the end of its staging. Callers commit it with the write that takes the blob (the order
 * that owns the song, the upload's record), so a blob is never without its owner.
 */
export function commitBlob(operation: Deno.AtomicOperation, meta: BlobMeta): Deno.AtomicOperation {
  return operation
    .check({ key: keys.blob(meta.id), versionstamp: null })
    .set(keys.blob(meta.id), meta)
    .delete(keys.blobStaged(meta.id, storeOf(meta)));
}

/** Writes a blob's chunks into KV, a few per atomic operation; the meta record is the caller's. */
export async function writeBlobChunks(kv: Deno.Kv, meta: BlobMeta, bytes: Uint8Array): Promise<void> {
  for (let first = 0; first < meta.chunkCount; first += BLOB_CHUNKS_PER_COMMIT) {
    const operation = kv.atomic();
    for (let index = first; index < Math.min(first + BLOB_CHUNKS_PER_COMMIT, meta.chunkCount); index++) {
      const offset = index * BLOB_CHUNK_BYTES;
      operation.set(keys.blobChunk(meta.id, index), bytes.subarray(offset, offset + BLOB_CHUNK_BYTES));
    }
    await commitOrThrow(operation, `chunks of blob ${meta.id}`);
  }
}

/** A commit that did not go through, or chunks that are not what the meta record promises. */
export class BlobStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlobStoreError";
  }
}

/**
 * The bucket did not take a write (unreachable, refusing, timing out): our own storage is away, which
 * is ours to wait out, never a failure of the work that wanted to keep the bytes (kv/storage_health.ts).
 */
export class StorageUnavailableError extends BlobStoreError {
  constructor(message: string, options?: ErrorOptions) {
    super(message);
    this.name = "StorageUnavailableError";
    if (options?.cause) this.cause = options.cause;
  }
}

/** Bytes a blob's record promises and its store no longer has: gone for good, not "try again". */
export class BlobMissingError extends BlobStoreError {
  constructor(message: string) {
    super(message);
    this.name = "BlobMissingError";
  }
}

export async function getBlobMeta(kv: Deno.Kv, id: string): Promise<BlobMeta | null> {
  return (await kv.get<BlobMeta>(keys.blob(id))).value;
}

/**
 * The bytes `start` to `endInclusive` of a blob, read lazily: only the chunks covering the range,
 * a few at a time, as the consumer pulls. A chunk found missing (the blob was deleted meanwhile)
 * errors the stream rather than ending it short.
 */
export function readBlobChunks(
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
  for await (const part of readBlobChunks(kv, meta)) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * Removes a blob's meta record, so it is gone for readers at once, and in the same write marks its bytes
 * as staged: whoever deletes them clears the mark, and if that never happens the sweep does it.
 * Answers the record as it was, or null when there was none.
 */
export async function removeBlobRecord(kv: Deno.Kv, id: string, now: number): Promise<BlobMeta | null> {
  for (;;) {
    const entry = await kv.get<BlobMeta>(keys.blob(id));
    if (!entry.value) return null;
    const operation = stageIn(kv.atomic().check(entry).delete(entry.key), id, storeOf(entry.value), now);
    if ((await operation.commit()).ok) return entry.value;
  }
}

/** Ends the staging of bytes that are gone. */
export async function clearStaged(kv: Deno.Kv, id: string, store: BlobStoreName): Promise<void> {
  await kv.delete(keys.blobStaged(id, store));
}

/** Deletes the chunks of a blob whose meta record says how many there are, or finds them by listing. */
export async function deleteBlobChunks(kv: Deno.Kv, id: string, meta: BlobMeta | null): Promise<void> {
  let chunkKeys: Deno.KvKey[];
  if (meta) {
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
}

async function commitOrThrow(operation: Deno.AtomicOperation, what: string) {
  const result = await operation.commit();
  if (!result.ok) throw new BlobStoreError(`Could not commit ${what}.`);
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // The DOM typing refuses views that might be over a SharedArrayBuffer; digest reads either kind.
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
}
