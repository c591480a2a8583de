import { type AppError, NotFoundError } from "../domain/errors.ts";
import { isOrderId, type Order } from "../domain/order/orders.ts";
import { updateOrder } from "../kv/orders.ts";

/**
 * One guarded change: `decide` answers the new order, null for "already so" (the order is returned
 * as it is), or the error that explains why staff cannot do this now.
 */
export async function changeOrder(
  kv: Deno.Kv,
  orderId: string,
  decide: (order: Order) => Order | null | AppError,
  alongside?: (operation: Deno.AtomicOperation, next: Order, before: Order) => void,
): Promise<Order> {
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  let refusal: AppError | null = null;
  const order = await updateOrder(kv, orderId, (current) => {
    const decision = decide(current);
    refusal = decision instanceof Error ? decision : null;
    return decision instanceof Error ? null : decision;
  }, alongside);
  if (!order) throw new NotFoundError("Order not found.");
  if (refusal) throw refusal;
  return order;
}
