import type { Deps } from "../deps.ts";
import { NotFoundError } from "../domain/errors.ts";
import { generationStarted } from "../domain/order/lifecycle.ts";
import type { Order } from "../domain/order/orders.ts";
import { jobMessage } from "../jobs/messages.ts";
import { updateOrder } from "../kv/orders.ts";

/**
 * Customer-side §6, start-generation. Paid and demo orders start generating the moment they exist, so
 * this confirms rather than triggers, and is harmless to repeat: an order already started is answered
 * as it is, without a second job message.
 */
export async function startGeneration(
  deps: Pick<Deps, "kv" | "jobs" | "clock">,
  orderId: string,
): Promise<Order> {
  const order = await updateOrder(
    deps.kv,
    orderId,
    (current) => {
      const started = generationStarted(current, deps.clock.now());
      return started === current ? null : started;
    },
    (operation, next) => deps.jobs.add(operation, jobMessage("generation", next.id)),
  );
  if (!order) throw new NotFoundError("Order not found.");
  return order;
}
