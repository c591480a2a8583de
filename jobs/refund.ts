import { canRefund } from "../domain/admin_actions.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import type { Order } from "../domain/orders.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";
import type { Payments } from "../providers/payments/mod.ts";

export const REFUND_MESSAGES = {
  notFound: "Order not found.",
  notOffered: "A refund is offered only for a paid order whose discount broke the rules, and only once.",
  otherProvider: "This order was paid through another payment provider; refund it there.",
  nothingPaid: "Nothing was paid for this order, so there is nothing to refund.",
} as const;

/**
 * Staff's refund of a flagged order (issue 16): the whole payment goes back through the provider
 * that took it, and the refund is recorded on the order. The provider's idempotency key is the
 * order's, so a double click or a retry after a lost answer refunds once.
 */
export async function refundOrder(
  deps: { kv: Deno.Kv; payments: Payments; now: () => number },
  orderId: string,
  admin: string,
): Promise<Order> {
  const order = await getOrder(deps.kv, orderId);
  if (!order) throw new NotFoundError(REFUND_MESSAGES.notFound);
  if (!canRefund(order)) throw new ConflictError(REFUND_MESSAGES.notOffered);
  const payment = order.payment;
  if (payment.kind !== "checkout") throw new ConflictError(REFUND_MESSAGES.nothingPaid);
  if (payment.provider !== deps.payments.kind) throw new ConflictError(REFUND_MESSAGES.otherProvider);
  if (payment.amountPaid <= 0) throw new ConflictError(REFUND_MESSAGES.nothingPaid);

  const refund = await deps.payments.refund(
    payment.sessionId,
    payment.amountPaid,
    `refund-order-${order.id}`,
  );
  const stamp = new Date(deps.now()).toISOString();
  const updated = await updateOrder(deps.kv, order.id, (current) =>
    current.refund ? null : {
      ...current,
      refund: { refundId: refund.refundId, amount: refund.amount, refundedAt: stamp, refundedBy: admin },
      updatedAt: stamp,
    });
  if (!updated) throw new NotFoundError(REFUND_MESSAGES.notFound);
  return updated;
}
