import { formatUploadMb, MAX_SONG_BYTES, MAX_SONG_MB } from "../../../domain/song/uploads.ts";

/**
 * The checks a song file passes in the browser before it is sent (staff-side §5, song upload), so a
 * staff member with a 200 MB WAV hears about it at once instead of after a long upload. The server
 * checks again, by content, whatever the browser says.
 */

// One limit and one way to say a size, shared with the server's own refusal.
export { MAX_SONG_BYTES, MAX_SONG_MB };
const BYTES_PER_MB = 1024 * 1024;

/** What the inputs offer in the file picker (the upload dialog also lists the extension for Windows). */
export const UPLOAD_ACCEPT = "audio/mpeg,audio/mp3,.mp3";
export const MANUAL_ORDER_ACCEPT = "audio/mp3,audio/mpeg";

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export interface FileProblem {
  title: string;
  description: string;
}

/** "31.2 MB": one decimal, and just over the limit never reads as exactly the limit ("30.1 MB"). */
export const formatMb = formatUploadMb;

/** A chosen file's size as people read it: "108 KB" below 1 MB, "4.2 MB" above. */
export function formatFileSize(bytes: number): string {
  return bytes < BYTES_PER_MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMb(bytes);
}

/** Audio by its type, or an .mp3 by its name (some systems give MP3s an empty or odd type). */
export function looksLikeAudio(file: Pick<FileFacts, "name" | "type">): boolean {
  return file.type.startsWith("audio/") || /\.mp3$/i.test(file.name);
}

/** Why this file cannot be uploaded, as a toast's title and text; null when it may be sent. */
export function songFileProblem(file: FileFacts): FileProblem | null {
  if (!looksLikeAudio(file)) {
    return { title: "Invalid file type", description: "Please choose an audio file (MP3)." };
  }
  if (file.size > MAX_SONG_BYTES) {
    return {
      title: "File too large",
      description: `This file is ${formatMb(file.size)}. The maximum is ${MAX_SONG_MB} MB. ` +
        "Please compress or trim the song.",
    };
  }
  return null;
}
