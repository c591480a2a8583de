import type { Deps } from "../deps.ts";
import type { BulkAction, BulkConfirmations, BulkResult } from "../domain/admin/bulk_actions.ts";
import { AppError } from "../domain/errors.ts";
import type { Order } from "../domain/order/orders.ts";
import { getOrder } from "../kv/orders.ts";
import { approveSong, scheduleSendNow } from "./approval.ts";
import { MESSAGES as REGENERATION_MESSAGES, regenerateOrder } from "./restart.ts";

type OneOrder = (
  deps: Deps,
  id: string,
  by: string,
  said: BulkConfirmations,
) => Promise<{ order: Order; message: string }>;

/** What each action does to one order, through the command its row's button calls. */
const ONE_ORDER: Record<BulkAction, OneOrder> = {
  approve: (deps, id, by, said) => approveSong(deps, id, by, { requireHeard: !said.override }),
  // The job message queued in the same write sends it; a page of emails is not waited for here.
  "send-now": async (deps, id, by, said) => ({
    order: await scheduleSendNow(deps, id, by, { confirmedEarlyFor: said.sendEarly?.[id] ?? null }),
    message: "The email is on its way.",
  }),
  regenerate: async (deps, id, by) => ({
    order: await regenerateOrder(deps, id, by),
    message: REGENERATION_MESSAGES.regenerating,
  }),
};

/**
 * Runs `action` on each order in turn, as its own atomic change: one order's refusal (already
 * approved, not listened to, booked for a later day and not confirmed, gone) is its result and never
 * stops the others. Each id once, in the order given, so the answer lines up with the rows staff ticked.
 */
export async function runBulkAction(
  deps: Deps,
  action: BulkAction,
  ids: string[],
  by: string,
  said: BulkConfirmations = {},
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      const { order, message } = await ONE_ORDER[action](deps, id, by, said);
      results.push({ id, orderNumber: order.orderNumber, ok: true, status: 200, message });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const orderNumber = error.status === 404 ? null : await orderNumberOf(deps, id);
      results.push({ id, orderNumber, ok: false, status: error.status, message: error.message });
    }
  }
  return results;
}

async function orderNumberOf(deps: Deps, id: string): Promise<number | null> {
  return (await getOrder(deps.kv, id))?.orderNumber ?? null;
}
