import { STAGED_GRACE_MS } from "../kv/blob_store.ts";
import { moveKeptBlobs } from "../kv/blob_migration.ts";
import { GENERATION_LANES, JOB_LANES, type JobLane, type JobName } from "../domain/order/due_work.ts";
import type { Deps } from "../deps.ts";
import { seconds } from "../domain/time.ts";
import { fetchTimedLyrics } from "./lyrics_timing.ts";
import { sendConfirmationEmail } from "./confirmation_email.ts";
import { deliverSong } from "./delivery.ts";
import { sendFailureEmail } from "./failure_email.ts";
import { type GenerationRun, runGeneration } from "./generation.ts";
import { jobMessage, jobMessageSchema } from "./messages.ts";
import { forgetOldGenerationSteps, hourOf, OVERDUE_AFTER_MS } from "../kv/backlog.ts";
import { leaseRunsOutAt } from "../kv/locks.ts";
import { getOrder } from "../kv/orders.ts";
import { recordBacklog, recordLimiterWait, telemetryEnabled } from "../providers/telemetry.ts";
import { renewShares, returnShare, takeShare } from "../kv/shared_limits.ts";
import { createLimiter } from "./limiter.ts";
import { type DueItem, listDue } from "./sweeper.ts";

/**
 * The family's work (emails, lyric timings) under way at once in this process, whether a queue
 * message or a sweep brought it. A rush of orders, or the catch-up after a mail outage, brings
 * thousands due together: each is a connection to the mail provider, which caps how many an account
 * may open, and a handful of store writes, which staff's reads would queue behind. More at once would
 * not go faster, since the store takes its writes one at a time.
 */
const CUSTOMER_CONCURRENCY = 8;
/**
 * In queue mode, work is left to its own delayed message for this long past its due time before the
 * sweeper sends another: it only steps in for messages that were lost. Shorter when sweeps are
 * frequent (tests), never more than ten seconds.
 */
const sweepGraceMs = (sweepMs: number) => Math.min(10_000, 5 * sweepMs);
/** A step due this soon is taken now (a delayed message may arrive a little early). */
const EARLY_MS = 1000;
/** The deployment's generation slots in KV (kv/shared_limits.ts): GENERATION_CONCURRENCY places. */
export const GENERATION_SLOTS = "generation-slots";
/**
 * How long a slot's share outlives its holder: the slot of a process that died comes free after at
 * most this long (docs/deploy.md). Never longer than the order's lease the step works under, which
 * frees the order itself; renewed every third of it while the step runs.
 */
const SLOT_SHARE_MS = 30_000;
/**
 * With every slot of the deployment taken (by other instances), how long before this one looks
 * again, about: a freed slot is found within this, and a busy deployment costs one read a second.
 */
const SLOTS_FULL_RETRY_MS = 1_000;

export interface JobWorker {
  /**
   * Runs one sweep now and waits for the work it started (what `Deno.cron` calls in main.ts, and what
   * tests step the worker with).
   */
  sweep(): Promise<void>;
  /**
   * Settles once no work is under way here, including what finished steps set going after the sweep
   * that began them answered (a freed slot fills again at once). A test on its own clock awaits this
   * before it moves the clock, so no step reads a time the test has already left.
   */
  idle(): Promise<void>;
  /** What the last sweep found: the emails overdue, and how many generation slots are busy. */
  report(): WorkerReport;
  /**
   * Stops sweeping and waits for the work in hand, for at most `waitMs`. Work still under way then is
   * left as a crash would leave it: its lease runs out and the next worker takes it up again. Close
   * KV afterwards, then await `closed`.
   */
  stop(waitMs?: number): Promise<void>;
  /** Settles once KV is closed and the queue listener has ended. */
  closed: Promise<void>;
}

export interface WorkerReport {
  /** Emails due more than OVERDUE_AFTER_MS ago at the last sweep (of those it listed). */
  overdueSends: number;
  /** How late the latest of them was, in ms (0 when none). */
  mostOverdueMs: number;
  generationSlots: { busy: number; capacity: number };
}

