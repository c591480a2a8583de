import type { JobLane, JobName } from "../domain/order/due_work.ts";
import { keys } from "../kv/keys.ts";

/** How many due items one sweep takes on; the rest wait for the next sweep. */
const SWEEP_BATCH = 200;

export interface DueItem {
  dueAt: number;
  orderId: string;
  job: JobName;
}

/** A lane's work whose due time has passed, oldest first, from the due-time index (no order is read). */
export async function listDue(
  kv: Deno.Kv,
  lane: JobLane,
  now: number,
  limit = SWEEP_BATCH,
): Promise<DueItem[]> {
  const items: DueItem[] = [];
  const selector = { prefix: keys.jobsDue(lane), end: [...keys.jobsDue(lane), now + 1] };
  for await (const entry of kv.list<string>(selector, { limit })) {
    const [, , dueAt, orderId, job] = entry.key as [string, string, number, string, JobName];
    items.push({ dueAt, orderId, job });
  }
  return items;
}
