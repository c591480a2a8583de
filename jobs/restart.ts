import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { buildEvent } from "../domain/events.ts";
import type { Order } from "../domain/orders.ts";
import { restartStageOf, STAGE_LABELS } from "../domain/stages.ts";
import { addEvents } from "../kv/events.ts";
import { updateOrder } from "../kv/orders.ts";
import { iso } from "./deps.ts";
import { jobMessage, type JobQueue } from "./messages.ts";

export const NOT_FAILED = "Only a song whose generation failed can be retried.";

/**
 * Restarts a failed order from the stage that failed (customer-side §7 retry-generation): what the
 * earlier stages made is kept, so a failed song does not cost new lyrics. One atomic write puts it
 * back in the pipeline with a RETRY event and the job message.
 */
export async function restartGeneration(
  kv: Deno.Kv,
  jobs: JobQueue,
  orderId: string,
  requestedBy: "customer" | "admin",
  now: number,
): Promise<Order> {
  let refused = false;
  const order = await updateOrder(
    kv,
    orderId,
    (current) => {
      refused = current.status !== "failed";
      if (refused) return null;
      const stage = restartStageOf(current.currentStage);
      return {
        ...current,
        status: "generating",
        currentStage: stage,
        stageStartedAt: null,
        stageRetries: 0,
        // A new run gets its own retry budget; regenerationCount keeps how many runs there were.
        retryCount: 0,
        regenerationCount: (current.regenerationCount ?? 0) + 1,
        lastRegeneratedAt: iso(now),
        stepClaim: null,
        error: null,
        failureType: null,
        nextPollAt: iso(now),
        failureEmailDueAt: null,
        statusDetail: `Retrying from ${STAGE_LABELS[stage]}.`,
        lastEventAt: iso(now),
        updatedAt: iso(now),
      };
    },
    (operation, next) => {
      addEvents(operation, orderId, [
        buildEvent({
          stage: restartStageOf(next.currentStage),
          type: "RETRY",
          provider: "app",
          message: `Generation restarted by the ${requestedBy}.`,
        }, now),
      ]);
      jobs.add(operation, jobMessage("generation", orderId));
    },
  );
  if (!order) throw new NotFoundError("Order not found.");
  if (refused) throw new ConflictError(NOT_FAILED);
  return order;
}
