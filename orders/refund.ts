import type { Deps } from "../deps.ts";
import { refusalOf } from "../domain/order/guards.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import type { Order } from "../domain/order/orders.ts";
import { addStaffEvent } from "../kv/events.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";

const REFUND_MESSAGES = {
  notFound: "Order not found.",
  otherProvider: "This order was paid through another payment provider; refund it there.",
  nothingPaid: "Nothing was paid for this order, so there is nothing to refund.",
} as const;

/**
 * Staff's refund of a flagged order (domain/referral/discount_review.ts): the whole payment goes back through the provider
 * that took it, and the refund is recorded on the order. The provider's idempotency key is the
 * order's, so a double click or a retry after a lost answer refunds once.
 */
export async function refundOrder(
  deps: Pick<Deps, "kv" | "providers" | "clock">,
  orderId: string,
  admin: string,
): Promise<Order> {
  const order = await getOrder(deps.kv, orderId);
  if (!order) throw new NotFoundError(REFUND_MESSAGES.notFound);
  const refusal = refusalOf(order, "refund");
  if (refusal) throw new ConflictError(refusal);
  const payment = order.payment;
  if (payment.kind !== "checkout") throw new ConflictError(REFUND_MESSAGES.nothingPaid);
  if (payment.provider !== deps.providers.payments.kind) {
    throw new ConflictError(REFUND_MESSAGES.otherProvider);
  }
  if (payment.amountPaid <= 0) throw new ConflictError(REFUND_MESSAGES.nothingPaid);

  const refund = await deps.providers.payments.refund(
    payment.sessionId,
    payment.amountPaid,
    `refund-order-${order.id}`,
  );
  const now = deps.clock.now();
  const stamp = new Date(now).toISOString();
  const updated = await updateOrder(
    deps.kv,
    order.id,
    (current) =>
      current.refund ? null : {
        ...current,
        refund: { refundId: refund.refundId, amount: refund.amount, refundedAt: stamp, refundedBy: admin },
        updatedAt: stamp,
      },
    (operation) =>
      addStaffEvent(operation, order.id, admin, {
        action: "refund",
        amountCents: refund.amount,
        refundId: refund.refundId,
      }, now),
  );
  if (!updated) throw new NotFoundError(REFUND_MESSAGES.notFound);
  return updated;
}
