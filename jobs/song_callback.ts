import { buildEvent } from "../domain/generation/events.ts";
import type { Order } from "../domain/order/orders.ts";
import { addEvents } from "../kv/events.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";
import { pollDueNow, songTaskTaken, stageAdvanced } from "../domain/order/lifecycle.ts";
import { asNudge } from "../providers/telemetry.ts";
import { jobMessage } from "./messages.ts";
import type { Deps } from "../deps.ts";

export interface SongCallback {
  orderId: string;
  attemptId: string | null;
  taskId: string | null;
}

export type CallbackEffect = "recheck" | "adopted" | "ignored";

/**
 * The music service's callback is never believed, only used as a nudge (ARCHITECTURE.md §10): it
 * makes a waiting order due now, so the worker asks the API itself. One case learns from it: after a
 * crash during song creation, a callback naming that attempt tells us the task id we never stored.
 */
export async function noteSongCallback(
  deps: Pick<Deps, "kv" | "jobs" | "clock" | "config">,
  callback: SongCallback,
): Promise<CallbackEffect> {
  const { kv, jobs } = deps;
  const { taskId } = callback;
  const current = await getOrder(kv, callback.orderId);
  if (!current || current.status !== "generating" || !taskId) return "ignored";
  const now = deps.clock.now();
  let effect: CallbackEffect = "ignored";
  await updateOrder(
    kv,
    callback.orderId,
    (order) => {
      effect = effectOf(order, callback, now);
      if (effect === "recheck") return pollDueNow(order, now);
      if (effect !== "adopted") return null;
      const deadlineAt = now + deps.config.jobs.songDeadlineMinutes * 60_000;
      return stageAdvanced(order, "SUNO_STATUS", songTaskTaken(taskId, deadlineAt), now);
    },
    (operation, next) => {
      if (effect === "adopted") {
        addEvents(operation, next.id, [
          buildEvent({
            stage: "SUNO_CREATE",
            type: "SUCCESS",
            provider: "suno",
            message:
              "Learned the song's task id from the music service's callback after an interrupted request.",
            taskId,
          }, now),
        ]);
      }
      // Only a nudge: the song's steps stay in the trace of the request that began them.
      asNudge(() => jobs.add(operation, jobMessage("generation", next.id)));
    },
  );
  return effect;
}

function effectOf(order: Order, callback: SongCallback, now: number): CallbackEffect {
  if (order.status !== "generating") return "ignored";
  const claim = order.stepClaim;
  if (order.currentStage === "SUNO_STATUS" && order.songTaskId === callback.taskId) {
    // A check already under way, or already due, needs no nudge.
    const due = !order.nextPollAt || Date.parse(order.nextPollAt) <= now;
    return claim || due ? "ignored" : "recheck";
  }
  if (order.currentStage === "SUNO_CREATE" && claim?.stage === "SUNO_CREATE" && !order.songTaskId) {
    return claim.attemptId === callback.attemptId ? "adopted" : "ignored";
  }
  return "ignored";
}
