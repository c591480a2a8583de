import { systemClock } from "../../../deps.ts";
import type { Order } from "../../../domain/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { getOrder } from "../../../kv/orders.ts";
import { orderFormSchema } from "../../../domain/orders.ts";
import type { TestApp } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";

/** An order that starts generating now, made the way a demo user's order is (no payment to fake). */
export async function placeOrder(
  t: TestApp,
  overrides: Parameters<typeof orderForm>[0] = {},
  /** Whose order it is (a signed-in user's id), as if they had placed it. */
  userId = "user-1",
): Promise<Order> {
  const form = orderFormSchema.parse(orderForm(overrides));
  return await createDemoOrder({ ...t.deps, clock: systemClock }, form, userId);
}

/** Polls the order until `done` says so, or fails after `timeoutMs` with the last state seen. */
export async function waitForOrder(
  t: TestApp,
  id: string,
  done: (order: Order) => boolean = settled,
  // The real pipeline, beside a confirmation email and browsers on a shared 2-core machine, has taken over 15 s.
  timeoutMs = 30_000,
): Promise<Order> {
  const deadline = Date.now() + timeoutMs;
  let order: Order | null = null;
  while (Date.now() < deadline) {
    order = await getOrder(t.kv, id);
    if (order && done(order)) return order;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(
    `order ${id} did not get there in ${timeoutMs} ms; last seen: ${
      JSON.stringify({
        status: order?.status,
        stage: order?.currentStage,
        detail: order?.statusDetail,
        error: order?.error,
      })
    }`,
  );
}

/** Completed or failed: the two ends of the pipeline. */
export const settled = (order: Order) => order.status === "completed" || order.status === "failed";
