import { parseAccept } from "hono/utils/accept";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/** A finished page kept with its compressed forms, so serving it again costs no rendering or compression. */
export interface CachedPage {
  status: number;
  /** The CSP source of its inline stylesheet (the page is identical for everyone, so is the policy). */
  styleSource: string;
  identity: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

export type PageCache = Map<string, CachedPage>;

/**
 * Both forms are made once, by the first request for the page. Brotli's top quality would save about
 * a tenth of the bytes at 25 times the time (150 ms for the landing page, paid by whoever arrives
 * first at a fresh server), so a middle setting is used.
 */
const BROTLI_QUALITY = 5;

export function cachePage(html: string, status: number, styleSource: string): CachedPage {
  const identity = new TextEncoder().encode(html);
  return {
    status,
    styleSource,
    identity,
    br: new Uint8Array(brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    })),
    gzip: new Uint8Array(gzipSync(identity, { level: constants.Z_BEST_COMPRESSION })),
  };
}

/** The best encoding the client accepts (brotli over gzip at equal weight), or none. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const weightOf = (name: string) =>
    accepts.find((accept) => accept.type.toLowerCase() === name)?.q ??
      accepts.find((accept) => accept.type === "*")?.q ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}
