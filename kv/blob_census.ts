import { type BlobMeta, storeOf } from "./blobs.ts";
import { type BlobBucket, objectKeyOf } from "./blob_store.ts";
import { keys } from "./keys.ts";

/**
 * Where a store's audio is, for the dump and restore tools: a dump holds the audio kept in KV, but
 * only the records of audio in the bucket, which the bucket keeps. After a restore, each of those is
 * looked for in the configured bucket, so a store restored against the wrong bucket (or none) is
 * reported at once rather than by a family whose song will not play.
 */
export interface BlobCensus {
  inKv: number;
  inBucket: number;
  /** Blobs whose records say "bucket" and whose objects are not there; null when nobody looked. */
  missingFromBucket: string[] | null;
}

export async function blobCensus(kv: Deno.Kv, bucket: BlobBucket | null): Promise<BlobCensus> {
  const census: BlobCensus = { inKv: 0, inBucket: 0, missingFromBucket: bucket ? [] : null };
  for await (const entry of kv.list<BlobMeta>({ prefix: keys.allBlobs() }, { batchSize: 500 })) {
    if (storeOf(entry.value) === "kv") {
      census.inKv++;
      continue;
    }
    census.inBucket++;
    if (!bucket) continue;
    const first = await bucket.getObject(objectKeyOf(entry.value.id), { start: 0, endInclusive: 0 });
    if (first) await first.cancel();
    else census.missingFromBucket!.push(entry.value.id);
  }
  return census;
}

/** One line for a person reading the tool's summary. */
export function describeCensus(census: BlobCensus, bucketLabel: string | null): string {
  const parts = [`${census.inKv} songs' audio in KV`];
  if (census.inBucket > 0) {
    parts.push(
      `${census.inBucket} in ${bucketLabel ?? "a bucket (no S3_* set here)"}, not copied into the dump`,
    );
  }
  if (census.missingFromBucket?.length) {
    parts.push(
      `${census.missingFromBucket.length} of those missing from ${bucketLabel}: ` +
        census.missingFromBucket.slice(0, 5).join(", ") + (census.missingFromBucket.length > 5 ? ", …" : ""),
    );
  }
  return parts.join("; ") + ".";
}
