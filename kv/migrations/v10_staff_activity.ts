import type { GenerationEvent } from "../../domain/generation/events.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { addStaffActivity } from "../staff_activity.ts";
import { deleteUnder } from "./delete_under.ts";

/** Events a commit covers: each staff event is three sets, well inside a commit's 1,000 mutations. */
const EVENTS_PER_COMMIT = 250;

interface Progress {
  /** The key of the last event read. */
  after: Deno.KvKey;
}

/**
 * Migration 10: the staff activity log (kv/staff_activity.ts), which addStaffEvent now writes with
 * each staff event. The staff events written before get their entries here, from the orders'
 * timelines: cleared first (safe to repeat), then the events read in batches, each committed with the
 * last event's key as the checkpoint. Sets only, so a batch done twice changes nothing.
 */
export const staffActivity: Migration = {
  version: 10,
  name: "staff-activity",
  async up(kv, context) {
    let progress = context.checkpoint as Progress | null;
    if (!progress) {
      for (const prefix of [keys.allStaffActivity(), keys.allStaffActivityByStaff(), keys.staffMembers()]) {
        await deleteUnder(kv, prefix);
      }
      progress = { after: [] };
      await context.commit(kv.atomic(), progress);
    }
    const prefix = keys.allOrderEvents();
    const selector = progress.after.length ? { prefix, start: progress.after } : { prefix };
    let operation = kv.atomic();
    let read = 0;
    let last = progress.after;
    for await (const entry of kv.list<GenerationEvent>(selector)) {
      if (progress.after.length && keysEqual(entry.key, progress.after)) continue;
      addStaffActivity(operation, entry.key[1] as string, entry.value);
      last = entry.key;
      if (++read === EVENTS_PER_COMMIT) {
        await context.commit(operation, { after: last } satisfies Progress);
        operation = kv.atomic();
        read = 0;
      }
    }
    await context.commit(operation, { after: last } satisfies Progress);
  },
};

const keysEqual = (a: Deno.KvKey, b: Deno.KvKey) => JSON.stringify(a) === JSON.stringify(b);
