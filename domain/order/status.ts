/**
 * An order's statuses and the groups the rules read, apart from the schema so the islands (the
 * dashboard's tabs, the row buttons) read the same sets as the server (domain/order/orders.ts re-exports
 * the type for the server modules).
 */
export const ORDER_STATUSES = ["pending", "generating", "completed", "failed"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Statuses in which generation is still under way: staff-side §4 lists them for Upload, and the
 * dashboard's In Progress tab lists their orders. `lyrics_generated` is no status this code writes,
 * but staff-side §2 names it and a store may still hold it.
 */
export const IN_PROGRESS_STATUSES: ReadonlySet<string> = new Set([
  "pending",
  "generating",
  "lyrics_generated",
]);

export function isInProgress(status: string): boolean {
  return IN_PROGRESS_STATUSES.has(status);
}
