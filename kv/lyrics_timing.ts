import type { Order } from "../domain/order/orders.ts";
import { takesOf } from "../domain/song/takes.ts";
import type { TimedLyrics } from "../domain/song/timed_lyrics.ts";
import { getManyInChunks } from "./get_many.ts";
import { keys } from "./keys.ts";

/**
 * Each take's timed lyrics, beside its audio rather than on the order: a long song's words would
 * take much of the order's 64 KiB, and only the reveal page and staff's preview read them. Written
 * in the same atomic operation that records them on the order (jobs/lyrics_timing.ts), removed with
 * the order's audio (kv/order_removal.ts).
 */

/** Well under the 64 KiB value limit: a timing past it is not kept (the reveal shows plain lyrics). */
export const MAX_TIMED_LYRICS_BYTES = 60_000;

export function fitsTimedLyrics(lyrics: TimedLyrics): boolean {
  return new TextEncoder().encode(JSON.stringify(lyrics)).length <= MAX_TIMED_LYRICS_BYTES;
}

export function setTimedLyrics(operation: Deno.AtomicOperation, blobId: string, lyrics: TimedLyrics) {
  return operation.set(keys.timedLyrics(blobId), lyrics);
}

/** For seeding and tools: the timing of one take on its own. */
export async function putTimedLyrics(kv: Deno.Kv, blobId: string, lyrics: TimedLyrics): Promise<void> {
  await kv.set(keys.timedLyrics(blobId), lyrics);
}

/** The timings there are of these takes, by blob id. */
export async function readTimings(
  kv: Deno.Kv,
  blobIds: readonly string[],
): Promise<Map<string, TimedLyrics>> {
  const entries = await getManyInChunks<TimedLyrics>(kv, blobIds.map((id) => keys.timedLyrics(id)));
  const found = new Map<string, TimedLyrics>();
  entries.forEach((entry, index) => entry.value && found.set(blobIds[index], entry.value));
  return found;
}

/** The timings of an order's takes, for the reveal page (domain/order/views.ts publicOrderView). */
export function timingsOfOrder(
  kv: Deno.Kv,
  order: Pick<Order, "songTakes">,
): Promise<Map<string, TimedLyrics>> {
  const blobIds = takesOf(order).filter((take) => take.timing.state === "stored").map((take) => take.blobId);
  return blobIds.length ? readTimings(kv, blobIds) : Promise.resolve(new Map());
}

export async function deleteTimedLyrics(kv: Deno.Kv, blobIds: readonly string[]): Promise<void> {
  const operation = kv.atomic();
  for (const id of blobIds) operation.delete(keys.timedLyrics(id));
  await operation.commit();
}
