import { assertEquals } from "@std/assert";
import type { BulkResult } from "../../../../../domain/admin/bulk_actions.ts";
import { groupedResults } from "../../../../../islands/admin/bulk/bulk_results.ts";

const result = (orderNumber: number | null, ok: boolean, message: string): BulkResult => ({
  id: `id-${orderNumber}`,
  orderNumber,
  ok,
  status: ok ? 200 : 409,
  message,
});

Deno.test("bulk results: the orders that came to the same thing are said once, with their numbers", () => {
  const approved = "This song has already been approved.";
  const groups = groupedResults([
    result(1002, false, approved),
    result(1003, true, "The email is on its way."),
    result(1005, false, approved),
    result(null, false, "Order not found."),
    result(1007, false, approved),
    result(1008, true, "The email is on its way."),
  ]);
  assertEquals(groups.map(({ ok, orders, message }) => [ok, orders, message]), [
    [true, "2 orders: #1003, #1008", "The email is on its way."],
    [false, "3 orders: #1002, #1005, #1007", approved],
    [false, "Unknown order", "Order not found."],
  ]);
  assertEquals(groups[1].ids, ["id-1002", "id-1005", "id-1007"]);
});
