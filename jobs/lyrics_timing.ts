import { buildEvent, type EventDraft } from "../domain/generation/events.ts";
import { backoffMs, isTransient } from "../domain/generation/call_errors.ts";
import type { Order } from "../domain/order/orders.ts";
import { callEventFields, type CallFacts } from "../domain/generation/provider_calls.ts";
import { type SongTake, takeLabel, takesOf } from "../domain/song/takes.ts";
import {
  MAX_TIMING_ATTEMPTS,
  takesDueForTiming,
  timingRefused,
  timingStored,
  withTakeTiming,
} from "../domain/song/take_timing.ts";
import { type TimedLyrics, timedLyricsFromAlignedWords } from "../domain/song/timed_lyrics.ts";
import { seconds } from "../domain/time.ts";
import { ProviderCallError } from "../providers/calls.ts";
import { addEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { type Held, withLease } from "../kv/locks.ts";
import { fitsTimedLyrics, setTimedLyrics } from "../kv/lyrics_timing.ts";
import { getOrder, writeOrder } from "../kv/orders.ts";
import type { Deps } from "../deps.ts";
import { inJobSpan, jobFinished } from "../providers/telemetry.ts";
import { jobMessage } from "./messages.ts";

/** What asking for one take's timing came to. */
type TimingOutcome =
  | { kind: "stored"; lyrics: TimedLyrics; call: CallFacts }
  | { kind: "failed"; reason: string; transient: boolean; call: CallFacts | null };

/**
 * Asks the music service for the timed lyrics of each take that owes them, under a lease of its own,
 * and records each answer with its event in one atomic write: stored beside the take's audio, or due
 * again after a backoff, or given up (the reveal then shows plain lyrics). Nothing here ever touches
 * the song itself, so a failure can only cost the sing-along, never the order.
 */
export function fetchTimedLyrics(deps: Deps, orderId: string): Promise<void> {
  return inJobSpan(deps.kv, "lyrics-timing", orderId, async () => {
    const now = () => deps.clock.now();
    const leaseMs = seconds(deps.config.jobs.leaseSeconds);
    const holder = { id: deps.workerId, leaseMs, now };
    const outcomes: string[] = [];
    let orderNumber: number | null = null;
    await withLease(deps.kv, { type: "lyrics-timing", id: orderId }, holder, async (held) => {
      const order = await getOrder(deps.kv, orderId);
      if (!order) return;
      orderNumber = order.orderNumber;
      const signal = AbortSignal.timeout(leaseMs);
      for (const take of takesDueForTiming(order, now())) {
        const outcome = await askFor(deps, order, take, signal);
        outcomes.push(outcome.kind);
        if (!await record(deps, held, orderId, take, outcome)) return;
      }
    });
    jobFinished("lyrics-timing", { id: orderId, number: orderNumber }, outcomes.join(", ") || "nothing-due");
  });
}

async function askFor(deps: Deps, order: Order, take: SongTake, signal: AbortSignal): Promise<TimingOutcome> {
  if (!order.songTaskId || !take.audioId) {
    return {
      kind: "failed",
      reason: "There is no music task or track id to ask by.",
      transient: false,
      call: null,
    };
  }
  try {
    const answer = await deps.providers.music.timedLyrics(
      { taskId: order.songTaskId, audioId: take.audioId },
      signal,
    );
    const lyrics = timedLyricsFromAlignedWords(answer.words);
    if (!lyrics) {
      const reason = "The music service placed none of the words in the audio.";
      return { kind: "failed", reason, transient: false, call: answer.call };
    }
    if (!fitsTimedLyrics(lyrics)) {
      return {
        kind: "failed",
        reason: "The timed lyrics are too long to keep.",
        transient: false,
        call: answer.call,
      };
    }
    return { kind: "stored", lyrics, call: answer.call };
  } catch (error) {
    if (error instanceof ProviderCallError) {
      return { kind: "failed", reason: error.message, transient: isTransient(error.call), call: error.call };
    }
    // Our own bug or a storage hiccup: worth another go, and loud in the log.
    console.error("timed lyrics failed unexpectedly:", error);
    const reason = `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: "failed", reason, transient: true, call: null };
  }
}

/**
 * Records one take's outcome, re-reading on a conflict (staff may act on the order meanwhile) as long
 * as the take still owes its timing and the lease is still ours. Answers whether to go on.
 */
async function record(deps: Deps, held: Held, orderId: string, asked: SongTake, outcome: TimingOutcome) {
  const { kv } = deps;
  const goOn = await held.retry(`the timed lyrics of ${orderId}`, async () => {
    const entry = await kv.get<Order>(keys.order(orderId));
    const order = entry.value;
    const take = order && takesOf(order).find((each) => each.blobId === asked.blobId);
    // Another song replaced this one meanwhile (regenerated, uploaded), or the work was done.
    if (!order || take?.timing.state !== "owed") return { value: true };
    const now = deps.clock.now();
    const label = takeLabel(take.take);
    const operation = held.atomic(entry);
    let event: EventDraft;
    let next: Order;
    if (outcome.kind === "stored") {
      setTimedLyrics(operation, take.blobId, outcome.lyrics);
      next = withTakeTiming(order, take.blobId, timingStored(now, outcome.lyrics.lines.length));
      event = {
        stage: "LYRICS_TIMING",
        type: "SUCCESS",
        message: `${label}: the lyrics are timed to the song.`,
      };
    } else {
      const attempts = take.timing.attempts + 1;
      const retryAt = outcome.transient && attempts < MAX_TIMING_ATTEMPTS
        ? now + backoffMs(attempts, seconds(deps.config.jobs.retryBaseSeconds), deps.random)
        : null;
      next = withTakeTiming(order, take.blobId, timingRefused(take.timing, outcome.reason, retryAt));
      event = {
        stage: "LYRICS_TIMING",
        type: retryAt === null ? "ERROR" : "RETRY",
        message: retryAt === null
          ? `${label}: no timed lyrics; the family sees the plain lyrics. ${outcome.reason}`
          : `${label}: the timed lyrics could not be fetched; trying again. ${outcome.reason}`,
        retryCount: attempts - 1,
      };
      if (retryAt !== null) deps.jobs.add(operation, jobMessage("lyrics-timing", orderId), retryAt - now);
    }
    writeOrder(operation, order, { ...next, updatedAt: new Date(now).toISOString() });
    addEvents(operation, orderId, [buildEvent({ ...callEventFields(outcome.call), ...event }, now)]);
    return { value: true, write: operation };
  });
  return goOn ?? false;
}
