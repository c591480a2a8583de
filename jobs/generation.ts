import type { Order } from "../domain/orders.ts";

/** Customer-side §4: the first stage of generation after payment. */
export const FIRST_GENERATION_STAGE = "LYRICS";

/**
 * The order as it is once generation has started: `generating`, at its first stage, which puts it
 * in the stage index the generation worker and its sweeper read. Pure, so the caller commits it in
 * the same atomic write that creates or pays for the order, and a paid order is never left idle.
 *
 * The worker itself arrives with the generation issue; until then orders wait at LYRICS.
 */
export function withGenerationStarted(order: Order, now: number): Order {
  if (order.status !== "pending") return order;
  const stamp = new Date(now).toISOString();
  return {
    ...order,
    status: "generating",
    currentStage: FIRST_GENERATION_STAGE,
    generationStartedAt: stamp,
    updatedAt: stamp,
  };
}
