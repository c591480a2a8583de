import { buildEvent, type EventDraft } from "../domain/generation/events.ts";
import type { Order } from "../domain/order/orders.ts";
import { FIRST_GENERATION_STAGE, stepAwaitsCallback, stepClaimed } from "../domain/order/lifecycle.ts";
import { overEmailBookkeeping } from "../domain/email/owed.ts";
import { type GenerationStage, isGenerationStage, STAGE_LABELS } from "../domain/generation/stages.ts";
import { isTransient } from "../domain/generation/call_errors.ts";
import { ProviderCallError } from "../providers/calls.ts";
import {
  countStep,
  inJobSpan,
  jobFinished,
  noteJob,
  recordLimiterWait,
  type StepOutcome,
} from "../providers/telemetry.ts";
import { countGenerationStep } from "../kv/backlog.ts";
import { addEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { type Held, releaseWith, withLease } from "../kv/locks.ts";
import { setDebugTexts } from "../kv/order_debug.ts";
import { writeOrder } from "../kv/orders.ts";
import type { Deps } from "../deps.ts";
import { seconds } from "../domain/time.ts";
import { jobMessage } from "./messages.ts";
import { settle } from "./settle.ts";
import { writeLyrics } from "./stages/lyrics.ts";
import type { Stage, StageFailure, StageOutcome } from "./stages/mod.ts";
import { createSong } from "./stages/song_create.ts";
import { checkSong } from "./stages/song_status.ts";
import { writeTags } from "./stages/tags.ts";

const STAGE_HANDLERS: Record<GenerationStage, Stage> = {
  LYRICS: writeLyrics,
  TAGS: writeTags,
  SUNO_CREATE: createSong,
  SUNO_STATUS: checkSong,
};

/** A message may arrive a little before its due time; closer than this, the step runs anyway. */
const EARLY_TOLERANCE_MS = 1000;
/** Times a step's result is laid over an email's bookkeeping written meanwhile before it gives up. */
const REBASE_TRIES = 3;
/** Time kept back from the lease so a step's own timeout fires before another worker may take over. */
const LEASE_MARGIN_MS = 5000;
/**
 * After a crash during song creation we cannot know whether the music service took the song. Its
 * first callback (named after the attempt) would tell us the task id, so we wait this long for it
 * before asking again, which may cost a second song's credits but never loses the order.
 */
export const INTERRUPTED_CREATE_GRACE_MS = 3 * 60_000;

export type GenerationRun = "done" | "busy" | "not-due" | "nothing-to-do" | "lost-race";

/**
 * Runs the step an order is due for, once, under a lease: claim the step (so a crash is visible),
 * make the outside call, then commit the outcome with its events and the next message in one atomic
 * write that checks the order and the lease are unchanged. Safe to call for any order at any time.
 */
export function runGeneration(deps: Deps, orderId: string): Promise<GenerationRun> {
  return inJobSpan(deps.kv, "generation", orderId, async () => {
    const run = await runUnderLease(deps, orderId);
    // A run that did no step ("busy", "not-due", …) says so on its span; a step says more below.
    if (run !== "done") jobFinished("generation", { id: orderId }, run);
    return run;
  });
}

async function runUnderLease(deps: Deps, orderId: string): Promise<GenerationRun> {
  const leaseMs = seconds(deps.config.jobs.leaseSeconds);
  const holder = { id: deps.workerId, leaseMs, now: () => deps.clock.now() };
  const run = await withLease(
    deps.kv,
    { type: "order", id: orderId },
    holder,
    (held) => runLeased(deps, orderId, held, leaseMs),
  );
  return run ?? "busy";
}

async function runLeased(
  deps: Deps,
  orderId: string,
  held: Held,
  leaseMs: number,
): Promise<GenerationRun> {
  const { kv } = deps;
  const now = () => deps.clock.now();
  const entry = await kv.get<Order>(keys.order(orderId));
  const order = entry.value;
  if (!order || order.status !== "generating") return "nothing-to-do";
  if (order.nextPollAt && Date.parse(order.nextPollAt) > now() + EARLY_TOLERANCE_MS) return "not-due";

  // Orders from before the pipeline existed may carry no stage: they start at the beginning.
  const stage = isGenerationStage(order.currentStage) ? order.currentStage : FIRST_GENERATION_STAGE;
  noteJob({ "order.number": order.orderNumber, "job.stage": stage });
  const interrupted = order.stepClaim?.stage === stage ? order.stepClaim : null;
  const events: EventDraft[] = [];
  if (interrupted && stage === "SUNO_CREATE") {
    const waitUntil = Date.parse(interrupted.claimedAt) + INTERRUPTED_CREATE_GRACE_MS;
    if (now() < waitUntil) {
      const waiting = stepAwaitsCallback(order, waitUntil);
      const result = await writeOrder(held.atomic(entry), order, waiting).commit();
      return result.ok ? "done" : "lost-race";
    }
  }
  if (interrupted) {
    events.push({
      stage,
      type: "RETRY",
      provider: "app",
      message: "The worker stopped during this step before it could record the result; doing it again.",
      retryCount: order.retryCount,
      context: { interruptedAttempt: interrupted.attemptId, claimedAt: interrupted.claimedAt },
    });
  }
  if (!order.stageStartedAt) {
    events.push({ stage, type: "START", provider: null, message: `${STAGE_LABELS[stage]} started.` });
  }

  const attemptId = crypto.randomUUID();
  const startedAt = now();
  // How long the step waited past its due time for a generation slot (jobs/worker.ts).
  if (order.nextPollAt) recordLimiterWait("generation-slots", startedAt - Date.parse(order.nextPollAt));
  // If this worker vanishes, the step is due again once its lease has run out.
  const claimed = stepClaimed(order, { stage, attemptId }, startedAt, startedAt + leaseMs, events.length > 0);
  const claim = writeOrder(held.atomic(entry), order, claimed);
  addEvents(claim, orderId, events.map((draft, index) => buildEvent(draft, startedAt, index)));
  const claimResult = await claim.commit();
  if (!claimResult.ok) return "lost-race";

  const outcome = await attempt(STAGE_HANDLERS[stage], {
    deps,
    order: claimed,
    attemptId,
    signal: AbortSignal.timeout(Math.max(1000, leaseMs - LEASE_MARGIN_MS)),
  });
  const finishedAt = now();
  const settled = settle(claimed, stage, outcome, finishedAt, {
    retryBaseMs: seconds(deps.config.jobs.retryBaseSeconds),
    random: deps.random ?? Math.random,
    failureEmailGraceMs: failureEmailGraceMs(deps),
  });

  const commitOutcome = (entry: Deno.AtomicCheck, before: Order, next: Order) => {
    const commit = writeOrder(held.atomic(entry), before, next);
    // The next stage's message goes out in this write: the lease must be free the moment it lands.
    releaseWith(commit, held.lease, finishedAt);
    addEvents(commit, orderId, settled.events.map((draft, index) => buildEvent(draft, finishedAt, index)));
    countGenerationStep(commit, outcome.kind === "fail" && outcome.failure.call !== null, finishedAt);
    if (settled.debug) setDebugTexts(commit, orderId, settled.debug);
    if (next.status === "generating") {
      deps.jobs.add(commit, jobMessage("generation", orderId), settled.delayMs);
    } else if (next.status === "failed") {
      // Nudged when the grace runs out; the order's own due time decides whether it goes at all.
      deps.jobs.add(commit, jobMessage("failure-email", orderId), failureEmailGraceMs(deps));
    }
    if (outcome.kind === "complete") {
      for (const blob of outcome.blobs) deps.blobs.commit(commit, blob);
      deps.jobs.add(commit, jobMessage("lyrics-timing", orderId));
    }
    return commit.commit();
  };
  let result = await commitOutcome(
    { key: keys.order(orderId), versionstamp: claimResult.versionstamp },
    claimed,
    settled.order,
  );
  // The family's confirmation email may have been recorded on the order meanwhile: the result still
  // applies, laid over it (domain/email/owed.ts).
  for (let tries = 0; !result.ok && tries < REBASE_TRIES; tries++) {
    const current = await kv.get<Order>(keys.order(orderId));
    const rebased = current.value && overEmailBookkeeping(settled.order, claimed, current.value);
    if (!rebased) break;
    result = await commitOutcome(current, current.value!, rebased);
  }
  if (!result.ok) {
    // The order changed under us (staff acted on it): this attempt's result no longer applies.
    if (outcome.kind === "complete") {
      for (const blob of outcome.blobs) await deps.blobs.discard(blob).catch(() => {});
    }
    return "lost-race";
  }
  const stepOutcome = stepOutcomeOf(outcome, settled.order);
  countStep(stage, stepOutcome);
  jobFinished("generation", { id: orderId, number: order.orderNumber }, stepOutcome, {
    stage,
    failed: stepOutcome === "failed",
  });
  return "done";
}

function stepOutcomeOf(outcome: StageOutcome, next: Order): StepOutcome {
  if (outcome.kind === "advance") return "advanced";
  if (outcome.kind === "wait") return "waiting";
  if (outcome.kind === "complete") return "completed";
  return next.status === "failed" ? "failed" : "retried";
}

const failureEmailGraceMs = (deps: Deps) => seconds(deps.config.failureEmailGraceMinutes * 60);

async function attempt(stage: Stage, context: Parameters<Stage>[0]): Promise<StageOutcome> {
  try {
    return await stage(context);
  } catch (error) {
    return { kind: "fail", failure: failureOf(error) };
  }
}

function failureOf(error: unknown): StageFailure {
  if (error instanceof ProviderCallError) {
    return {
      message: error.message,
      call: error.call,
      httpStatus: error.call.httpStatus,
      transient: isTransient(error.call),
    };
  }
  // Our own bug or a storage hiccup: worth another go, and loud in the log.
  console.error("generation step failed unexpectedly:", error);
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, call: null, httpStatus: null, transient: true };
}
