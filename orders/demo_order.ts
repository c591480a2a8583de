import { buildOrder, type Order, type OrderForm } from "../domain/order/orders.ts";
import { priceOrder } from "../domain/order/pricing.ts";
import { CONFLICT, retryOnConflict } from "../kv/atomic.ts";
import { keys } from "../kv/keys.ts";
import { claimOrderNumber, inOrderNumberTurn, writeOrder } from "../kv/orders.ts";
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
  return inOrderNumberTurn(() =>
    retryOnConflict("demo order", async () => {
      const sequence = await kv.get<number>(keys.orderSequence());
      const operation = kv.atomic();
      const orderNumber = claimOrderNumber(operation, sequence);
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
    })
  );
}
