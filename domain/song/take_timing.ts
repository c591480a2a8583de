import type { Order } from "../order/orders.ts";
import { type SongTake, takesOf, type TakeTiming } from "./takes.ts";
import { iso } from "../time.ts";

/**
 * How a take's timed lyrics move: owed from the moment the song is made → stored, or tried again
 * after a transient failure, or absent (the reveal then shows plain lyrics; the order goes on
 * regardless). jobs/lyrics_timing.ts commits each move with its event in one atomic write.
 */

/** Tries before a take's timing is given up on; the song never waits for it. */
export const MAX_TIMING_ATTEMPTS = 5;
/** A message may arrive a little before its due time; closer than this, the work runs anyway. */
const EARLY_MS = 1000;

export function timingOwedNow(now: number): TakeTiming {
  return { state: "owed", dueAt: iso(now), attempts: 0 };
}

export function timingStored(now: number, lines: number): TakeTiming {
  return { state: "stored", storedAt: iso(now), lines };
}

/** A failed try: due again at `retryAt`, or absent for good when that is null. */
export function timingRefused(timing: TakeTiming, reason: string, retryAt: number | null): TakeTiming {
  const attempts = (timing.state === "stored" ? 0 : timing.attempts) + 1;
  return retryAt === null
    ? { state: "absent", reason, attempts }
    : { state: "owed", dueAt: iso(retryAt), attempts };
}

/** The order with one take's timing replaced (the take named by its audio's blob id). */
export function withTakeTiming(order: Order, blobId: string, timing: TakeTiming): Order {
  return {
    ...order,
    songTakes: takesOf(order).map((take) => take.blobId === blobId ? { ...take, timing } : take),
  };
}

/** When the next owed timing is due, or null when none is owed. */
export function timingDueAt(order: Pick<Order, "songTakes">): number | null {
  const due = takesOf(order).flatMap((take) =>
    take.timing.state === "owed" ? [Date.parse(take.timing.dueAt)] : []
  );
  return due.length ? Math.min(...due) : null;
}

/** The takes whose timing is owed and due at `now`. */
export function takesDueForTiming(order: Pick<Order, "songTakes">, now: number): SongTake[] {
  return takesOf(order).filter((take) =>
    take.timing.state === "owed" && Date.parse(take.timing.dueAt) <= now + EARLY_MS
  );
}
