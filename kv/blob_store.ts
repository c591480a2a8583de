import type { BlobStoreName } from "../domain/config.ts";
import {
  type BlobMeta,
  BlobMissingError,
  BlobStoreError,
  clearStaged,
  commitBlob,
  deleteBlobChunks,
  describeBlob,
  getBlobMeta,
  markStaged,
  readBlobChunks,
  removeBlobRecord,
  type StagedBytes,
  StorageUnavailableError,
  storeOf,
  writeBlobChunks,
} from "./blobs.ts";
import { keys } from "./keys.ts";
import { iso } from "../domain/time.ts";
import { recheckDue, STORAGE_RECHECK_MS } from "../domain/admin/storage_outage.ts";
import { noteStorageFailure, noteStorageWorking, readStorageOutage } from "./storage_health.ts";

/**
 * An S3-compatible bucket, as the blob store needs it (providers/blobs/s3.ts is the real one). Every
 * failure is a BlobStoreError; a missing object reads as null or is no error to delete.
 */
export interface BlobBucket {
  /** Names the bucket in messages and start-up lines. */
  readonly label: string;
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes `start` to `endInclusive`, streamed; null when the object is not there. */
  getObject(
    key: string,
    range: { start: number; endInclusive: number } | null,
    signal?: AbortSignal,
  ): Promise<ReadableStream<Uint8Array> | null>;
  deleteObject(key: string): Promise<void>;
  /** A URL that reads the object without credentials until it expires. */
  presignGet(key: string, options: PresignOptions): Promise<string>;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** Set as the answer's Content-Disposition (a download's file name). */
  contentDisposition?: string;
  contentType?: string;
}

/**
 * Staged bytes younger than this are left alone by the sweep: a song is staged while its generation
 * step holds the order (minutes at most), an upload just before its record is written.
 */
export const STAGED_GRACE_MS = 6 * 60 * 60 * 1000;

/** A tiny object written to learn whether the bucket takes writes again (the key may only write). */
export const PROBE_OBJECT_KEY = "health/probe";

export interface StageOptions {
  contentType: string;
  now: number;
  /**
   * Where the bytes go when new audio belongs in the bucket and it is away: "kv" keeps them in KV
   * chunks and lists them to be moved to the bucket once it is back (kv/blob_migration.ts). Without
   * it such a write fails with StorageUnavailableError.
   */
  ifBucketAway?: "kv";
}

/** What `/healthz?deep=1` says of the audio storage: no bucket, or the bucket as last found. */
export type StorageState =
  | { store: "kv"; state: "ok" }
  | { store: "s3"; state: "ok" | "unreachable"; since?: string; checkedAt: string };

/** One object per blob, named by its id alone: the id is unguessable and never reused. */
export function objectKeyOf(blobId: string): string {
  return `blobs/${blobId}`;
}

/**
 * Songs and uploads, wherever their bytes are. New blobs go to `writeTo`; any blob is read from the
 * store its meta record names, so while audio moves to the bucket (tools/blobs_migrate.ts), or back
 * after a rollback, every song keeps playing at its one URL.
 *
 * Writing is two steps so that a blob is never without an owner: `stage` writes the bytes (marked
 * as staged), and `commit` adds the meta record to the owner's own atomic write. A crash in between
 * leaves staged bytes that `sweepStaged` removes.
 */
export interface BlobStore {
  readonly writeTo: BlobStoreName;
  stage(bytes: Uint8Array, options: StageOptions): Promise<BlobMeta>;
  commit(operation: Deno.AtomicOperation, meta: BlobMeta): Deno.AtomicOperation;
  /** Stage and commit in a write of its own, for a blob whose owner is written later (tools, tests). */
  put(bytes: Uint8Array, options: StageOptions): Promise<BlobMeta>;
  /**
   * Whether new audio can be written where `writeTo` says now: always for KV; for the bucket, unless
   * an outage is recorded, when one try a minute across the shop (a tiny object) says whether it is back.
   */
  writable(): Promise<boolean>;
  /** The storage's state for the deep health check, trying the bucket at most once a minute. */
  storageState(): Promise<StorageState>;
  /** Removes staged bytes whose owner's write did not go through. */
  discard(meta: BlobMeta): Promise<void>;
  meta(id: string): Promise<BlobMeta | null>;
  /**
   * The bytes `start` to `endInclusive` (all by default), flowing as the consumer pulls. An object in the
   * bucket is opened before this resolves, so a route can still answer "missing" (BlobMissingError) or "not
   * now" (BlobStoreError) instead of a 200 that breaks off.
   */
  read(meta: BlobMeta, start?: number, endInclusive?: number): Promise<ReadableStream<Uint8Array>>;
  readBytes(meta: BlobMeta): Promise<Uint8Array>;
  /** A short-lived URL straight to the bytes, or null for a blob in KV (which has none). */
  presignedUrl(meta: BlobMeta, options: PresignOptions): Promise<string | null>;
  /** Removes a blob of any store (its bytes later, by the sweep, if the store is away); answers whether it existed. */
  delete(id: string): Promise<boolean>;
  /**
   * Removes bytes staged before `before` (ms) that no blob owns: a crash between writing and committing
   * them, or between removing a blob's record and its bytes. Answers how many went.
   */
  sweepStaged(before: number): Promise<number>;
  /** The bucket, when one is configured; a write to it through here is recorded like the store's own. */
  readonly bucket: BlobBucket | null;
}

