import { createDeps, systemClock } from "../../../deps.ts";
import { GENERATION_LANES } from "../../../domain/order/due_work.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { startJobWorker } from "../../../jobs/worker.ts";
import { listDue } from "../../../jobs/sweeper.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { getOrder } from "../../../kv/orders.ts";
import { orderFormSchema } from "../../../domain/order/orders.ts";
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

/** Completed or failed: the two ends of the pipeline. */
export const settled = (order: Order) => order.status === "completed" || order.status === "failed";

/**
 * The job worker on the test's clock and without the queue (the sweeper-only mode Deno Deploy runs),
 * so work happens only when the test sweeps, and each sweep answers once everything it set going has
 * ended. One worker across sweeps, so it remembers what other processes hold, as a running worker does.
 * Declare it after the app, so it stops before KV closes.
 */
export function clockWorker(t: TestApp, workerId = "clock") {
  const config = { ...t.config, jobs: { ...t.config.jobs, queue: false } };
  const worker = startJobWorker(
    createDeps({ kv: t.kv, config, providers: t.providers, clock: t.clock, workerId }),
  );
  return {
    async sweep() {
      await worker.sweep();
      await worker.idle();
    },
    async [Symbol.asyncDispose]() {
      await worker.stop();
    },
  };
}

/** The soonest time any work is due (an email, a generation step), or null when nothing is. */
async function nextDueAt(kv: Deno.Kv): Promise<number | null> {
  const soonest = await Promise.all(
    (["customer", ...GENERATION_LANES] as const).map((lane) => listDue(kv, lane, Number.MAX_SAFE_INTEGER, 1)),
  );
  const times = soonest.flat().map((item) => item.dueAt);
  return times.length ? Math.min(...times) : null;
}

/**
 * Runs the worker on the test's clock until the order is `done`: sweep, and when nothing is due now,
 * move the clock to the soonest due work. Each sweep waits for the steps it began, so no wall-clock
 * time is waited for; a pipeline that stops short fails with the order's last state.
 */
export async function stepUntil(
  t: TestApp,
  worker: { sweep(): Promise<void> },
  id: string,
  done: (order: Order) => boolean = settled,
): Promise<Order> {
  let order: Order | null = null;
  for (let sweeps = 0; sweeps < 500; sweeps++) {
    order = await getOrder(t.kv, id);
    if (order && done(order)) return order;
    const dueAt = await nextDueAt(t.kv);
    if (dueAt === null) break;
    if (dueAt > t.clock.now()) t.clock.set(dueAt);
    await worker.sweep();
  }
  throw new Error(`order ${id} stopped short; last seen: ${describe(order)}`);
}

/** Carries one order through the real pipeline on the test's clock, with a worker of its own. */
export async function runPipeline(
  t: TestApp,
  id: string,
  done: (order: Order) => boolean = settled,
): Promise<Order> {
  await using worker = clockWorker(t);
  return await stepUntil(t, worker, id, done);
}

function describe(order: Order | null) {
  return JSON.stringify({
    status: order?.status,
    stage: order?.currentStage,
    detail: order?.statusDetail,
    error: order?.error,
  });
}
