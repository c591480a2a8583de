import { SONG_FIELD, SONG_UPLOAD_PATH } from "../../../domain/song/uploads.ts";
import { SONG_LYRICS_FIELD, SONG_TITLE_FIELD, type SongWords } from "../../../domain/song/upload_words.ts";
import { storedToken } from "../../lib/api.ts";

/**
 * Sending a song file to `POST SONG_UPLOAD_PATH` (domain/song/uploads.ts). XMLHttpRequest rather than
 * `api()`: fetch has no upload progress events, and a 30 MB file on a slow line needs a real bar.
 * Same credentials as every admin call: the Bearer token from local storage and the cookies.
 */
/** The server's answer (201). */
export interface UploadedSong {
  songUrl: string;
  message: string;
  sizeBytes: number;
  fileName: string;
}

/** A refused or broken upload; `serverMessage` and `details` are the server's words when it sent some. */
export class SongUploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly details: string | undefined,
    /** The dialog closed mid-upload: nobody is waiting for an explanation. */
    readonly aborted = false,
  ) {
    super(serverMessage ?? (aborted ? "Upload cancelled" : `Upload failed (${status})`));
    this.name = "SongUploadError";
  }
}

/** Whole percent for the bar; 0 until the browser knows the total. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** The answer's body read for what the dialogs use: the song on success, the server's words otherwise. */
export function readUploadAnswer(status: number, text: string): UploadedSong {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed;
  } catch {
    // A proxy's HTML error page: no server words to show, the dialog falls back to its own.
  }
  const field = (key: string) => typeof body?.[key] === "string" ? body[key] as string : undefined;
  if (status >= 200 && status < 300 && field("songUrl")) {
    return {
      songUrl: field("songUrl")!,
      message: field("message") ?? "",
      sizeBytes: typeof body?.sizeBytes === "number" ? body.sizeBytes : 0,
      fileName: field("fileName") ?? "",
    };
  }
  throw new SongUploadError(status, field("message"), field("details"));
}

/**
 * The server's message and details in one sentence for a toast ("File too large. The file is …"),
 * or `fallback` when the server said nothing (network down, connection cut).
 */
export function uploadFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof SongUploadError) || !error.serverMessage) return fallback;
  const message = error.serverMessage.trim();
  const details = error.details?.trim();
  if (!details) return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} ${details}`;
}

/** The multipart body: the file, and the song's title and lyrics only when staff gave them. */
export function songUploadForm(file: File, words?: SongWords | null): FormData {
  const form = new FormData();
  form.append(SONG_FIELD, file, file.name);
  if (words?.songTitle) form.append(SONG_TITLE_FIELD, words.songTitle);
  if (words?.songLyrics) form.append(SONG_LYRICS_FIELD, words.songLyrics);
  return form;
}

/** Sends `file` (with `words`), reporting progress as whole percent; rejects with a SongUploadError. */
export function uploadSongFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  words?: SongWords | null,
): Promise<UploadedSong> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", SONG_UPLOAD_PATH);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    const token = storedToken();
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(percentOf(event.loaded, event.total));
    };
    request.onload = () => {
      try {
        resolve(readUploadAnswer(request.status, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new SongUploadError(0, undefined, undefined));
    request.onabort = () => reject(new SongUploadError(0, undefined, undefined, true));
    if (signal?.aborted) {
      request.abort();
      return;
    }
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    onProgress(0);
    request.send(songUploadForm(file, words));
  });
}
