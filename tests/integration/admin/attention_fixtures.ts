import { assert } from "@std/assert";
import { type Order, orderFormSchema, requestedDeliveryOf } from "../../../domain/order/orders.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { owedEmailSent } from "../../../domain/email/owed.ts";
import { iso } from "../../../domain/time.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import type { TestApp } from "../../helpers.ts";
import type { clockWorker } from "../delivery/helpers.ts";
import { orderForm } from "../orders/helpers.ts";

/**
 * Orders in the states the "Needs attention" panel reads (issue 23), made on the test's clock by the
 * real commands and pipeline, for the route's integration test and the panel's browser test.
 */

/** The local lyricist, refusing outright (a 400, never retried) for `child`'s songs. */
export function refusingLyricist(child: string): Lyricist {
  const local = createLocalLyricist();
  return {
    ...local,
    writeLyrics(request, signal) {
      if (request.brief.childName !== child) return local.writeLyrics(request, signal);
      return Promise.reject(
        new ProviderCallError("The model refused the request.", {
          provider: "openai",
          endpoint: "/v1/chat/completions",
          method: "POST",
          httpStatus: 400,
          durationMs: 1,
        }),
      );
    },
  };
}

/**
 * An order placed now on the test's clock whose generation gives up (the lyricist refuses it), run by
 * the worker's sweeps until it has failed and its confirmation has gone.
 */
export async function failedOrder(
  t: TestApp,
  worker: ReturnType<typeof clockWorker>,
  overrides: Parameters<typeof orderForm>[0],
): Promise<Order> {
  const form = orderFormSchema.parse(orderForm(overrides));
  const placed = await createDemoOrder(t.deps, form, "user-1");
  for (let sweeps = 0; sweeps < 5; sweeps++) {
    await worker.sweep();
    const order = await getOrder(t.kv, placed.id);
    if (order?.status === "failed" && order.confirmationEmail?.sentAt) return order;
  }
  throw new Error("the order did not fail");
}

/**
 * The family's moment on a London clock (GMT in January), stored with the order's indexes as the
 * order form makes it: placing it through the form would check it against the real clock.
 */
export async function forDate(t: TestApp, order: Order, deliveryAt: string): Promise<Order> {
  const requestedDelivery = requestedDeliveryOf(deliveryAt, "Europe/London");
  assert(requestedDelivery, deliveryAt);
  return (await updateOrder(t.kv, order.id, (current) => ({ ...current, requestedDelivery })))!;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Families waiting on the 24-hour promise (issue 41), on the test's clock: Ana ordered 33 h 5 min ago
 * and her song waits in review; Ben's song, ordered 31 h 21 min ago, is still being made (its step has
 * been due since); Cy ordered exactly 24 hours ago. Older orders that no longer wait on the promise:
 * Dot's song reached her family, Eve's family chose a later day, Flo's order was refunded.
 */
export async function waitingFamilies(t: TestApp) {
  const now = t.clock.now();
  const placed = async (child: string, ago: number, change: Partial<Order> = {}) => {
    const form = orderFormSchema.parse(orderForm({ childName: child, parentEmail: `${child}@example.com` }));
    const order = await createDemoOrder({ ...t.deps, clock: { now: () => now - ago } }, form, "user-1");
    // Its confirmation went as it was placed: the late work below is the song's.
    return (await updateOrder(t.kv, order.id, (current) => ({
      ...current,
      confirmationEmail: owedEmailSent(current.confirmationEmail!, now - ago),
      ...change,
    })))!;
  };
  const inReview = {
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    completedAt: iso(now - HOUR),
  } as const;
  const ana = await placed("Ana", 33 * HOUR + 5 * MINUTE, inReview);
  const ben = await placed("Ben", 31 * HOUR + 21 * MINUTE);
  const cy = await placed("Cy", 24 * HOUR, inReview);
  const dot = await placed("Dot", 40 * HOUR, {
    ...inReview,
    approvalStatus: "approved",
    emailSentAt: iso(now - 2 * HOUR),
    emailSendCount: 1,
  });
  const eve = await placed("Eve", 50 * HOUR, {
    ...inReview,
    requestedDelivery: { at: iso(now + 48 * HOUR), timeZone: "Europe/London" },
  });
  const flo = await placed("Flo", 45 * HOUR, {
    ...inReview,
    refund: { refundId: "re_1", amount: 2499, refundedAt: iso(now - HOUR), refundedBy: "boss@example.com" },
  });
  return { ana, ben, cy, dot, eve, flo };
}
