import { blobIdOfAudioFile, SONG_AUDIO_PREFIX } from "./download.ts";
import { SONG_WORDS_MAX_BYTES } from "./upload_words.ts";

/**
 * Songs staff upload (staff-side §2, Upload Song and Create Manual Order): the size limit, how it is
 * told, and how an address we answered is read back.
 */

/** Staff-side §9: the largest song upload, in MB of 1,048,576 bytes (as the dashboard counts them). */
export const MAX_SONG_MB = 30;
const BYTES_PER_MB = 1024 * 1024;
export const MAX_SONG_BYTES = MAX_SONG_MB * BYTES_PER_MB;
/**
 * What a multipart body may add to the file: boundaries and part headers (a few hundred bytes), with
 * room for a long file name, and the song's title and lyrics when staff give them (upload_words.ts).
 * A body over the file limit plus this cannot hold an acceptable upload.
 */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024 + SONG_WORDS_MAX_BYTES;
export const MAX_UPLOAD_BODY_BYTES = MAX_SONG_BYTES + MULTIPART_ALLOWANCE_BYTES;

/** How long an upload waits for an order to take it before it is discarded. */
export const SONG_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where the song upload route sits under the admin API's mount (routes/app.ts). */
export const SONG_UPLOAD_ROUTE = "/songs/upload-multipart";
/**
 * The upload's whole path: the dashboard sends the file here, and the body guard lets this one path
 * past (routes/middleware/body_guard.ts) so the route reads its large body itself.
 */
export const SONG_UPLOAD_PATH = `/api/admin${SONG_UPLOAD_ROUTE}`;

/** The multipart field the dashboard sends the file in (staff-side §7). */
export const SONG_FIELD = "audioFile";

export const UPLOAD_MESSAGES = {
  uploaded: "Song uploaded",
  tooLarge: "File too large",
  noFile: "Please choose an audio file.",
  notMp3: "The file is not an MP3 audio file.",
  notMultipart: "Please send the song as multipart/form-data, in the field audioFile.",
  unreadable: "The upload could not be read. Please try again.",
} as const;

/**
 * "31.0 MB", to a tenth; a size over the limit that would round down to it is rounded up instead, so
 * it never reads "the file is 30.0 MB; the maximum is 30 MB".
 */
export function formatUploadMb(bytes: number): string {
  const tenths = bytes / BYTES_PER_MB * 10;
  const shown = bytes > MAX_SONG_BYTES && Math.round(tenths) <= MAX_SONG_MB * 10
    ? Math.ceil(tenths)
    : Math.round(tenths);
  return `${(shown / 10).toFixed(1)} MB`;
}

/** Staff-side §5: the actual size and the maximum, asking to compress or trim; null size: not known. */
export function tooLargeDetails(bytes: number | null): string {
  const size = bytes === null ? `larger than ${MAX_SONG_MB} MB` : formatUploadMb(bytes);
  return `The file is ${size}; the maximum is ${MAX_SONG_MB} MB. Please compress or trim it.`;
}

/**
 * The blob id inside one of our song addresses (`{APP_URL}/audio/{blobId}.mp3`, songUrlFor),
 * or null for any other URL: another site, another path, a query string, or not a URL at all.
 */
export function blobIdOfSongUrl(appUrl: string, songUrl: string): string | null {
  let url: URL;
  let app: URL;
  try {
    url = new URL(songUrl);
    app = new URL(appUrl);
  } catch {
    return null;
  }
  if (url.origin !== app.origin || url.search || url.hash || url.username || url.password) return null;
  const prefix = `${app.pathname.replace(/\/+$/, "")}${SONG_AUDIO_PREFIX}`;
  if (!url.pathname.startsWith(prefix)) return null;
  return blobIdOfAudioFile(url.pathname.slice(prefix.length));
}

/**
 * The name the file had on staff's computer, kept for the record and shown back: no folders (some
 * browsers send a path), no control characters, at most 255 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // deno-lint-ignore no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return Array.from(clean).slice(0, 255).join("") || "song.mp3";
}
