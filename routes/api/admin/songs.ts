import { Hono } from "hono";
import { z } from "zod";
import { plainText } from "../../../domain/plain_text.ts";
import { plainString, refuseUnsingable } from "../../../domain/text_schema.ts";
import { emailSchema } from "../../../domain/account/sign_in_limits.ts";
import { EMAIL_MAX_CHARS, EMAIL_SHAPE, INVALID_EMAIL_MESSAGE } from "../../../domain/email/address.ts";
import { songUrlFor } from "../../../domain/song/download.ts";
import { BadRequestError } from "../../../domain/errors.ts";
import {
  MANUAL_CHILD_NAME_MAX_CHARS,
  MANUAL_ORDER_AGE_MESSAGE,
  MANUAL_ORDER_MISSING,
  MANUAL_SONG_TITLE_MAX_CHARS,
  MAX_CHILD_AGE,
  MIN_CHILD_AGE,
  SONG_LYRICS_MAX_CHARS,
} from "../../../domain/admin/manual_order.ts";
import { inspectMp3 } from "../../../domain/song/mp3.ts";
import { adminOrderView } from "../../../domain/order/views.ts";
import { cleanFileName, SONG_UPLOAD_ROUTE, UPLOAD_MESSAGES } from "../../../domain/song/uploads.ts";
import { SONG_WORDS_MESSAGES } from "../../../domain/song/upload_words.ts";
import { createManualOrder, uploadSong } from "../../../orders/manual_song.ts";
import { keepSongUpload } from "../../../orders/song_upload.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { describeIssue, valid } from "../validate.ts";
import { readSongUpload } from "./song_upload_body.ts";

/**
 * Staff's own songs (staff-side §7): upload an MP3, give it to an order, or create an order around it.
 * Each route is guarded on its own, and the upload before its body is read, so nobody but an admin
 * can make the server take in 30 MB.
 */
export const songsAdminApi = new Hono<AppEnv>();

songsAdminApi.post(SONG_UPLOAD_ROUTE, requireAdmin, async (c) => {
  const body = await readSongUpload(c);
  if (body.kind === "refused") {
    const { status, message, details } = body;
    return c.json(details ? { message, details } : { message }, status);
  }
  const bytes = new Uint8Array(await body.file.arrayBuffer());
  const check = inspectMp3(bytes);
  if (!check.ok) return c.json({ message: UPLOAD_MESSAGES.notMp3, details: check.reason }, 400);

  const fileName = cleanFileName(body.fileName);
  const { durationSeconds, bitrateKbps } = check;
  const blob = await keepSongUpload(
    c.var.deps,
    { bytes, fileName, durationSeconds, bitrateKbps, words: body.words },
    currentUser(c),
  );
  return c.json({
    songUrl: songUrlFor(c.var.deps.config.appUrl, blob.id),
    message: UPLOAD_MESSAGES.uploaded,
    sizeBytes: blob.size,
    fileName,
    durationSeconds,
  }, 201);
});

const SONG_URL_MISSING = "Please upload a song first: songUrl is missing.";
const uploadBody = z.object({
  songUrl: z.string({ error: SONG_URL_MISSING }).trim().min(1, SONG_URL_MISSING).max(2000, SONG_URL_MISSING),
});

songsAdminApi.post("/orders/:id/upload", requireAdmin, valid("json", uploadBody), async (c) => {
  const order = await uploadSong(c.var.deps, c.req.param("id"), c.req.valid("json").songUrl, currentUser(c));
  return c.json({ message: "Song uploaded", order: adminOrderView(order) });
});

/** Staff-side §5 and §8: the one message for any required field left out. */
export const MISSING_INFORMATION = `${MANUAL_ORDER_MISSING.title}: ${MANUAL_ORDER_MISSING.description}`;
const REQUIRED = ["childName", "childAge", "parentEmail", "songTitle", "songLyrics", "songUrl"] as const;
const AGE = MANUAL_ORDER_AGE_MESSAGE;

const manualOrderBody = z.object({
  childName: plainString().max(
    MANUAL_CHILD_NAME_MAX_CHARS,
    `Child's name must be at most ${MANUAL_CHILD_NAME_MAX_CHARS} characters.`,
  ).superRefine(refuseUnsingable),
  // Sent as an integer (staff-side §5); a string of digits from another client is read the same way.
  childAge: z.preprocess(
    (value) => typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value,
    z.number({ error: AGE }).int(AGE).min(MIN_CHILD_AGE, AGE).max(MAX_CHILD_AGE, AGE),
  ),
  parentEmail: plainString().max(EMAIL_MAX_CHARS, INVALID_EMAIL_MESSAGE).regex(
    EMAIL_SHAPE,
    INVALID_EMAIL_MESSAGE,
  )
    .pipe(emailSchema),
  songTitle: plainString().max(
    MANUAL_SONG_TITLE_MAX_CHARS,
    `Song title must be at most ${MANUAL_SONG_TITLE_MAX_CHARS} characters.`,
  ),
  // Only the ends are trimmed: the lyrics' own line breaks are the song's layout.
  songLyrics: plainString(undefined, { lines: true }).max(
    SONG_LYRICS_MAX_CHARS,
    SONG_WORDS_MESSAGES.lyricsTooLong,
  ),
  songUrl: z.string().trim().max(2000, "songUrl is too long."),
  allowDuplicate: z.boolean({ error: "allowDuplicate must be true or false." }).optional(),
});

songsAdminApi.post("/orders/create", requireAdmin, async (c) => {
  const body: unknown = await c.req.json();
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BadRequestError("The request body must be a JSON object.");
  }
  const fields = body as Record<string, unknown>;
  if (REQUIRED.some((name) => isBlank(fields[name]))) throw new BadRequestError(MISSING_INFORMATION);
  const parsed = manualOrderBody.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(describeIssue(parsed.error.issues[0]));
  const order = await createManualOrder(c.var.deps, parsed.data, currentUser(c));
  return c.json({ message: "Order Created Successfully!", order: adminOrderView(order) }, 201);
});

/** Nothing a person could see: left out, null, or only spaces and invisible characters. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && plainText(value) === "");
}
