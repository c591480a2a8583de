/**
 * For the few tests whose subject is the real queue (`jobs: true`), where the app's own worker moves
 * orders in its own time: the test waits for what happens in the store, never for a while.
 */
import type { Order } from "../../../domain/order/orders.ts";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createJobQueue, jobMessage } from "../../../jobs/messages.ts";
import { keys } from "../../../kv/keys.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import type { TestApp } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";

/** The order once `done` says so, watched in the store. */
export async function watchOrder(t: TestApp, id: string, done: (order: Order) => boolean): Promise<Order> {
  const stream = t.kv.watch<[Order]>([keys.order(id)]);
  try {
    for await (const [entry] of stream) {
      if (entry.value && done(entry.value)) return entry.value;
    }
  } finally {
    await stream.cancel().catch(() => {});
  }
  throw new Error(`the watch on order ${id} ended before it was done`);
}

/** Whom the last message of `drainQueue` emails, for tests that count the confirmations sent. */
export const DRAIN_MARKER_EMAIL = "queue-drained@example.com";

/**
 * Waits until the queue has handed the worker every message sent before this call, then stops the
 * worker, which waits for the work they started: a last message, whose work shows (the confirmation
 * of an order that owes one and was never announced), is ready after all of them, and the queue hands
 * out the ready first. After it, nothing more arrives to be counted.
 */
export async function drainQueue(t: TestApp): Promise<void> {
  const form = orderFormSchema.parse(
    orderForm({ childName: "Queue Marker", parentEmail: DRAIN_MARKER_EMAIL }),
  );
  const marker = await createDemoOrder(
    { kv: t.kv, jobs: createJobQueue(false), clock: t.clock },
    form,
    "queue-drained",
  );
  // Its song is not wanted, though a generation message may have taken it up already.
  await updateOrder(t.kv, marker.id, (order) => ({ ...order, nextPollAt: null }));
  // Ready a millisecond after every message already sent: the queue hands out the ready first.
  await t.kv.enqueue(jobMessage("confirmation-email", marker.id), { delay: 1 });
  await watchOrder(t, marker.id, (order) => !!order.confirmationEmail?.sentAt);
  await t.worker!.stop();
}
