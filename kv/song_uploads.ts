import type { SongWords } from "../domain/song/upload_words.ts";
import type { BlobMeta } from "./blobs.ts";
import type { BlobStore } from "./blob_store.ts";
import { keys } from "./keys.ts";

/**
 * The record of a song staff uploaded, kept under its blob's id. An upload and the order that takes
 * it are two calls (staff-side §7), so between them the record is what proves a songUrl is ours and
 * not yet used: one blob belongs to one order, because deleting an order deletes its audio.
 *
 * An upload no order takes is discarded after SONG_UPLOAD_TTL_MS. Its record carries a KV expiry,
 * and an index by that time (which does not expire) lets collectExpiredUploads find the blob after
 * the record has gone and delete its chunks too.
 */
export interface SongUpload {
  blobId: string;
  /** The name on staff's computer, cleaned (domain/song/uploads.ts). */
  fileName: string;
  sizeBytes: number;
  durationSeconds: number;
  bitrateKbps: number;
  /** The admin's username and id. */
  uploadedBy: string;
  uploadedById: string;
  uploadedAt: string;
  /** Until then an order may take it; afterwards it is discarded. */
  expiresAt: string;
  attachedTo: string | null;
  attachedAt: string | null;
  /**
   * The title and lyrics staff sent with the file, for an order that has none; they reach
   * the order when it takes the upload. Absent on records older than them.
   */
  words?: SongWords | null;
}

/** Extra time the record's own KV expiry waits past `expiresAt`, so the collector sees it first. */
const RECORD_GRACE_MS = 24 * 60 * 60 * 1000;

/** Records an upload whose audio was staged as `blob`: the same write makes the blob exist. */
export async function recordSongUpload(
  kv: Deno.Kv,
  blobs: Pick<BlobStore, "commit">,
  upload: SongUpload,
  blob: BlobMeta,
  now: number,
): Promise<void> {
  const expiresAt = Date.parse(upload.expiresAt);
  const result = await blobs.commit(kv.atomic(), blob)
    .check({ key: keys.songUpload(upload.blobId), versionstamp: null })
    .set(keys.songUpload(upload.blobId), upload, { expireIn: expiresAt - now + RECORD_GRACE_MS })
    .set(keys.songUploadUnattached(expiresAt, upload.blobId), upload.blobId)
    .commit();
  if (!result.ok) throw new Error(`The upload record of blob ${upload.blobId} already exists.`);
}

export async function getSongUpload(kv: Deno.Kv, blobId: string): Promise<Deno.KvEntryMaybe<SongUpload>> {
  return await kv.get<SongUpload>(keys.songUpload(blobId));
}

/**
 * Adds to `operation` the writes that hand the upload read as `entry` to an order: checked, so two
 * orders can never take the same upload, and kept for good once attached (who uploaded the song).
 */
export function attachSongUpload(
  operation: Deno.AtomicOperation,
  entry: Deno.KvEntry<SongUpload>,
  orderId: string,
  now: number,
): SongUpload {
  const attached: SongUpload = {
    ...entry.value,
    attachedTo: orderId,
    attachedAt: new Date(now).toISOString(),
  };
  operation
    .check(entry)
    .set(keys.songUpload(attached.blobId), attached)
    .delete(keys.songUploadUnattached(Date.parse(entry.value.expiresAt), attached.blobId));
  return attached;
}

/**
 * Discards uploads whose time ran out without an order taking them: the record and index go in one
 * checked write (an order taking it at the same moment wins or loses cleanly), then the audio.
 * A few per call, oldest first, so it can ride along with each new upload. Answers how many went.
 */
export async function collectExpiredUploads(
  kv: Deno.Kv,
  blobs: BlobStore,
  now: number,
  limit = 5,
): Promise<number> {
  let collected = 0;
  const expired = kv.list<string>(
    { start: keys.songUploadsUnattached(), end: [...keys.songUploadsUnattached(), now + 1] },
    { limit },
  );
  for await (const index of expired) {
    const blobId = index.value;
    const record = await getSongUpload(kv, blobId);
    const operation = kv.atomic().check(index, record).delete(index.key);
    // An attached record is kept (attaching also removes the index, so this is only a leftover).
    const attached = !!record.value?.attachedTo;
    if (record.value && !attached) operation.delete(record.key);
    if (!(await operation.commit()).ok || attached) continue;
    await blobs.delete(blobId);
    collected++;
  }
  return collected;
}
