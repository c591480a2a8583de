import { concatBytes } from "../../domain/bytes.ts";
import { BodyTimeoutError, PayloadTooLargeError, ServerBusyError } from "../../domain/errors.ts";
import type { BodyBudget } from "./budget.ts";

export interface BodyBounds {
  maxBytes: number;
  /** The whole body must have arrived within this long. */
  deadlineMs: number;
  budget: BodyBudget;
}

/**
 * A request body read chunk by chunk as it arrives, never allocated from what Content-Length
 * promises: too large → PayloadTooLargeError as soon as it passes the limit, too slow →
 * BodyTimeoutError, the process's budget spent → ServerBusyError. What it held is given back to the
 * budget once the body is complete (the handler owns it then) or refused.
 */
/**
 * What an unfinished body costs before its first byte: Deno keeps a read buffer and the request's
 * state for it (docs/security.md, "Body budget"), so each body holds this much of the budget while
 * it arrives, and the budget bounds how many can trickle at once.
 */
export const UNFINISHED_BODY_COST = 128 * 1024;

export async function readBounded(
  stream: ReadableStream<Uint8Array>,
  bounds: BodyBounds,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!bounds.budget.take(UNFINISHED_BODY_COST)) {
    await stream.cancel().catch(() => {});
    throw new ServerBusyError();
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"late">((
    resolve,
  ) => (timer = setTimeout(() => resolve("late"), bounds.deadlineMs)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === "late") throw new BodyTimeoutError();
      if (next.done) break;
      const length = next.value.byteLength;
      if (size + length > bounds.maxBytes) throw new PayloadTooLargeError("The request body is too large.");
      if (!bounds.budget.take(length)) throw new ServerBusyError();
      size += length;
      // A read fills a fresh 64 KB buffer however little arrived: keeping that view would let a body
      // trickled a byte at a time hold 64 KB per byte, so a part of a buffer is copied out.
      const chunk = next.value;
      chunks.push(chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice());
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
    bounds.budget.release(size + UNFINISHED_BODY_COST);
  }
  return concatBytes(chunks);
}
