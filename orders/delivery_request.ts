import type { Deps } from "../deps.ts";
import { deliveryDelayMs } from "../domain/delivery/release.ts";
import { BadRequestError, ConflictError } from "../domain/errors.ts";
import { deliveryRequestChanged } from "../domain/order/lifecycle.ts";
import { refusalOf } from "../domain/order/guards.ts";
import { type RequestedDelivery, requestRefusal, scheduledSendAt } from "../domain/delivery/requested.ts";
import { jobMessage } from "../jobs/messages.ts";
import { changeOrder } from "./change_order.ts";

/**
 * The family's chosen moment for their song (a gift on the birthday morning), checked against the
 * clock wherever it is given: on the order form (checkout, a demo order) and from My Songs.
 */
export function checkRequestHonourable(request: RequestedDelivery | null, now: number) {
  const refusal = request && requestRefusal(request, now);
  if (refusal) throw new BadRequestError(refusal);
}

/**
 * The family changes when their song arrives, or asks for it as soon as it is ready (null), until its
 * email is on its way. An approved send still waiting is moved in the same write (one send, never a
 * second): the delivery worker only sends what is due by the order's own due time, so a nudge queued
 * for the old time finds nothing to do.
 */
export function changeRequestedDelivery(
  deps: Pick<Deps, "kv" | "clock" | "config" | "jobs">,
  orderId: string,
  request: RequestedDelivery | null,
) {
  const now = deps.clock.now();
  checkRequestHonourable(request, now);
  const delayMs = deliveryDelayMs(deps.config.deliveryDelayHours);
  return changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "changeDeliveryTime");
    if (refusal) return new ConflictError(refusal);
    if (sameRequest(current.requestedDelivery ?? null, request)) return null;
    const sendAt = current.approvalStatus === "approved" && current.approvedAt
      ? scheduledSendAt(Date.parse(current.approvedAt), delayMs, request)
      : null;
    return deliveryRequestChanged(current, request, sendAt, now);
  }, (operation, next, before) => {
    if (next.deliveryDueAt && next.deliveryDueAt !== before.deliveryDueAt) {
      deps.jobs.add(operation, jobMessage("delivery", orderId), Date.parse(next.deliveryDueAt) - now);
    }
  });
}

const sameRequest = (a: RequestedDelivery | null, b: RequestedDelivery | null) =>
  a?.at === b?.at && a?.timeZone === b?.timeZone;
