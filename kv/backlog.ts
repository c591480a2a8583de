import type { AdminFilter } from "../domain/admin/order_list.ts";
import { promiseWaitingSince, tabOf } from "../domain/admin/attention.ts";
import { GENERATION_LANES, type JobLane } from "../domain/order/due_work.ts";
import { keys } from "./keys.ts";
import { countOrders, getOrders } from "./orders.ts";

/**
 * How the studio's background work stands, for staff (the dashboard) and the worker's own report:
 * what is being made, which family has waited longest, which emails and steps are late, and how
 * often the outside services failed in the last hour. Read from indexes and counters, and a few orders.
 */
export interface Backlog {
  generating: number;
  /**
   * The order whose family has waited longest for their song since they ordered (the 24-hour
   * promise's orders: domain/admin/attention.ts, promiseWaitingSince), or null when none waits.
   */
  longestWaiting: { orderId: string; orderNumber: number; since: number; filter: AdminFilter } | null;
  /** When the longest-waiting email and song step fell due (ms), or null when nothing is due. */
  oldestDue: { customer: number | null; generation: number | null };
  /** Emails due longer than OVERDUE_AFTER_MS ago (counted up to OVERDUE_COUNT_LIMIT). */
  overdueSends: number;
  /** Generation steps in the last hour, and those whose outside call failed. */
  lastHour: { steps: number; failed: number };
}

/** A send this late is overdue: the sweeper runs sends every second or so (every 30 s with queues). */
export const OVERDUE_AFTER_MS = 60_000;
const OVERDUE_COUNT_LIMIT = 1000;
const HOUR_MS = 3_600_000;
/** Hour buckets are kept two days, then the sweeper deletes them. */
const KEEP_HOURS = 48;

export const hourOf = (time: number) => time - (time % HOUR_MS);

/** Counts one generation step in its hour, in the step's own commit. */
export function countGenerationStep(operation: Deno.AtomicOperation, failed: boolean, now: number) {
  operation.sum(keys.generationSteps(hourOf(now), "all"), 1n);
  if (failed) operation.sum(keys.generationSteps(hourOf(now), "failed"), 1n);
  return operation;
}

export async function readBacklog(kv: Deno.Kv, now: number): Promise<Backlog> {
  /** When the lane's longest-waiting item fell due; null when nothing in it is due yet. */
  const firstDue = async (lane: JobLane) => {
    for await (const entry of kv.list({ prefix: keys.jobsDue(lane) }, { limit: 1 })) {
      const dueAt = entry.key[2] as number;
      return dueAt <= now ? dueAt : null;
    }
    return null;
  };
  const songs = (await Promise.all(GENERATION_LANES.map(firstDue))).filter((due) => due !== null);
  const oldestDue = {
    customer: await firstDue("customer"),
    generation: songs.length ? Math.min(...songs) : null,
  };
  let overdueSends = 0;
  const overdue = {
    prefix: keys.jobsDue("customer"),
    end: [...keys.jobsDue("customer"), now - OVERDUE_AFTER_MS],
  };
  for await (const _ of kv.list(overdue, { limit: OVERDUE_COUNT_LIMIT })) overdueSends++;
  // The hour so far and the one before it, weighted by how much of it falls in the last 60 minutes.
  const thisHour = hourOf(now);
  const share = 1 - (now - thisHour) / HOUR_MS;
  const [all, failed, allBefore, failedBefore] = await kv.getMany<Deno.KvU64[]>([
    keys.generationSteps(thisHour, "all"),
    keys.generationSteps(thisHour, "failed"),
    keys.generationSteps(thisHour - HOUR_MS, "all"),
    keys.generationSteps(thisHour - HOUR_MS, "failed"),
  ]);
  const count = (entry: Deno.KvEntryMaybe<Deno.KvU64>) => Number(entry.value?.value ?? 0n);
  return {
    generating: await countOrders(kv, "status:generating"),
    longestWaiting: await readLongestWaiting(kv),
    oldestDue,
    overdueSends,
    lastHour: {
      steps: Math.round(count(all) + share * count(allBefore)),
      failed: Math.round(count(failed) + share * count(failedBefore)),
    },
  };
}

/** Entries of the waiting families' index read to find one whose order still waits. */
const LONGEST_WAITING_SCAN = 10;

/**
 * The first of the waiting families' index whose order, as read, still waits (an entry only says where
 * to look), and the tab it is found under: a link by number alone would also list every longer number
 * that starts with it.
 */
async function readLongestWaiting(kv: Deno.Kv): Promise<Backlog["longestWaiting"]> {
  const ids: string[] = [];
  const prefix = keys.ordersAwaitingSong();
  for await (const entry of kv.list<string>({ prefix }, { limit: LONGEST_WAITING_SCAN })) {
    ids.push(entry.value);
  }
  for (const order of await getOrders(kv, ids)) {
    const since = promiseWaitingSince(order);
    if (since === null) continue;
    return { orderId: order.id, orderNumber: order.orderNumber, since, filter: tabOf(order) };
  }
  return null;
}

/** Deletes hour buckets older than two days (the sweeper calls it now and then). */
export async function forgetOldGenerationSteps(kv: Deno.Kv, now: number) {
  const old = {
    prefix: keys.allGenerationSteps(),
    end: [...keys.allGenerationSteps(), hourOf(now) - KEEP_HOURS * HOUR_MS],
  };
  for await (const entry of kv.list(old, { limit: 100 })) await kv.delete(entry.key);
}
