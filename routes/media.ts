import { type Context, Hono } from "hono";
import { parseRange } from "../domain/song/byte_range.ts";
import {
  ANOTHER_VERSION_SUFFIX,
  anotherVersionFileName,
  blobIdOfAudioFile,
  contentDisposition,
  DOWNLOAD_PREFIX,
  downloadFileName,
  SONG_AUDIO_PREFIX,
} from "../domain/song/download.ts";
import { bonusTakeOf } from "../domain/song/takes.ts";
import { isReleased } from "../domain/delivery/release.ts";
import { NotFoundError } from "../domain/errors.ts";
import type { Config } from "../domain/config.ts";
import { isOrderId, type Order } from "../domain/order/orders.ts";
import { type BlobMeta, BlobMissingError, BlobStoreError, storeOf } from "../kv/blobs.ts";
import { getOrder, isReleasedAudio } from "../kv/orders.ts";
import { authenticate } from "./middleware/session.ts";
import type { AppEnv } from "./request_context.ts";

/**
 * Stored songs, served from the blob store with byte ranges (players seek with them) and ETags.
 * Mounted before the session middleware: the audio a family has now is anyone's who holds its address
 * (the public reveal shows it to whoever holds the order's id), and it must not cost a session lookup
 * per range request. Only audio no family has (a take in review, withdrawn or not chosen) asks who is
 * listening: staff hear every take, anyone else is told it is not there.
 *
 * Audio in the bucket is streamed through here too by default: one origin for the player (no bucket
 * CORS, CSP unchanged), our ETags, and no URL that outlives the review gate. With BLOB_SERVING=presigned
 * the same checks run, then a redirect to a short-lived URL hands the bytes to the bucket
 * (`deno task bench` measures both).
 */
export const media = new Hono<AppEnv>();

/**
 * A song's address never changes bytes, but it is served only while its reason lasts (a take staff
 * withdraw, a song deleted): a cache may keep the bytes but must ask again before each use, which a
 * 304 for the ETag answers cheaply. No shared cache keeps it. The download follows the order's current
 * song, which a regeneration replaces, so it is answered the same way.
 */
const REVALIDATE_PRIVATELY = "private, no-cache";
/**
 * The reveal player loads songUrl in cross-origin anonymous mode (customer-side §7). Staff's answers
 * go without: they are for our own pages only.
 */
const OPEN_TO_ANY_PAGE: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "Content-Range, Accept-Ranges, ETag",
};
const NOT_READY = "This song is not ready yet.";
const NOT_FOUND = "This song could not be found.";
/** The bucket is away: a listener's player tries again, and so may a person. */
const NOT_NOW = "This song can't be played right now. Please try again in a moment.";
const NOT_NOW_RETRY_SECONDS = "5";
/**
 * A presigned URL outlives the redirect by this much: long enough for a player that follows it to
 * finish and seek in a long song, short enough that a copied link soon stops working.
 */
const PRESIGNED_SECONDS = 60 * 60;
/** A redirect to a URL that expires must not be kept by any cache. */
const NEVER_STORE = "private, no-store";

/** Where players load audio from besides this app: the bucket's origin, when songs redirect there. */
export function presignedMediaOrigins(config: Config): string[] {
  const { s3, serving } = config.blobs;
  return s3 && serving === "presigned" ? [new URL(s3.endpoint).origin] : [];
}

media.get(`${SONG_AUDIO_PREFIX}:file`, async (c) => {
  const id = blobIdOfAudioFile(c.req.param("file"));
  const [listener, meta] = id
    ? await Promise.all([listenerOf(c, id), c.var.deps.blobs.meta(id)])
    : [null, null];
  // Answered here rather than thrown: the error mapper renders a page for paths outside /api, and
  // an audio address is not a page. Audio nobody may hear now is as absent as audio never stored.
  if (!meta || !listener) return c.json({ message: NOT_FOUND }, 404);
  const cors = listener === "anyone" ? OPEN_TO_ANY_PAGE : {};
  // A presigned URL already handed out cannot be recalled: it lives out its hour (PRESIGNED_SECONDS).
  const presigned = await presignedUrlOf(c, meta, { contentType: meta.contentType });
  if (presigned) return redirectTo(presigned, cors);
  return serveBlob(c, meta, {
    "content-type": meta.contentType,
    "cache-control": REVALIDATE_PRIVATELY,
    ...cors,
  });
});

/**
 * Who may hear stored audio now: anyone while some family has it (domain/delivery/release.ts,
 * releasedAudioOf), staff always (they review every take and may offer or choose one later), no one
 * else. The session is looked up only for audio no family has, which only staff's pages play.
 */