export function createBlobStore(
  kv: Deno.Kv,
  bucket: BlobBucket | null,
  writeTo: BlobStoreName,
  now: () => number = Date.now,
): BlobStore {
  if (writeTo === "s3" && !bucket) throw new BlobStoreError("BLOB_STORE=s3 needs a bucket.");

  const bucketFor = (meta: BlobMeta): BlobBucket => {
    if (!bucket) {
      throw new BlobStoreError(`Blob ${meta.id} is in the bucket, and no bucket is configured (S3_*).`);
    }
    return bucket;
  };

  /** When this process last saw the bucket take a write. */
  let lastWritten = -Infinity;
  /**
   * Every write to the bucket goes through here, so the outage record (kv/storage_health.ts) follows
   * what the bucket last did, whoever wrote.
   */
  const writeToBucket = async (target: BlobBucket, key: string, bytes: Uint8Array, contentType: string) => {
    try {
      await target.putObject(key, bytes, contentType);
    } catch (error) {
      await noteStorageFailure(kv, error, now()).catch(() => {});
      const message = error instanceof Error ? error.message : String(error);
      throw new StorageUnavailableError(message, { cause: error });
    }
    lastWritten = now();
    await noteStorageWorking(kv).catch(() => {});
  };

  /** The bucket as everyone else reaches it (the move of songs kept in KV, tools): its writes recorded too. */
  const recorded: BlobBucket | null = bucket && {
    label: bucket.label,
    putObject: (key, bytes, contentType) => writeToBucket(bucket, key, bytes, contentType),
    getObject: (key, range, signal) => bucket.getObject(key, range, signal),
    deleteObject: (key) => bucket.deleteObject(key),
    presignGet: (key, options) => bucket.presignGet(key, options),
  };

  const writeBytes = async (meta: BlobMeta, bytes: Uint8Array) => {
    if (storeOf(meta) === "kv") await writeBlobChunks(kv, meta, bytes);
    else await writeToBucket(bucketFor(meta), objectKeyOf(meta.id), bytes, meta.contentType);
  };

  const stageTo = async (bytes: Uint8Array, options: StageOptions, to: BlobStoreName) => {
    const meta = await describeBlob(bytes, { ...options, store: to });
    await markStaged(kv, meta.id, to, options.now);
    await writeBytes(meta, bytes);
    return meta;
  };

  /** One try of the bucket at a time in this process; its outcome is recorded like any write's. */
  let probing: Promise<boolean> | null = null;
  const probe = (): Promise<boolean> => {
    if (!bucket) return Promise.resolve(false);
    probing ??= writeToBucket(bucket, PROBE_OBJECT_KEY, new TextEncoder().encode("ok"), "text/plain")
      .then(() => true, () => false)
      .finally(() => (probing = null));
    return probing;
  };

  const readState = async (): Promise<StorageState> => {
    if (!bucket) return { store: "kv", state: "ok" };
    let outage = await readStorageOutage(kv);
    const at = now();
    if (outage ? recheckDue(outage, at) : at - lastWritten >= STORAGE_RECHECK_MS) {
      await probe();
      outage = await readStorageOutage(kv);
    }
    return outage
      ? { store: "s3", state: "unreachable", since: outage.since, checkedAt: outage.lastFailedAt }
      : { store: "s3", state: "ok", checkedAt: iso(Number.isFinite(lastWritten) ? lastWritten : at) };
  };

  const deleteBytes = async (id: string, store: BlobStoreName, meta: BlobMeta | null) => {
    if (store === "kv") await deleteBlobChunks(kv, id, meta && storeOf(meta) === "kv" ? meta : null);
    else if (bucket) await bucket.deleteObject(objectKeyOf(id));
    else throw new BlobStoreError(`The bytes of blob ${id} are in the bucket, and no bucket is configured.`);
  };

  const store: BlobStore = {
    writeTo,
    bucket: recorded,
    async stage(bytes, options) {
      const keepInKv = options.ifBucketAway === "kv" && writeTo === "s3";
      if (keepInKv && !(await store.writable())) return await stageTo(bytes, options, "kv");
      try {
        return await stageTo(bytes, options, writeTo);
      } catch (error) {
        if (keepInKv && error instanceof StorageUnavailableError) return await stageTo(bytes, options, "kv");
        throw error;
      }
    },
    commit(operation, meta) {
      commitBlob(operation, meta);
      // Kept in KV only because the bucket was away: listed, in the same write, to be moved there.
      if (writeTo === "s3" && storeOf(meta) === "kv") {
        operation.set(keys.blobAwaitingBucket(meta.id), meta.id);
      }
      return operation;
    },
    async put(bytes, options) {
      const meta = await store.stage(bytes, options);
      const result = await store.commit(kv.atomic(), meta).commit();
      if (!result.ok) throw new BlobStoreError(`Could not commit blob ${meta.id}.`);
      return meta;
    },
    async discard(meta) {
      await deleteBytes(meta.id, storeOf(meta), null);
      await clearStaged(kv, meta.id, storeOf(meta));
    },
    async writable() {
      if (writeTo !== "s3") return true;
      const outage = await readStorageOutage(kv);
      if (!outage) return true;
      return recheckDue(outage, now()) ? await probe() : false;
    },
    storageState: readState,
    meta: (id) => getBlobMeta(kv, id),
    async read(meta, start = 0, endInclusive = meta.size - 1) {
      if (storeOf(meta) === "kv") return readBlobChunks(kv, meta, start, endInclusive);
      checkRange(meta, start, endInclusive);
      return await openObject(bucketFor(meta), meta, start, endInclusive);
    },
    async readBytes(meta) {
      return new Uint8Array(await new Response(await store.read(meta)).arrayBuffer());
    },
    async presignedUrl(meta, options) {
      if (storeOf(meta) === "kv") return null;
      return await bucketFor(meta).presignGet(objectKeyOf(meta.id), options);
    },
    async delete(id) {
      const meta = await removeBlobRecord(kv, id, now());
      try {
        // Without a record there may still be chunks of a write that never committed.
        await deleteBytes(id, meta ? storeOf(meta) : "kv", meta);
        if (meta) await clearStaged(kv, id, storeOf(meta));
      } catch (error) {
        // The blob is gone for readers and its bytes are marked: the sweep finishes this later, so a
        // bucket that is away never fails the deletion the caller asked for.
        console.warn(`could not delete the bytes of blob ${id} now; the sweep will:`, error);
      }
      return meta !== null;
    },
    async sweepStaged(before) {
      let swept = 0;
      for await (const entry of kv.list<StagedBytes>({ prefix: keys.blobsStaged() })) {
        const { id, store: where, stagedAt } = entry.value;
        if (stagedAt >= before) continue;
        const meta = await kv.get<BlobMeta>(keys.blob(id));
        // Bytes a blob owns are never swept: the mark is a leftover (the commit clears it).
        const owned = !!meta.value && storeOf(meta.value) === where;
        // The mark goes first, checked: a writer that marked the same bytes again meanwhile keeps them.
        const claimed = await kv.atomic().check(entry, meta).delete(entry.key).commit();
        if (!claimed.ok || owned) continue;
        try {
          await deleteBytes(id, where, null);
          swept++;
        } catch (error) {
          // Marked again, so the next sweep tries again.
          await markStaged(kv, id, where, stagedAt).catch(() => {});
          console.warn(`could not sweep the staged bytes of blob ${id}:`, error);
        }
      }
      return swept;
    },
  };
  return store;
}

