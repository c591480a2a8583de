import type { Order } from "./orders.ts";
import { type GenerationStage, STAGE_LABELS } from "./stages.ts";

/** Customer-side §4: the first stage of generation after payment. */
export const FIRST_GENERATION_STAGE: GenerationStage = "LYRICS";

/**
 * The order as it is once generation has started: `generating`, at its first stage and due now,
 * which puts it in the due-time index the worker's sweeper reads. Pure, so the caller commits it in
 * the same atomic write that creates or pays for the order (with the job message), and a paid order
 * is never left idle.
 */
export function withGenerationStarted(order: Order, now: number): Order {
  if (order.status !== "pending") return order;
  const stamp = new Date(now).toISOString();
  return {
    ...order,
    status: "generating",
    currentStage: FIRST_GENERATION_STAGE,
    generationStartedAt: stamp,
    nextPollAt: stamp,
    stageRetries: 0,
    statusDetail: `${STAGE_LABELS[FIRST_GENERATION_STAGE]} is next.`,
    updatedAt: stamp,
  };
}
