import type { BulkAction } from "../../../domain/admin/bulk_actions.ts";
import { allows, type OrderCommand } from "../../../domain/order/guards.ts";
import { sendsEarly } from "../../../domain/delivery/requested.ts";
import { orderNumbers, ordersCount } from "./order_numbers.ts";
import { replacesDelivered, restartLabel } from "../actions/regenerate_words.ts";
import { requestedInFull } from "../requested_date.ts";
import type { ListedOrder } from "../types.ts";

/**
 * What a bulk action asks before it runs, worked out from the ticked rows: the count is of the orders
 * the action applies to (by the same guards as each row's own button), and the question says what the
 * rows' own confirmations would say. A song booked for a later day is named with its day and goes
 * only when staff tick it too; the server refuses it otherwise (orders/approval.ts, scheduleSendNow).
 */
export interface BulkQuestion {
  title: string;
  /** The first sentence, read with the title. */
  summary: string;
  /** What else staff should know, a sentence each. */
  notes: string[];
  /** Send Now: the ticked songs booked for a later day, each with the family's day in their words. */
  early: { id: string; text: string }[];
  /** How many orders the confirm button acts on; none, and there is nothing to confirm. */
  count: number;
}

/** The questions asked before an action that cannot be taken back; Approve is not (Hold undoes it). */
export const ASKED: readonly BulkAction[] = ["send-now", "regenerate"];

const COMMAND: Record<"send-now" | "regenerate", OrderCommand> = {
  "send-now": "sendNow",
  regenerate: "regenerateOrder",
};

/** "7 other ticked orders cannot be sent now and stay as they are." */
function leftOut(count: number, what: string): string[] {
  if (count === 0) return [];
  const one = count === 1;
  return [
    `${count} other ticked order${one ? "" : "s"} cannot be ${what} and ${
      one ? "stays as it is" : "stay as they are"
    }.`,
  ];
}

const numbersOf = (orders: readonly ListedOrder[]) => orderNumbers(orders.map((order) => order.orderNumber));

export function bulkQuestion(
  action: "send-now" | "regenerate",
  ticked: readonly ListedOrder[],
  now: number,
  /** The booked songs staff ticked to send early anyway. */
  options: { sendEarly: ReadonlySet<string> },
): BulkQuestion {
  const applies = ticked.filter((order) => allows(order, COMMAND[action]));
  const others = ticked.length - applies.length;
  return action === "send-now"
    ? sendNowQuestion(applies, others, now, options.sendEarly)
    : regenerateQuestion(applies, others);
}

function sendNowQuestion(
  applies: ListedOrder[],
  others: number,
  now: number,
  sendEarly: ReadonlySet<string>,
): BulkQuestion {
  const early = applies.filter((order) => sendsEarly(order, now));
  const count = applies.length - early.filter((order) => !sendEarly.has(order.id)).length;
  const notes = early.length === 0 ? [] : [
    early.length === 1
      ? "This song was booked by the family for a later day. It goes now only if you tick it below; otherwise it is left out and keeps its day."
      : `These ${early.length} songs were booked by their families for a later day. They go now only if you tick them below; otherwise they are left out and keep their day.`,
  ];
  return {
    title: "Send Songs Now",
    summary: count === 0
      ? "No song's email would go out now."
      : `The families of ${ordersCount(count)} get their song's email right away.`,
    notes: [...notes, ...leftOut(others, "sent now")],
    early: early.map((order) => ({
      id: order.id,
      text: `#${order.orderNumber}: ${requestedInFull(order.requestedDelivery!, now)}`,
    })),
    count,
  };
}

function regenerateQuestion(applies: ListedOrder[], others: number): BulkQuestion {
  const finished = applies.filter((order) => order.status !== "failed");
  const failed = applies.filter((order) => order.status === "failed");
  const delivered = finished.filter(replacesDelivered);
  const notes: string[] = [];
  if (finished.length > 0) {
    const one = finished.length === 1;
    notes.push(
      `${numbersOf(finished)} ${one ? "is" : "are"} made again from ${one ? "its" : "their"} lyrics and ` +
        `go${one ? "es" : ""} back to review. ${one ? "Its" : "Their"} current audio is replaced.`,
    );
  }
  // Grouped by where each starts again, which is not always where it failed (domain/generation/stages.ts).
  const byRestart = new Map<string, ListedOrder[]>();
  for (const order of failed) {
    byRestart.set(restartLabel(order), [...byRestart.get(restartLabel(order)) ?? [], order]);
  }
  for (const [stage, orders] of byRestart) {
    notes.push(`${numbersOf(orders)} failed and start${orders.length === 1 ? "s" : ""} again from ${stage}.`);
  }
  if (delivered.length > 0) {
    notes.push(
      delivered.length === 1
        ? `The family of ${
          numbersOf(delivered)
        } already received the song being replaced: their link stops playing it until the new one is approved and sent.`
        : `The families of ${
          numbersOf(delivered)
        } already received the songs being replaced: their links stop playing them until the new ones are approved and sent.`,
    );
  }
  return {
    title: "Regenerate Songs",
    summary: applies.length === 0
      ? "None of the ticked songs can be made again."
      : `${ordersCount(applies.length)} ${applies.length === 1 ? "is" : "are"} made again.`,
    notes: [...notes, ...leftOut(others, "regenerated")],
    early: [],
    count: applies.length,
  };
}
