import type { GenerationEvent } from "../domain/generation/events.ts";
import type { Order } from "../domain/order/orders.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { songBlobIdsOf } from "../domain/song/takes.ts";
import type { BlobStore } from "./blob_store.ts";
import { deleteTimedLyrics } from "./lyrics_timing.ts";
import { keys } from "./keys.ts";
import { listOrderAccessKeys } from "./order_access.ts";
import { listOrderLinkKeys } from "./order_links.ts";
import { unwriteOrder } from "./orders.ts";
import { staffActivityKeysOfEvents } from "./staff_activity.ts";

/** Deletes per atomic operation when tidying up (KV allows 1,000 mutations per operation). */
const DELETES_PER_COMMIT = 500;

/**
 * Deletes an order for good (a customer's "Delete Song"): the order, its indexes, due work and
 * counters, its links and access grants go in one atomic write, so from that moment no list, count,
 * link or job can reach it. Its events (and their lines in the staff activity log), debug texts and
 * audio follow; they are only reachable through
 * the order, so a crash before they go leaves unreachable bytes, never a half-deleted order.
 * Answers the order as it was, or null when it did not exist.
 */
export async function deleteOrder(
  kv: Deno.Kv,
  blobs: BlobStore,
  id: string,
  /** Judged on the order as read for the write: false leaves it (and answers null). */
  only: (order: Order) => boolean = () => true,
): Promise<Order | null> {
  const removed = await retryOnConflict(`delete order ${id}`, async () => {
    const entry = await kv.get<Order>(keys.order(id));
    if (!entry.value || !only(entry.value)) return null;
    const grants = [...await listOrderLinkKeys(kv, id), ...await listOrderAccessKeys(kv, id)];
    const operation = unwriteOrder(kv.atomic().check(entry), entry.value);
    for (const key of grants.slice(0, DELETES_PER_COMMIT)) operation.delete(key);
    const result = await operation.commit();
    if (!result.ok) return CONFLICT;
    await deleteKeys(kv, grants.slice(DELETES_PER_COMMIT));
    return entry.value;
  });
  if (!removed) return null;
  // Its staff actions leave the activity log with its timeline: the log's lines name the family.
  const events: GenerationEvent[] = [];
  for await (const entry of kv.list<GenerationEvent>({ prefix: keys.orderEvents(id) })) {
    events.push(entry.value);
  }
  await deleteKeys(kv, staffActivityKeysOfEvents(id, events));
  await deleteKeys(kv, await keysUnder(kv, keys.orderEvents(id)));
  await deleteKeys(kv, await keysUnder(kv, keys.orderDebugTexts(id)));
  const audio = songBlobIdsOf(removed);
  await deleteTimedLyrics(kv, audio);
  for (const blobId of audio) await blobs.delete(blobId);
  return removed;
}

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix })) found.push(entry.key);
  return found;
}

async function deleteKeys(kv: Deno.Kv, list: Deno.KvKey[]) {
  for (let i = 0; i < list.length; i += DELETES_PER_COMMIT) {
    const operation = kv.atomic();
    for (const key of list.slice(i, i + DELETES_PER_COMMIT)) operation.delete(key);
    await operation.commit();
  }
}
