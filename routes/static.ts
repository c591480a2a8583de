import type { Context, Next } from "hono";
import { extname, join, normalize } from "node:path";
import { type ContentEncoding, preferredEncoding } from "./page_cache.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
  ".woff2": "font/woff2",
};

/** `deno task build` writes `.br` and `.gz` beside each bundle; other files are small or already compressed. */
const PRECOMPRESSED_TYPES = new Set([".js", ".css", ".json"]);
const ENCODING_SUFFIX: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

/** Content-hashed bundles never change under their name, so browsers may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=3600, must-revalidate";

/**
 * Serves files under `root` for GET and HEAD, with ETags, conditional requests and byte ranges
 * (media players seek with them). Paths without a known file extension fall through to the pages.
 */
export function serveStatic(root: string) {
  return async (c: Context, next: Next) => {
    const method = c.req.method;
    const type = CONTENT_TYPES[extname(c.req.path).toLowerCase()];
    if ((method !== "GET" && method !== "HEAD") || !type) return next();
    const relative = normalize(c.req.path).replace(/^\/+/, "");
    if (relative.startsWith("..") || relative.includes("\0")) return next();

    let path = join(root, relative);
    const encoding = await precompressedEncoding(c, path);
    if (encoding) path += ENCODING_SUFFIX[encoding];
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(path);
    } catch {
      return next();
    }
    if (!info.isFile) return next();

    const etag = `W/"${info.size.toString(36)}-${(info.mtime?.getTime() ?? 0).toString(36)}"`;
    const headers = new Headers({
      "content-type": type,
      "cache-control": relative.startsWith("build/") && !relative.endsWith(".json") ? IMMUTABLE : REVALIDATE,
      "etag": etag,
    });
    if (PRECOMPRESSED_TYPES.has(extname(relative))) headers.set("vary", "Accept-Encoding");
    if (encoding) headers.set("content-encoding", encoding);
    // Byte ranges are offered on the file as stored; a compressed copy is always sent whole.
    else headers.set("accept-ranges", "bytes");
    if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });

    const range = encoding ? null : parseRange(c.req.header("range"), info.size);
    if (range === "unsatisfiable") {
      headers.set("content-range", `bytes */${info.size}`);
      return new Response(null, { status: 416, headers });
    }
    const [start, end] = range ?? [0, info.size - 1];
    const length = Math.max(0, end - start + 1);
    headers.set("content-length", String(length));
    if (range) headers.set("content-range", `bytes ${start}-${end}/${info.size}`);
    const status = range ? 206 : 200;
    if (method === "HEAD" || length === 0) return new Response(null, { status, headers });

    const file = await Deno.open(path, { read: true });
    if (start > 0) await file.seek(start, Deno.SeekMode.Start);
    return new Response(file.readable.pipeThrough(limitBytes(length)), { status, headers });
  };
}

/** The encoding of a precompressed copy to send instead of the file, if the client takes one and it exists. */
async function precompressedEncoding(c: Context, path: string): Promise<ContentEncoding | null> {
  if (!PRECOMPRESSED_TYPES.has(extname(path)) || c.req.header("range")) return null;
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  if (!encoding) return null;
  try {
    return (await Deno.stat(path + ENCODING_SUFFIX[encoding])).isFile ? encoding : null;
  } catch {
    return null;
  }
}

/** A single `bytes=` range, clamped to the file; several ranges are answered with the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return [start, end];
}

function limitBytes(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let remaining = limit;
  return new TransformStream({
    transform(chunk, controller) {
      if (remaining <= 0) return;
      const part = chunk.byteLength > remaining ? chunk.subarray(0, remaining) : chunk;
      remaining -= part.byteLength;
      controller.enqueue(part);
      if (remaining <= 0) controller.terminate();
    },
  });
}
