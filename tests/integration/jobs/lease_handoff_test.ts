import { assert, assertEquals } from "@std/assert";
import { createDeps } from "../../../deps.ts";
import { runGeneration } from "../../../jobs/generation.ts";
import { acquireLease, type Lease } from "../../../kv/locks.ts";
import { getOrder } from "../../../kv/orders.ts";
import { createTestApp } from "../../helpers.ts";
import { placeOrder } from "./helpers.ts";

/**
 * A KV handle that, the moment a write carrying a queue message has committed, does what a second
 * worker receiving that message at once would do first: try to take the order's lease.
 */
function kvWithInstantDelivery(kv: Deno.Kv, orderId: string, seen: (lease: Lease | null) => void): Deno.Kv {
  return new Proxy(kv, {
    get(target, property) {
      if (property !== "atomic") {
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return () => {
        const operation = target.atomic();
        let enqueues = false;
        const enqueue = operation.enqueue.bind(operation);
        operation.enqueue = (...args: Parameters<Deno.AtomicOperation["enqueue"]>) => {
          enqueues = true;
          return enqueue(...args);
        };
        const commit = operation.commit.bind(operation);
        operation.commit = async () => {
          const result = await commit();
          if (result.ok && enqueues) {
            seen(
              await acquireLease(target, { type: "order", id: orderId }, "second-worker", 60_000, Date.now()),
            );
          }
          return result;
        };
        return operation;
      };
    },
  });
}

Deno.test("a stage's next message finds the order's lease free: committing the step releases it", async () => {
  await using t = await createTestApp();
  const order = await placeOrder(t);
  const leases: (Lease | null)[] = [];
  const kv = kvWithInstantDelivery(t.kv, order.id, (lease) => leases.push(lease));
  const deps = createDeps({
    kv,
    config: t.config,
    providers: t.providers,
    workerId: "first",
  });

  assertEquals(await runGeneration(deps, order.id), "done");

  // Before, the lease was let go only after this write, so a worker given the message at once
  // answered "busy" and the order waited for the sweeper (up to 40 s in queue mode).
  assertEquals(leases.length, 1, "the step's result went out with the next stage's message");
  assert(leases[0], "the next stage's worker could take the order");
  assertEquals((await getOrder(t.kv, order.id))?.currentStage, "TAGS");
});