/**
 * The process's one job worker (ARCHITECTURE.md §5): a `kv.listenQueue` for messages and a sweeper
 * over the due-time index, so a lost message, a crash or a KV without queues delays work but never
 * loses it. Work runs in lanes (domain/order/due_work.ts). The family's emails run as soon as they are
 * due, `CUSTOMER_CONCURRENCY` at a time. Generation steps take one of the deployment's
 * `generationConcurrency` slots (shares in KV, so every instance together keeps to that number);
 * the rest wait in the index, and a freed slot goes at once to the song under way that has waited
 * longest, else to the oldest song not yet begun. No song waits in memory, so a backlog of thousands
 * costs the process no more than its slots.
 */
export function startJobWorker(deps: Deps): JobWorker {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };
  let stopped = false;
  const sweepMs = seconds(deps.config.jobs.sweepSeconds);

  const runCustomerJob = async (job: JobName, orderId: string) => {
    if (stopped) return;
    try {
      if (job === "delivery") await deliverSong(deps, orderId);
      else if (job === "confirmation-email") await sendConfirmationEmail(deps, orderId);
      else if (job === "lyrics-timing") await fetchTimedLyrics(deps, orderId);
      else await sendFailureEmail(deps, orderId);
    } catch (error) {
      // The due-time index still holds the work: the sweeper brings it back.
      if (!stopped) console.error(`job ${job} for order ${orderId} failed:`, error);
    }
  };

  const lane = createLimiter(CUSTOMER_CONCURRENCY);
  /** The family's lane, with how long each job waited there for its turn. */
  const customerLane = <T>(task: () => Promise<T>) => {
    const queuedAt = performance.now();
    return lane(() => {
      recordLimiterWait("customer-lane", performance.now() - queuedAt);
      return task();
    });
  };
  const slots = generationSlots(deps, track, () => stopped);
  const report = { overdueSends: 0, mostOverdueMs: 0 };
  let prunedHour = 0;
  let movedMinute = 0;
  let moving: Promise<unknown> | null = null;
  let warnedAt = -Infinity;

  /**
   * Overdue emails are the figure that matters most to families: logged, and kept for report(). With
   * telemetry on they go to the metrics, with how long the oldest due work of each lane has waited.
   */
  const noteOverdue = async (due: DueItem[], now: number) => {
    const late = due.filter((item) => item.job !== "lyrics-timing" && item.dueAt < now - OVERDUE_AFTER_MS);
    report.overdueSends = late.length;
    report.mostOverdueMs = late.length ? now - Math.min(...late.map((item) => item.dueAt)) : 0;
    if (telemetryEnabled()) recordBacklog(late.length, await oldestWaits(deps.kv, now));
    // Once a minute while it lasts: every sweep would drown the log.
    if (late.length && now - warnedAt >= 60_000) {
      warnedAt = now;
      console.warn(
        `${late.length} email(s) overdue, the oldest by ${Math.round(report.mostOverdueMs / 1000)} s`,
      );
    }
  };

  const closed = deps.jobs.enabled
    ? deps.kv.listenQueue(async (raw: unknown) => {
      const message = jobMessageSchema.safeParse(raw);
      if (!message.success) {
        console.error("dropped a queue message of unknown shape:", raw);
        return;
      }
      const { type, orderId } = message.data;
      // A generation message only wakes the slots: they take the oldest due order, which may be another.
      if (type === "generation") slots.fill();
      // A message waiting for its place stays in flight (KV keeps renewing its deadline): never resent.
      else await track(customerLane(() => runCustomerJob(type, orderId)));
    })
    : Promise.resolve();

  /** The family's emails first, then the free generation slots; waits for the emails only. */
  const sweepOnce = async (): Promise<Promise<unknown>[]> => {
    if (stopped) return [];
    const now = deps.clock.now();
    slots.forgetExpiredLeases(now);
    const started = slots.fill();
    if (deps.jobs.enabled) {
      const lost = await listDue(deps.kv, "customer", now - sweepGraceMs(sweepMs));
      await noteOverdue(lost, now);
      for (const item of lost) await deps.kv.enqueue(jobMessage(item.job, item.orderId));
    } else {
      const due = await listDue(deps.kv, "customer", now);
      await noteOverdue(due, now);
      await Promise.all(due.map((item) => customerLane(() => runCustomerJob(item.job, item.orderId))));
    }
    // Songs kept in KV while the bucket was away go to it once it is back: once a minute, in the
    // background, so a slow bucket never holds up the family's emails.
    if (Math.floor(now / 60_000) !== movedMinute) {
      movedMinute = Math.floor(now / 60_000);
      moving ??= track(moveKeptBlobs(deps.kv, deps.blobs, deps.workerId, () => deps.clock.now()))
        .catch((error) => console.warn("could not move audio kept in KV:", error))
        .finally(() => (moving = null));
    }
    if (hourOf(now) !== prunedHour) {
      prunedHour = hourOf(now);
      await forgetOldGenerationSteps(deps.kv, now);
      await deps.blobs.sweepStaged(now - STAGED_GRACE_MS).catch((error) => {
        console.warn("could not sweep staged audio:", error);
      });
    }
    return await started;
  };

  let sweeping: Promise<Promise<unknown>[]> | null = null;
  const sweepSerially = () => {
    // One sweep at a time: a slow sweep is not doubled by the next tick.
    sweeping ??= track(sweepOnce()).finally(() => (sweeping = null));
    return sweeping;
  };

  // A restarted process first picks up what was due while it was away.
  const first = setTimeout(() => sweepSerially().catch(() => {}), 0);
  const timer = setInterval(() => {
    sweepSerially().catch((error) => {
      if (!stopped) console.error("sweep failed:", error);
    });
  }, sweepMs);

  const idle = async () => {
    // Work in hand may start more (a finished step fills its slot) until it sees `stopped`.
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };

  return {
    async sweep() {
      const steps = await sweepSerially();
      await Promise.allSettled(steps);
    },
    idle,
    report: () => ({ ...report, generationSlots: slots.usage() }),
    async stop(waitMs = Infinity) {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      slots.stop();
      const settled = idle();
      if (!Number.isFinite(waitMs)) return await settled;
      let giveUp: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([settled, new Promise((resolve) => (giveUp = setTimeout(resolve, waitMs)))]);
      clearTimeout(giveUp);
    },
    closed,
  };
}

