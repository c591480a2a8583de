import { z } from "zod";
import { JOB_NAMES, type JobName } from "../domain/order/due_work.ts";
import { rememberCause } from "../providers/telemetry.ts";

/**
 * A queue message only says "look at order X for job J" (ARCHITECTURE.md §5): the order holds the
 * truth, so a duplicate, late or lost message costs at most a look.
 */
export const jobMessageSchema = z.object({
  type: z.enum(JOB_NAMES),
  orderId: z.string().min(1).max(100),
});
export type JobMessage = z.infer<typeof jobMessageSchema>;

export function jobMessage(type: JobName, orderId: string): JobMessage {
  return { type, orderId };
}

/**
 * Adds a message to an atomic write, so the change that makes work due and the nudge to do it commit
 * together. With queues off (KV Connect, or JOB_QUEUE=off) nothing is added: the due-time index the
 * same write keeps is what the sweeper reads. Either way, with telemetry on, the write also keeps the
 * trace that made the work due, for the job's span (providers/telemetry.ts).
 */
export interface JobQueue {
  readonly enabled: boolean;
  add(operation: Deno.AtomicOperation, message: JobMessage, delayMs?: number): Deno.AtomicOperation;
}

/**
 * Deno KV refuses a delay over 30 days, and a family may choose a day months away. A nudge can come
 * early at no cost (the order's own due time decides, and the sweeper finds work the queue did not
 * bring), so longer delays are cut to the most the queue takes.
 */
export const MAX_QUEUE_DELAY_MS = 30 * 24 * 60 * 60 * 1000;

export function createJobQueue(enabled: boolean): JobQueue {
  return {
    enabled,
    add(operation, message, delayMs = 0) {
      rememberCause(operation, message.orderId, message.type);
      if (!enabled) return operation;
      const delay = Math.min(MAX_QUEUE_DELAY_MS, Math.max(0, Math.round(delayMs)));
      return operation.enqueue(message, { delay });
    },
  };
}
