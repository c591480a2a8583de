import type { Context } from "hono";
import {
  MAX_SONG_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  SONG_FIELD,
  tooLargeDetails,
  UPLOAD_MESSAGES,
} from "../../../domain/song/uploads.ts";
import {
  readSongWords,
  SONG_LYRICS_FIELD,
  SONG_TITLE_FIELD,
  type SongWords,
} from "../../../domain/song/upload_words.ts";
import type { AppEnv } from "../../request_context.ts";
import { multipartFileName } from "./multipart_file_name.ts";
import { PayloadTooLargeError } from "../../../domain/errors.ts";
import { UPLOAD_DEADLINE_MS } from "../../body/limits.ts";
import { readBounded } from "../../body/read_bounded.ts";

/**
 * Reading the song upload's multipart body without the small limit other bodies get
 * (routes/middleware/body_guard.ts skips this path) and without ever holding more than the song limit allows: a body declared too large is refused
 * before a byte is read, and one that turns out too large is cut off as soon as it passes the limit.
 * Beside the file the body may carry the song's title and lyrics (domain/song/upload_words.ts).
 */
export type UploadBody =
  | { kind: "file"; file: File; fileName: string; words: SongWords | null }
  | { kind: "refused"; status: 400 | 413; message: string; details?: string };

export async function readSongUpload(c: Context<AppEnv>): Promise<UploadBody> {
  const declared = declaredLength(c.req.header("content-length"));
  if (declared !== null && declared > MAX_UPLOAD_BODY_BYTES) {
    await discard(c.req.raw.body);
    // The parts' headers are a few hundred bytes of it: near enough to tell staff the file's size.
    return tooLarge(declared);
  }
  const contentType = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await discard(c.req.raw.body);
    return {
      kind: "refused",
      status: 400,
      message: UPLOAD_MESSAGES.noFile,
      details: UPLOAD_MESSAGES.notMultipart,
    };
  }
  const body = await readUploadBytes(c, c.req.raw.body, MAX_UPLOAD_BODY_BYTES);
  if (!body) return tooLarge(null);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { kind: "refused", status: 400, message: UPLOAD_MESSAGES.unreadable };
  }
  const file = form.get(SONG_FIELD);
  // A form sent with no file chosen still has the part: no name, no bytes.
  if (!(file instanceof File) || (file.size === 0 && !file.name)) {
    return { kind: "refused", status: 400, message: UPLOAD_MESSAGES.noFile };
  }
  if (file.size > MAX_SONG_BYTES) return tooLarge(file.size);
  const words = readSongWords(form.get(SONG_TITLE_FIELD), form.get(SONG_LYRICS_FIELD));
  if (!words.ok) return { kind: "refused", status: 400, message: words.message };
  return {
    kind: "file",
    file,
    fileName: multipartFileName(body, contentType, SONG_FIELD) ?? file.name,
    words: words.words,
  };
}

function tooLarge(bytes: number | null): UploadBody {
  return { kind: "refused", status: 413, message: UPLOAD_MESSAGES.tooLarge, details: tooLargeDetails(bytes) };
}

function declaredLength(header: string | undefined): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * The whole body, or null as soon as it passes `max` bytes (the rest is never read); in time and
 * within the process's body budget like every other body (routes/body/read_bounded.ts).
 */
async function readUploadBytes(
  c: Context<AppEnv>,
  stream: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!stream) return new Uint8Array();
  try {
    return await readBounded(stream, {
      maxBytes: max,
      deadlineMs: UPLOAD_DEADLINE_MS,
      budget: c.var.deps.bodyBudget,
    });
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return null;
    throw error;
  }
}

async function discard(stream: ReadableStream<Uint8Array> | null) {
  await stream?.cancel().catch(() => {});
}