/** How long the longest-waiting due work of each lane has waited (ms); 0 for a lane with none due. */
async function oldestWaits(kv: Deno.Kv, now: number): Promise<Record<JobLane, number>> {
  const waits = {} as Record<JobLane, number>;
  for (const lane of JOB_LANES) {
    const [oldest] = await listDue(kv, lane, now, 1);
    waits[lane] = oldest ? now - oldest.dueAt : 0;
  }
  return waits;
}

async function nextStepIsDue(deps: Deps, orderId: string): Promise<boolean> {
  const order = await getOrder(deps.kv, orderId);
  return order?.status === "generating" && !!order.nextPollAt &&
    Date.parse(order.nextPollAt) <= deps.clock.now() + EARLY_MS;
}

/**
 * The generation slots of one process, each also a share of the deployment's `generationConcurrency`
 * slots in KV, so that every instance together runs no more steps at once than the providers'
 * accounts were sized for. `fill` starts steps for due orders while slots are free here and in the
 * deployment (songs under way first, then songs not yet begun, each oldest due first), and answers
 * the steps it started. A step that finishes gives its share back and fills again at once; with the
 * deployment full, this process looks again about every second. One that found its order leased by
 * another process leaves that order alone until that lease has had time to end, so two processes
 * never spin on each other's work.
 */
