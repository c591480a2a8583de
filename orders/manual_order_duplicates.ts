import { AppError } from "../domain/errors.ts";
import {
  DUPLICATE_ORDER_CODE,
  type DuplicateFacts,
  duplicateOrderMessage,
  emailKey,
  isDuplicateOrder,
} from "../domain/admin/manual_order_duplicates.ts";
import type { Order } from "../domain/order/orders.ts";
import { listOrdersOfEmail } from "../kv/orders.ts";

/** A manual order like one that exists: 409 with a `code`, so the dialog can offer to go on anyway. */
export class DuplicateOrderError extends AppError {
  constructor(readonly orderNumbers: number[]) {
    super(409, duplicateOrderMessage(orderNumbers), { code: DUPLICATE_ORDER_CODE });
  }
}

/**
 * The parent's orders that the manual order would repeat. Read through the email index, so the cost
 * is that one parent's orders, never the whole store. Two admins creating the same order at the same
 * moment both pass: this is a warning for people, not a constraint.
 */
export async function duplicatesOf(kv: Deno.Kv, wanted: DuplicateFacts): Promise<Order[]> {
  const orders = await listOrdersOfEmail(kv, emailKey(wanted.parentEmail));
  return orders.filter((order) => isDuplicateOrder(wanted, order));
}
