import { GENERATION_LANES, type JobLane } from "../domain/due_work.ts";
import { keys } from "./keys.ts";
import { countOrders } from "./orders.ts";

/**
 * How the studio's background work stands, for staff (the dashboard) and the worker's own report:
 * what is being made, what waits longest, which emails are late, and how often the outside
 * services failed in the last hour. Read from the due-time index and counters; no order is read.
 */
export interface Backlog {
  generating: number;
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
    oldestDue,
    overdueSends,
    lastHour: {
      steps: Math.round(count(all) + share * count(allBefore)),
      failed: Math.round(count(failed) + share * count(failedBefore)),
    },
  };
}

/** Deletes hour buckets older than two days (the sweeper calls it now and then). */
export async function forgetOldGenerationSteps(kv: Deno.Kv, now: number) {
  const old = {
    prefix: keys.allGenerationSteps(),
    end: [...keys.allGenerationSteps(), hourOf(now) - KEEP_HOURS * HOUR_MS],
  };
  for await (const entry of kv.list(old, { limit: 100 })) await kv.delete(entry.key);
}
