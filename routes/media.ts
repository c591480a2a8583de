import { type Context, Hono } from "hono";
import { parseRange } from "../domain/byte_range.ts";
import {
  ANOTHER_VERSION_SUFFIX,
  anotherVersionFileName,
  blobIdOfAudioFile,
  contentDisposition,
  DOWNLOAD_PREFIX,
  downloadFileName,
  SONG_AUDIO_PREFIX,
} from "../domain/download.ts";
import { bonusTakeOf } from "../domain/song_takes.ts";
import { isReleased } from "../domain/delivery.ts";
import { NotFoundError } from "../domain/errors.ts";
import { isOrderId, type Order } from "../domain/orders.ts";
import { type BlobMeta, getBlobMeta, readBlob } from "../kv/blobs.ts";
import { getOrder } from "../kv/orders.ts";
import type { AppEnv } from "./env.ts";

/**
 * Stored songs, served from the blob store with byte ranges (players seek with them) and ETags.
 * Mounted before the session middleware: nothing here depends on who asks, and audio must not cost
 * a session lookup per range request.
 */
export const media = new Hono<AppEnv>();

/** A blob's address is unguessable and never reused, so its bytes can be cached for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A download follows the order's current song, which a regeneration replaces: always revalidate. */
const REVALIDATE_PRIVATELY = "private, no-cache";
const NOT_READY = "This song is not ready yet.";

media.get(`${SONG_AUDIO_PREFIX}:file`, async (c) => {
  const id = blobIdOfAudioFile(c.req.param("file"));
  const meta = id ? await getBlobMeta(c.var.deps.kv, id) : null;
  // Answered here rather than thrown: the error mapper renders a page for paths outside /api, and
  // an audio address is not a page.
  if (!meta) return c.json({ message: "This song could not be found." }, 404);
  return serveBlob(c, meta, {
    "content-type": meta.contentType,
    "cache-control": IMMUTABLE,
    // The reveal player loads songUrl in cross-origin anonymous mode (customer-side §7).
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "Content-Range, Accept-Ranges, ETag",
  });
});

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
  const meta = blobId ? await getBlobMeta(c.var.deps.kv, blobId) : null;
  if (!meta) throw new NotFoundError(NOT_READY);
  return serveBlob(c, meta, {
    "content-type": "audio/mpeg",
    "content-disposition": contentDisposition(fileName),
    "cache-control": REVALIDATE_PRIVATELY,
  });
}

/** The blob, whole or the one range asked for, honouring If-None-Match and If-Range; HEAD gets no body. */
function serveBlob(c: Context<AppEnv>, meta: BlobMeta, headersOfRoute: Record<string, string>): Response {
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
  return new Response(readBlob(c.var.deps.kv, meta, start, end), { status, headers });
}

/** Weak comparison (RFC 9110 §13.1.2), as If-None-Match asks: `W/` is ignored and `*` matches anything. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
