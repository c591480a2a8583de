import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { buildEvent } from "../domain/events.ts";
import type { Order } from "../domain/orders.ts";
import { remade, restarted } from "../domain/order_lifecycle.ts";
import { restartStageOf } from "../domain/stages.ts";
import { addEvents } from "../kv/events.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";
import { allows, refusalOf, REFUSALS } from "../domain/order_guards.ts";
import { changeOrder } from "./change_order.ts";
import { jobMessage } from "../jobs/messages.ts";
import type { Deps } from "../deps.ts";

/**
 * Restarts a failed order from the stage that failed (customer-side §7 retry-generation): what the
 * earlier stages made is kept, so a failed song does not cost new lyrics. One atomic write puts it
 * back in the pipeline with a RETRY event and the job message.
 */
export async function restartGeneration(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
  requestedBy: "customer" | "admin",
): Promise<Order> {
  const { kv, jobs } = deps;
  const now = deps.clock.now();
  let refused = false;
  const order = await updateOrder(
    kv,
    orderId,
    (current) => {
      refused = !allows(current, "retry");
      if (refused) return null;
      return restarted(current, restartStageOf(current.currentStage), now);
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
  if (refused) throw new ConflictError(REFUSALS.notFailed);
  return order;
}

export const MESSAGES = {
  sending: "This song's email is being sent right now. Try again in a minute.",
  regenerating: "The song is being made again. It will be back for review when it is ready.",
} as const;

/**
 * Staff-side §4, Regenerate (order). A failed order restarts from the stage that failed. A finished
 * song is made again from the lyrics it has now (an admin may have just regenerated them): new
 * style and title, new audio. It then needs review again, so approval and any scheduled send are
 * reset, and the customer does not see it until staff send it (domain/delivery.ts, isReleased).
 */
export async function regenerateOrder(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
): Promise<Order> {
  const { kv, jobs } = deps;
  const now = deps.clock.now();
  const order = await getOrder(kv, orderId);
  if (!order) throw new NotFoundError("Order not found.");
  const refusal = refusalOf(order, "regenerateOrder");
  if (refusal) throw new ConflictError(refusal);
  if (order.status === "failed") return await restartGeneration(deps, orderId, "admin");
  return await changeOrder(kv, orderId, (current) => {
    // Failed meanwhile: a restart, not a re-make, is its way back, and staff ask again.
    if (!allows(current, "regenerateOrder") || current.status === "failed") {
      return new ConflictError(REFUSALS.notRegenerable);
    }
    if (current.deliveryClaim) return new ConflictError(MESSAGES.sending);
    return remade(current, now);
  }, (operation) => {
    addEvents(operation, orderId, [
      buildEvent({
        stage: "TAGS",
        type: "RETRY",
        provider: "app",
        message: "Song regeneration requested by an admin.",
      }, now),
    ]);
    jobs.add(operation, jobMessage("generation", orderId));
  });
}