function generationSlots(
  deps: Deps,
  track: <T>(work: Promise<T>) => Promise<T>,
  isStopped: () => boolean,
) {
  const capacity = deps.config.jobs.generationConcurrency;
  const shareMs = Math.min(SLOT_SHARE_MS, seconds(deps.config.jobs.leaseSeconds));
  const running = new Set<string>();
  // Orders another process holds, each with when to look again: when its lease runs out (sooner
  // if the holder lets go, and then it carries on itself). Forgetting them at every sweep made each
  // sweep walk the same held orders again, and with hundreds held elsewhere the orders behind them
  // were never reached.
  const leasedElsewhere = new Map<string, number>();
  const noteLeasedElsewhere = async (orderId: string) => {
    const runsOutAt = await leaseRunsOutAt(deps.kv, { type: "order", id: orderId }).catch(() => null);
    leasedElsewhere.set(orderId, runsOutAt ?? deps.clock.now());
  };
  let filling: Promise<Promise<unknown>[]> | null = null;
  let fillAgain = false;
  let lookAgain: ReturnType<typeof setTimeout> | null = null;
  // While steps run here, their shares are renewed, so only a process that stopped loses them.
  const renewing = setInterval(() => {
    if (!running.size || isStopped()) return;
    renewShares(deps.kv, GENERATION_SLOTS, deps.workerId, shareMs, deps.clock.now()).catch((error) => {
      if (!isStopped()) console.warn("could not renew the generation slots' shares:", error);
    });
  }, shareMs / 3);

  const start = (orderId: string, share: string): Promise<unknown> => {
    running.add(orderId);
    return track((async () => {
      let outcome: GenerationRun | null = null;
      try {
        // An order whose next stage is due at once keeps its slot: songs are finished in the order
        // they were begun, rather than every order in the backlog getting its lyrics first.
        do outcome = await runGeneration(deps, orderId); while (
          outcome === "done" && !isStopped() && await nextStepIsDue(deps, orderId)
        );
      } catch (error) {
        if (!isStopped()) console.error(`job generation for order ${orderId} failed:`, error);
      } finally {
        running.delete(orderId);
        // KV closing at shutdown: the share runs out by itself.
        await returnShare(deps.kv, GENERATION_SLOTS, share, deps.clock.now()).catch(() => {});
      }
      if (outcome === "busy" && !isStopped()) await noteLeasedElsewhere(orderId);
      if (!isStopped()) fill();
    })());
  };

  /** Every slot of the deployment is taken elsewhere: look again shortly, once. */
  const deploymentFull = () => {
    if (lookAgain || isStopped()) return;
    lookAgain = setTimeout(() => {
      lookAgain = null;
      fill();
    }, SLOTS_FULL_RETRY_MS * (0.5 + Math.random()));
  };

  const fillOnce = async (): Promise<Promise<unknown>[]> => {
    const started: Promise<unknown>[] = [];
    if (isStopped() || running.size >= capacity) return started;
    // Enough candidates to fill every slot past those running here or leased elsewhere.
    const limit = capacity + running.size + leasedElsewhere.size;
    const due: DueItem[] = [];
    for (const lane of GENERATION_LANES) {
      if (due.length >= limit) break;
      due.push(...await listDue(deps.kv, lane, deps.clock.now() + EARLY_MS, limit - due.length));
    }
    for (const item of due) {
      if (running.size >= capacity || isStopped()) break;
      if (running.has(item.orderId) || leasedElsewhere.has(item.orderId)) continue;
      const share = await takeShare(deps.kv, GENERATION_SLOTS, {
        limit: capacity,
        holder: deps.workerId,
        ttlMs: shareMs,
        now: deps.clock.now(),
      });
      if (!share) {
        deploymentFull();
        break;
      }
      started.push(start(item.orderId, share));
    }
    return started;
  };

  const fill = (): Promise<Promise<unknown>[]> => {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = track((async () => {
      const started: Promise<unknown>[] = [];
      try {
        do {
          fillAgain = false;
          started.push(...await fillOnce());
        } while (fillAgain && !isStopped());
      } catch (error) {
        // The index could not be read (KV closing at shutdown, a busy store): the next sweep fills.
        if (!isStopped()) console.error("could not fill the generation slots:", error);
      }
      return started;
    })()).finally(() => (filling = null));
    return filling;
  };

  return {
    fill,
    usage: () => ({ busy: running.size, capacity }),
    /** Gives the orders leased elsewhere another look once their leases have had time to end. */
    forgetExpiredLeases(now: number) {
      for (const [orderId, lookAgainAt] of leasedElsewhere) {
        if (lookAgainAt <= now) leasedElsewhere.delete(orderId);
      }
    },
    /** Ends the timers; the steps in hand end by themselves (and give their shares back). */
    stop() {
      clearInterval(renewing);
      if (lookAgain) clearTimeout(lookAgain);
      lookAgain = null;
    },
  };
}
