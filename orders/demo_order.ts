import { buildOrder, type Order, type OrderForm } from "../domain/order/orders.ts";
import { priceOrder } from "../domain/order/pricing.ts";
import { CONFLICT } from "../kv/atomic.ts";
import { writeOrder } from "../kv/orders.ts";
import { writeNewOrder } from "../kv/order_numbers.ts";
import { orderPlaced } from "../domain/order/lifecycle.ts";
import { jobMessage } from "../jobs/messages.ts";
import type { Deps } from "../deps.ts";
import { checkRequestHonourable } from "./delivery_request.ts";

/**
 * Customer-side §6: a demo user skips payment and the order is created directly, at the list price
 * (referral codes are for paying customers), with generation started and the confirmation email owed
 * in the same write.
 */
export function createDemoOrder(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  form: OrderForm,
  userId: string,
): Promise<Order> {
  const { kv, jobs } = deps;
  const now = deps.clock.now();
  checkRequestHonourable(form.requestedDelivery, now);
  return writeNewOrder(kv, "demo order", async (takeNumber) => {
    const operation = kv.atomic();
    const orderNumber = await takeNumber(operation);
    const order = orderPlaced(
      buildOrder(form, {
        id: crypto.randomUUID(),
        orderNumber,
        userId,
        price: priceOrder(form.addStreamingServices),
        payment: { kind: "demo" },
        promoCode: null,
        referralCodeUsed: null,
        customerReferralCode: null,
        now,
      }),
      now,
    );
    writeOrder(operation, null, order);
    jobs.add(operation, jobMessage("generation", order.id));
    jobs.add(operation, jobMessage("confirmation-email", order.id));
    return (await operation.commit()).ok ? order : CONFLICT;
  });
}
