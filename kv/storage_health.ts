import type { StorageOutage } from "../domain/admin/storage_outage.ts";
import { iso } from "../domain/time.ts";
import { keys } from "./keys.ts";

/**
 * Whether the audio bucket takes writes, as the shop last found it (domain/admin/storage_outage.ts): one
 * record shared by every instance, present only while it does not. kv/blob_store.ts writes it when
 * a write to the bucket fails and removes it at the next that succeeds, so a working bucket costs one
 * small KV read per song kept, and an outage one write per try. Songs finished meanwhile wait for it
 * (jobs/stages/song_status.ts), staff see it under "Needs attention", `/healthz?deep=1` reports it.
 */

export async function readStorageOutage(kv: Deno.Kv): Promise<StorageOutage | null> {
  return (await kv.get<StorageOutage>(keys.storageOutage())).value;
}

/** Records a failed write, keeping when the outage began. */
export async function noteStorageFailure(kv: Deno.Kv, error: unknown, now: number): Promise<StorageOutage> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  for (;;) {
    const entry = await kv.get<StorageOutage>(keys.storageOutage());
    const outage: StorageOutage = {
      since: entry.value?.since ?? iso(now),
      lastFailedAt: iso(now),
      lastError,
    };
    if ((await kv.atomic().check(entry).set(entry.key, outage).commit()).ok) return outage;
  }
}

/** Ends a recorded outage: a write just went through. */
export async function noteStorageWorking(kv: Deno.Kv): Promise<void> {
  const entry = await kv.get<StorageOutage>(keys.storageOutage());
  // Checked: a failure recorded meanwhile by another instance is newer news than this success.
  if (entry.value) await kv.atomic().check(entry).delete(entry.key).commit();
}
