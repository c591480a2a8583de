import { adminActionsOf } from "../../../domain/admin/row_actions.ts";
import { filtersOf } from "../../../domain/admin/order_list.ts";
import type { ListedOrder } from "../types.ts";

/**
 * Which song "Next in Review" opens. A song awaits review when the Review tab lists it
 * (domain/admin/order_list.ts) and it has a song to preview (domain/admin/row_actions.ts): both rules have
 * their own home, read here rather than copied.
 */
export function awaitsReview(order: ListedOrder): boolean {
  return filtersOf(order).includes("review") && adminActionsOf(order).preview;
}

/**
 * The first song after `afterId` on this page that awaits review and was not already passed in this
 * sitting. When `afterId` has left the page (approved off the Review tab by a reload), the rows that
 * moved up into its place are the ones after it, so the page is read from its top.
 */
export function nextInReview(
  orders: readonly ListedOrder[],
  afterId: string | null,
  passed: ReadonlySet<string> = new Set(),
): ListedOrder | null {
  const at = afterId === null ? -1 : orders.findIndex((order) => order.id === afterId);
  return orders.slice(at + 1).find((order) => awaitsReview(order) && !passed.has(order.id)) ?? null;
}
