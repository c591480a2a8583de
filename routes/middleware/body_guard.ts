import type { MiddlewareHandler } from "hono";
import { PayloadTooLargeError } from "../../domain/errors.ts";
import { SONG_UPLOAD_PATH } from "../../domain/song/uploads.ts";
import { bodyLimitFor } from "../body/limits.ts";
import { readBounded } from "../body/read_bounded.ts";
import type { AppEnv } from "../request_context.ts";

/**
 * Every request body is read here, in full, before any route sees it: refused unread when it
 * declares more than its route allows, and read within the time and the process-wide budget
 * routes/body/read_bounded.ts enforces. Routes then parse a body that is already in memory.
 */
export function bodyGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const stream = c.req.raw.body;
    if (!stream || c.req.path === SONG_UPLOAD_PATH) return await next();
    const maxBytes = bodyLimitFor(c.req.path);
    const declared = Number(c.req.header("content-length"));
    if (declared > maxBytes) throw new PayloadTooLargeError("The request body is too large.");
    const { config, bodyBudget } = c.var.deps;
    const body = await readBounded(stream, {
      maxBytes,
      deadlineMs: config.http.bodyTimeoutSeconds * 1000,
      budget: bodyBudget,
    });
    // GET and HEAD may not carry a body onward; theirs was read only to bound it.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") c.req.raw = new Request(c.req.raw, { body });
    await next();
  };
}
