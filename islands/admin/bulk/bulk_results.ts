import type { BulkResult } from "../../../domain/admin/bulk_actions.ts";
import { ordersCount } from "./order_numbers.ts";

/**
 * A bulk answer as staff read it: the orders that came to the same thing, said once with their
 * numbers ("3 orders: #1002, #1005, #1007"), rather than one sentence repeated per order. Groups keep
 * the order of their first row, done before refused.
 */
export interface ResultGroup {
  ok: boolean;
  message: string;
  /** "#1002" or "3 orders: #1002, #1005, #1007". */
  orders: string;
  ids: string[];
}

const numberOf = (result: BulkResult) =>
  result.orderNumber === null ? "Unknown order" : `#${result.orderNumber}`;

export function groupedResults(results: readonly BulkResult[]): ResultGroup[] {
  const groups = new Map<string, BulkResult[]>();
  for (const result of [...results].sort((a, b) => Number(b.ok) - Number(a.ok))) {
    const key = `${result.ok}\n${result.message}`;
    groups.set(key, [...groups.get(key) ?? [], result]);
  }
  return [...groups.values()].map((members) => ({
    ok: members[0].ok,
    message: members[0].message,
    orders: members.length === 1
      ? numberOf(members[0])
      : `${ordersCount(members.length)}: ${members.map(numberOf).join(", ")}`,
    ids: members.map((member) => member.id),
  }));
}