async function listenerOf(c: Context<AppEnv>, blobId: string): Promise<"anyone" | "staff" | null> {
  if (await isReleasedAudio(c.var.deps.kv, blobId)) return "anyone";
  const signedIn = await authenticate(c);
  return signedIn?.user.role === "admin" ? "staff" : null;
}

media.get(`${DOWNLOAD_PREFIX}:orderId`, async (c) => {
  const order = await orderToDownload(c);
  // Like the reveal page: the song is the customer's once it has been delivered, not before.
  return await serveDownload(c, isReleased(order) ? order.songBlobId : null, downloadFileName(order));
});

/** The other take, while staff offer it: withdrawn, it is no longer the family's to download. */
media.get(`${DOWNLOAD_PREFIX}:orderId${ANOTHER_VERSION_SUFFIX}`, async (c) => {
  const order = await orderToDownload(c);
  const bonus = isReleased(order) ? bonusTakeOf(order) : null;
  return await serveDownload(c, bonus?.blobId ?? null, anotherVersionFileName(order));
});

async function orderToDownload(c: Context<AppEnv>): Promise<Order> {
  const orderId = c.req.param("orderId");
  const order = orderId && isOrderId(orderId) ? await getOrder(c.var.deps.kv, orderId) : null;
  if (!order) throw new NotFoundError("Order not found.");
  return order;
}

async function serveDownload(c: Context<AppEnv>, blobId: string | null | undefined, fileName: string) {
  const meta = blobId ? await c.var.deps.blobs.meta(blobId) : null;
  if (!meta) throw new NotFoundError(NOT_READY);
  const presigned = await presignedUrlOf(c, meta, {
    contentType: "audio/mpeg",
    contentDisposition: contentDisposition(fileName),
  });
  if (presigned) return redirectTo(presigned);
  return serveBlob(c, meta, {
    "content-type": "audio/mpeg",
    "content-disposition": contentDisposition(fileName),
    "cache-control": REVALIDATE_PRIVATELY,
  });
}

/** The blob, whole or the one range asked for, honouring If-None-Match and If-Range; HEAD gets no body. */
async function serveBlob(
  c: Context<AppEnv>,
  meta: BlobMeta,
  headersOfRoute: Record<string, string>,
): Promise<Response> {
  const etag = `"${meta.sha256}"`;
  const headers = new Headers({ ...headersOfRoute, "accept-ranges": "bytes", "etag": etag });
  if (etagMatches(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  // A range of another version of the file would be spliced into the wrong bytes: send it all instead.
  const ifRange = c.req.header("if-range");
  const range = ifRange === undefined || ifRange.trim() === etag
    ? parseRange(c.req.header("range"), meta.size)
    : { kind: "full" as const };
  if (range.kind === "unsatisfiable") {
    headers.set("content-range", `bytes */${meta.size}`);
    return new Response(null, { status: 416, headers });
  }

  const [start, end] = range.kind === "partial" ? [range.start, range.end] : [0, meta.size - 1];
  const status = range.kind === "partial" ? 206 : 200;
  headers.set("content-length", String(end - start + 1));
  if (range.kind === "partial") headers.set("content-range", `bytes ${start}-${end}/${meta.size}`);
  if (c.req.method === "HEAD") return new Response(null, { status, headers });
  let body: ReadableStream<Uint8Array>;
  try {
    body = await c.var.deps.blobs.read(meta, start, end);
  } catch (error) {
    // Opened before the status goes out, so a bucket that is away or lost the object gets a plain answer
    // (staff read the detail in the log) rather than a 200 that breaks off.
    if (!(error instanceof BlobStoreError)) throw error;
    console.warn(`could not serve blob ${meta.id}:`, error.message);
    if (error instanceof BlobMissingError) return c.json({ message: NOT_FOUND }, 404);
    return c.json({ message: NOT_NOW }, 503, { "retry-after": NOT_NOW_RETRY_SECONDS });
  }
  // A listener who leaves cancels this stream, which lets go of the bucket's answer too.
  return new Response(body, { status, headers });
}

/** The presigned URL to send the listener to, when the blob is in the bucket and songs are served so. */
async function presignedUrlOf(
  c: Context<AppEnv>,
  meta: BlobMeta,
  answer: { contentType: string; contentDisposition?: string },
): Promise<string | null> {
  const { config, blobs } = c.var.deps;
  if (config.blobs.serving !== "presigned" || storeOf(meta) !== "s3") return null;
  return await blobs.presignedUrl(meta, { expiresInSeconds: PRESIGNED_SECONDS, ...answer });
}

function redirectTo(url: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 302,
    headers: { location: url, "cache-control": NEVER_STORE, ...extraHeaders },
  });
}

/** Weak comparison (RFC 9110 §13.1.2), as If-None-Match asks: `W/` is ignored and `*` matches anything. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
