import type { Deps } from "../deps.ts";
import { SONG_UPLOAD_TTL_MS } from "../domain/song/uploads.ts";
import type { SongWords } from "../domain/song/upload_words.ts";
import type { BlobMeta } from "../kv/blobs.ts";
import { collectExpiredUploads, recordSongUpload } from "../kv/song_uploads.ts";
import type { Admin } from "./manual_song.ts";

export interface SongFile {
  bytes: Uint8Array;
  /** Already cleaned (domain/song/uploads.ts). */
  fileName: string;
  durationSeconds: number;
  bitrateKbps: number;
  words: SongWords | null;
}

/**
 * Keeps an MP3 staff uploaded (staff-side §7) until an order takes it (orders/manual_song.ts) or its
 * time runs out. Staff's song is kept even while the bucket is away: in KV, moved to the bucket once
 * it is back. Answers the stored blob, whose id is the song's address.
 */
export async function keepSongUpload(
  deps: Pick<Deps, "kv" | "clock" | "blobs">,
  file: SongFile,
  admin: Admin,
): Promise<BlobMeta> {
  const { kv, blobs } = deps;
  const now = deps.clock.now();
  const blob = await blobs.stage(file.bytes, { contentType: "audio/mpeg", now, ifBucketAway: "kv" });
  await recordSongUpload(
    kv,
    blobs,
    {
      blobId: blob.id,
      fileName: file.fileName,
      sizeBytes: blob.size,
      durationSeconds: file.durationSeconds,
      bitrateKbps: file.bitrateKbps,
      uploadedBy: admin.username,
      uploadedById: admin.id,
      uploadedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + SONG_UPLOAD_TTL_MS).toISOString(),
      attachedTo: null,
      attachedAt: null,
      words: file.words,
    },
    blob,
    now,
  );
  // Old uploads nobody used are tidied a few at a time, riding along with new ones.
  await collectExpiredUploads(kv, blobs, now).catch((error) => {
    console.warn("could not collect expired song uploads:", error);
  });
  return blob;
}
