import type { LyricsHistoryEntry } from "../domain/admin/order_list.ts";
import { keys } from "./keys.ts";

/**
 * Lyrics an admin regenerated away (staff-side §3, lyricsHistory), each under its own key: an order
 * regenerated many times would otherwise outgrow a KV value. Ids sort by time.
 */
export function addLyricsVersion(
  operation: Deno.AtomicOperation,
  orderId: string,
  entry: LyricsHistoryEntry,
  now: number,
) {
  const id = `${now.toString(36).padStart(10, "0")}-${crypto.randomUUID().slice(0, 8)}`;
  return operation.set(keys.orderLyricsVersion(orderId, id), entry);
}

/** Oldest first. */
export async function listLyricsHistory(kv: Deno.Kv, orderId: string): Promise<LyricsHistoryEntry[]> {
  const history: LyricsHistoryEntry[] = [];
  for await (const entry of kv.list<LyricsHistoryEntry>({ prefix: keys.orderLyricsHistory(orderId) })) {
    history.push(entry.value);
  }
  return history;
}
