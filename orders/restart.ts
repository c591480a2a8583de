import { type AppError, ConflictError, NotFoundError } from "../domain/errors.ts";
import { buildEvent } from "../domain/generation/events.ts";
import type { Order } from "../domain/order/orders.ts";
import { rejected, remade, restarted } from "../domain/order/lifecycle.ts";
import type { StaffActionFacts } from "../domain/admin/staff_actions.ts";
import { isGenerationStage, restartStageOf } from "../domain/generation/stages.ts";
import { iso } from "../domain/time.ts";
import { addEvents, addStaffEvent } from "../kv/events.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";
import { allows, refusalOf, REFUSALS } from "../domain/order/guards.ts";
import { changeOrder } from "./change_order.ts";
import { jobMessage } from "../jobs/messages.ts";
import type { Deps } from "../deps.ts";

/**
 * Restarts a failed order from the stage that failed (customer-side §7 retry-generation): what the
 * earlier stages made is kept, so a failed song does not cost new lyrics. One atomic write puts it
 * back in the pipeline with a RETRY event and the job message, and, when staff asked through
 * Regenerate, their staff event (`staff` is the admin's username).
 */
export async function restartGeneration(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
  requestedBy: "customer" | "admin",
  staff?: string,
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
      if (staff && isGenerationStage(next.currentStage)) {
        addStaffEvent(operation, orderId, staff, {
          action: "regenerate",
          from: "failed",
          stage: next.currentStage,
        }, now);
      }
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
 * reset, and the customer does not see it until staff send it (domain/delivery/release.ts, isReleased).
 */
export async function regenerateOrder(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
  by: string,
): Promise<Order> {
  const order = await getOrder(deps.kv, orderId);
  if (!order) throw new NotFoundError("Order not found.");
  const refusal = refusalOf(order, "regenerateOrder");
  if (refusal) throw new ConflictError(refusal);
  if (order.status === "failed") return await restartGeneration(deps, orderId, "admin", by);
  const now = deps.clock.now();
  return await remakeSong(deps, orderId, (current) => {
    // Failed meanwhile: a restart, not a re-make, is its way back, and staff ask again.
    if (!allows(current, "regenerateOrder") || current.status === "failed") {
      return new ConflictError(REFUSALS.notRegenerable);
    }
    if (current.deliveryClaim) return new ConflictError(MESSAGES.sending);
    return remade(current, now);
  }, {
    by,
    facts: { action: "regenerate", from: "song", stage: "TAGS" },
    message: "Song regeneration requested by an admin.",
    now,
  });
}

/**
 * Staff rejected the song in review: it is made again from the lyrics it has, both takes
 * of it, exactly as Regenerate makes it, with the reason kept on the order and in its timeline. An
 * approved song not yet sent can be rejected too: its scheduled send goes with the approval.
 */
export function rejectSong(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
  reason: string,
  by: string,
): Promise<Order> {
  const now = deps.clock.now();
  return remakeSong(deps, orderId, (current) => {
    const refusal = refusalOf(current, "reject");
    if (refusal) return new ConflictError(refusal);
    return rejected(current, { reason, by, at: iso(now) }, now);
  }, {
    by,
    facts: { action: "reject", reason },
    message: "The song is made again: staff rejected it.",
    now,
  });
}

/**
 * The one way a finished song is made again: the move `decide` chose, staff's event, the pipeline's
 * RETRY at Music Tags and the generation job, in one write.
 */
function remakeSong(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
  decide: (current: Order) => Order | AppError,
  record: { by: string; facts: StaffActionFacts; message: string; now: number },
): Promise<Order> {
  const { by, facts, message, now } = record;
  return changeOrder(deps.kv, orderId, decide, (operation) => {
    addStaffEvent(operation, orderId, by, facts, now);
    addEvents(operation, orderId, [
      buildEvent({ stage: "TAGS", type: "RETRY", provider: "app", message }, now),
    ]);
    deps.jobs.add(operation, jobMessage("generation", orderId));
  });
}
