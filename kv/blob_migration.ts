import {
  type BlobMeta,
  BlobStoreError,
  clearStaged,
  deleteBlobChunks,
  markStaged,
  readBlobBytes,
  sha256Hex,
  stageIn,
  storeOf,
} from "./blobs.ts";
import { type BlobBucket, type BlobStore, objectKeyOf } from "./blob_store.ts";
import { keys } from "./keys.ts";
import { leaseLost, withLease } from "./locks.ts";

/**
 * Moving audio from KV chunks to the bucket (`deno task blobs:migrate`), one blob at a time. A blob's
 * URL names its id, never its store, so every order, email and page keeps its one link: what switches
 * is the blob's own record, once its copy in the bucket is read back and proven the same bytes.
 *
 * Safe to stop anywhere and run again: a blob already in the bucket is skipped, a copy not yet switched
 * to is written again, and what a crash leaves (a copy never switched to, chunks no record points at)
 * is marked as staged for the blob sweep. The app keeps serving throughout: a blob is read from the
 * store its record names at that moment.
 */
export type MoveResult = "moved" | "already" | "gone" | "damaged";

export async function moveBlobToBucket(
  kv: Deno.Kv,
  bucket: BlobBucket,
  id: string,
  now: number,
): Promise<MoveResult> {
  const entry = await kv.get<BlobMeta>(keys.blob(id));
  const meta = entry.value;
  if (!meta) return "gone";
  if (storeOf(meta) === "s3") return "already";

  const bytes = await readBlobBytes(kv, meta);
  if (await sha256Hex(bytes) !== meta.sha256) return "damaged";

  const key = objectKeyOf(id);
  await markStaged(kv, id, "s3", now);
  await bucket.putObject(key, bytes, meta.contentType);
  await verifyObject(bucket, key, meta);

  const moved: BlobMeta = { ...meta, store: "s3", chunkSize: 0, chunkCount: 0 };
  // One write switches readers to the copy and hands the chunks to the sweep, should we stop here.
  const switched = await stageIn(kv.atomic().check(entry), id, "kv", now)
    .set(keys.blob(id), moved)
    .delete(keys.blobStaged(id, "s3"))
    .commit();
  if (!switched.ok) {
    // Deleted or replaced meanwhile: the copy is nobody's. The next run looks at it afresh.
    await bucket.deleteObject(key);
    await clearStaged(kv, id, "s3");
    return (await kv.get(keys.blob(id))).value ? "already" : "gone";
  }
  // A sweep that claimed an earlier, crashed run's mark just before this run marked the blob again may
  // delete the object after it was written: looked at once more while the chunks are still here.
  await verifyObject(bucket, key, meta).catch(async () => {
    await bucket.putObject(key, bytes, meta.contentType);
    await verifyObject(bucket, key, meta);
  });
  await deleteBlobChunks(kv, id, meta);
  await clearStaged(kv, id, "kv");
  return "moved";
}

/** Reads the copy back: the same length and the same SHA-256 as the record promises. */
async function verifyObject(bucket: BlobBucket, key: string, meta: BlobMeta) {
  const body = await bucket.getObject(key, null);
  if (!body) throw new BlobStoreError(`The copy of blob ${meta.id} is not in ${bucket.label}.`);
  const copy = new Uint8Array(await new Response(body).arrayBuffer());
  if (copy.byteLength !== meta.size || await sha256Hex(copy) !== meta.sha256) {
    throw new BlobStoreError(`The copy of blob ${meta.id} in ${bucket.label} is not the same bytes.`);
  }
}

/** Every blob still kept in KV, a page at a time (ids only: the records are small). */
export async function* blobsInKv(kv: Deno.Kv): AsyncGenerator<BlobMeta> {
  for await (const entry of kv.list<BlobMeta>({ prefix: keys.allBlobs() }, { batchSize: 500 })) {
    if (storeOf(entry.value) === "kv") yield entry.value;
  }
}

/** Songs kept in KV while the bucket was away, moved per run: a few minutes' work at most. */
export const KEPT_MOVES_PER_RUN = 20;
/** Longer than a run of KEPT_MOVES_PER_RUN moves should ever take; the lease is checked between moves. */
const KEPT_MOVES_LEASE_MS = 10 * 60_000;
const KEPT_MOVES = { type: "blob-moves", id: "kept-in-kv" };

/**
 * Moves songs kept in KV because the bucket was away (kv/blob_store.ts, `ifBucketAway`) to the
 * bucket once it takes writes again, up to KEPT_MOVES_PER_RUN per run; the job worker runs this once
 * a minute. One lease for the whole shop: two instances moving the same blob would be unsafe (a copy
 * whose switch loses deletes the object, which may be the other's copy). Answers how many moved.
 */
export async function moveKeptBlobs(
  kv: Deno.Kv,
  blobs: BlobStore,
  holder: string,
  now: () => number,
): Promise<number> {
  const bucket = blobs.bucket;
  if (!bucket || blobs.writeTo !== "s3") return 0;
  const listed: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix: keys.blobsAwaitingBucket() }, { limit: KEPT_MOVES_PER_RUN })) {
    listed.push(entry.key);
  }
  if (listed.length === 0 || !(await blobs.writable())) return 0;
  const lease = { id: holder, leaseMs: KEPT_MOVES_LEASE_MS, now };
  const moved = await withLease(kv, KEPT_MOVES, lease, async (held) => {
    let moved = 0;
    try {
      for (const key of listed) {
        if (await leaseLost(kv, held.lease)) break;
        const id = key[key.length - 1] as string;
        // A failure (the bucket away again) leaves the blob listed and playing from KV: the next run tries it.
        const result = await moveBlobToBucket(kv, bucket, id, now());
        if (result === "damaged") {
          console.error(`blob ${id}, kept in KV, does not match its SHA-256; left there.`);
        }
        if (result === "moved") moved++;
        await kv.delete(key);
      }
    } catch (error) {
      console.warn("could not move audio kept in KV to the bucket yet:", error);
    }
    return moved;
  });
  return moved ?? 0;
}
