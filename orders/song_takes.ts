import type { Deps } from "../deps.ts";
import { ConflictError } from "../domain/errors.ts";
import { refusalOf } from "../domain/order/guards.ts";
import { bonusTakeOffered, takeChosen } from "../domain/order/lifecycle.ts";
import type { Order } from "../domain/order/orders.ts";
import {
  bonusTakeOf,
  deliveredTakeNumber,
  takeLabel,
  type TakeNumber,
  takeNumbered,
} from "../domain/song/takes.ts";
import { jobMessage } from "../jobs/messages.ts";
import { addStaffEvent } from "../kv/events.ts";
import { changeOrder } from "./change_order.ts";

/**
 * Staff's choices among a song's two takes: which one the family gets, and whether the other is
 * offered too. Each is one guarded atomic change of the order (domain/order/guards.ts), so two admins
 * choosing at once end with one choice, and a resend it needs is queued in the same write.
 */
export async function chooseTake(
  deps: Pick<Deps, "kv" | "clock" | "jobs">,
  orderId: string,
  take: TakeNumber,
  by: string,
) {
  const now = deps.clock.now();
  const order = await changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "chooseTake");
    if (refusal) return new ConflictError(refusal);
    const chosen = takeNumbered(current, take);
    if (!chosen) return new ConflictError(`This song has no ${takeLabel(take)}.`);
    if (deliveredTakeNumber(current) === take) return null;
    return takeChosen(current, chosen, by, now);
  }, (operation, next, before) => {
    const sentAgain = !!next.deliveryDueAt && next.deliveryDueAt !== before.deliveryDueAt;
    if (sentAgain) deps.jobs.add(operation, jobMessage("delivery", orderId));
    addStaffEvent(operation, orderId, by, { action: "take-choice", take, sentAgain }, now);
  });
  return { order, message: chosenMessage(order, take) };
}

function chosenMessage(order: Order, take: TakeNumber): string {
  const label = takeLabel(take);
  if (order.emailSentAt) return `${label} is now the family's song; the email goes to them again with it.`;
  return `${label} will be delivered.`;
}

/** Offers the take not delivered as "Another version", or stops offering it. */
export async function offerBonusTake(
  deps: Pick<Deps, "kv" | "clock">,
  orderId: string,
  offered: boolean,
  by: string,
) {
  const now = deps.clock.now();
  const order = await changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "offerBonusTake");
    if (refusal) return new ConflictError(refusal);
    if (!!current.bonusTake === offered) return null;
    return bonusTakeOffered(current, offered, by, now);
  }, (operation, next) => {
    addStaffEvent(operation, orderId, by, {
      action: "bonus-take",
      take: bonusTakeOf(next)?.take ?? null,
      offered,
    }, now);
  });
  const bonus = bonusTakeOf(order);
  return {
    order,
    message: bonus
      ? `${takeLabel(bonus.take)} is offered to the family as another version.`
      : "The other take is no longer offered to the family.",
  };
}
