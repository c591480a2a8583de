import { type DuplicateFacts, emailKey, isDuplicateOrder } from "../domain/admin/manual_order_duplicates.ts";
import type { Order } from "../domain/order/orders.ts";
import { listOrdersOfEmail } from "./orders.ts";

/**
 * The parent's orders that a manual order would repeat. Read through the email index, so the cost
 * is that one parent's orders, never the whole store. Two admins creating the same order at the same
 * moment both pass: this is a warning for people, not a constraint.
 */
export async function findDuplicateOrders(kv: Deno.Kv, wanted: DuplicateFacts): Promise<Order[]> {
  const orders = await listOrdersOfEmail(kv, emailKey(wanted.parentEmail));
  return orders.filter((order) => isDuplicateOrder(wanted, order));
}
