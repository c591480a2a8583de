import type { JobName } from "../domain/due_work.ts";
import { type JobDeps, seconds } from "./deps.ts";
import { deliverSong } from "./delivery.ts";
import { sendFailureEmail } from "./failure_email.ts";
import { runGeneration } from "./generation.ts";
import { jobMessage, jobMessageSchema } from "./messages.ts";
import { forEachLimited, listDue } from "./sweeper.ts";

/** Orders the queue-less sweeper works on at once. */
const SWEEP_CONCURRENCY = 16;
/**
 * In queue mode, work is left to its own delayed message for this long past its due time before the
 * sweeper sends another: it only steps in for messages that were lost. Shorter when sweeps are
 * frequent (tests), never more than ten seconds.
 */
const sweepGraceMs = (sweepMs: number) => Math.min(10_000, 5 * sweepMs);

export interface JobWorker {
  /** Runs one sweep now (also what `Deno.cron` calls in main.ts). */
  sweep(): Promise<void>;
  /** Stops sweeping and waits for the work in hand. Close KV afterwards, then await `closed`. */
  stop(): Promise<void>;
  /** Settles once KV is closed and the queue listener has ended. */
  closed: Promise<void>;
}

/**
 * The process's one job worker (ARCHITECTURE.md §5): a single `kv.listenQueue` dispatching on the
 * message's validated `type`, and a sweeper that re-triggers overdue work from the due-time index,
 * so a lost message, a crash or a KV without queues delays work but never loses it.
 */
export function startJobWorker(deps: JobDeps): JobWorker {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };
  let stopped = false;

  const dispatch = async (job: JobName, orderId: string) => {
    if (stopped) return;
    try {
      if (job === "generation") await runGeneration(deps, orderId);
      else if (job === "delivery") await deliverSong(deps, orderId);
      else await sendFailureEmail(deps, orderId);
    } catch (error) {
      // The due-time index still holds the work: the sweeper brings it back.
      if (!stopped) console.error(`job ${job} for order ${orderId} failed:`, error);
    }
  };

  const closed = deps.queue.enabled
    ? deps.kv.listenQueue(async (raw: unknown) => {
      const message = jobMessageSchema.safeParse(raw);
      if (!message.success) {
        console.error("dropped a queue message of unknown shape:", raw);
        return;
      }
      await track(dispatch(message.data.type, message.data.orderId));
    })
    : Promise.resolve();

  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    // One sweep at a time: a slow sweep is not doubled by the next tick.
    sweeping ??= track(sweepOnce()).finally(() => (sweeping = null));
    return sweeping;
  };
  const sweepOnce = async () => {
    if (stopped) return;
    const now = deps.now();
    if (deps.queue.enabled) {
      const lost = await listDue(deps.kv, now - sweepGraceMs(seconds(deps.config.jobs.sweepSeconds)));
      for (const item of lost) {
        await deps.kv.enqueue(jobMessage(item.job, item.orderId));
      }
      return;
    }
    const due = await listDue(deps.kv, now);
    await forEachLimited(due, SWEEP_CONCURRENCY, (item) => dispatch(item.job, item.orderId));
  };

  // A restarted process first picks up what was due while it was away.
  const first = setTimeout(() => sweep().catch(() => {}), 0);
  const timer = setInterval(() => {
    sweep().catch((error) => {
      if (!stopped) console.error("sweep failed:", error);
    });
  }, seconds(deps.config.jobs.sweepSeconds));

  return {
    sweep,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
    closed,
  };
}
