import { type AdminOrderList, filtersOf } from "../../../domain/admin/order_list.ts";
import type { ListedOrder } from "../types.ts";

/**
 * The list's tab counts and total moved by one order's change (an approval moves the
 * counts at once, not at the next reload). Which tabs an order is under is read from the tabs' own
 * rule (domain/admin/order_list.ts), so any change of any order moves exactly the counts it should;
 * the reload that follows every change confirms them. A search does not change: the search fields
 * are not what a staff action changes, so the order matches it before and after.
 */
export function listAfterChange(
  list: AdminOrderList,
  before: ListedOrder,
  after: ListedOrder,
): AdminOrderList {
  const was = new Set<string>(filtersOf(before));
  const is = new Set<string>(filtersOf(after));
  const counts = { ...list.counts } as Record<string, number>;
  let total = list.total;
  for (const filter of Object.keys(counts)) {
    const move = (is.has(filter) ? 1 : 0) - (was.has(filter) ? 1 : 0);
    if (move === 0) continue;
    counts[filter] = Math.max(0, counts[filter] + move);
    if (filter === list.filter) total = Math.max(0, total + move);
  }
  return { ...list, counts: counts as AdminOrderList["counts"], total };
}
