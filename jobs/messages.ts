import { z } from "zod";
import { JOB_NAMES, type JobName } from "../domain/due_work.ts";

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
 * same write keeps is what the sweeper reads.
 */
export interface JobQueue {
  readonly enabled: boolean;
  add(operation: Deno.AtomicOperation, message: JobMessage, delayMs?: number): Deno.AtomicOperation;
}

export function createJobQueue(enabled: boolean): JobQueue {
  return {
    enabled,
    add(operation, message, delayMs = 0) {
      if (!enabled) return operation;
      return operation.enqueue(message, { delay: Math.max(0, Math.round(delayMs)) });
    },
  };
}