function checkRange(meta: BlobMeta, start: number, endInclusive: number) {
  if (
    !Number.isInteger(start) || !Number.isInteger(endInclusive) || start < 0 ||
    endInclusive >= meta.size || start > endInclusive + 1
  ) {
    throw new RangeError(`Bytes ${start}-${endInclusive} are outside blob ${meta.id} of ${meta.size} bytes.`);
  }
}

/**
 * The object's bytes: an object found missing is a BlobMissingError, one ending short errors the stream
 * rather than ending it quietly, and bytes past the range (a server that ignores the end of a range, as
 * s3rver does for `bytes=0-0`) are cut off.
 */
async function openObject(
  bucket: BlobBucket,
  meta: BlobMeta,
  start: number,
  endInclusive: number,
): Promise<ReadableStream<Uint8Array>> {
  if (start > endInclusive) return new ReadableStream({ start: (controller) => controller.close() });
  const whole = start === 0 && endInclusive === meta.size - 1;
  const body = await bucket.getObject(objectKeyOf(meta.id), whole ? null : { start, endInclusive });
  if (!body) throw new BlobMissingError(`The object of blob ${meta.id} is missing from ${bucket.label}.`);
  const reader = body.getReader();
  const expected = endInclusive - start + 1;
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        if (received !== expected) {
          throw new BlobStoreError(
            `The object of blob ${meta.id} ended after ${received} of ${expected} bytes.`,
          );
        }
        controller.close();
        return;
      }
      const wanted = next.value.subarray(0, expected - received);
      received += wanted.byteLength;
      controller.enqueue(wanted);
      if (received === expected) {
        await reader.cancel();
        controller.close();
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
    },
  });
}
