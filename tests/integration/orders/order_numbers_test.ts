import { systemClock } from "../../../deps.ts";
import { assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { createJobQueue } from "../../../jobs/messages.ts";
import { countOrders } from "../../../kv/orders.ts";
import { orderForm } from "./helpers.ts";

Deno.test("300 orders placed at once all get made, each with its own number from 1000 up", async () => {
  // Found by `deno task load`: 200 checkouts at once ran the optimistic retries on the one
  // order-number sequence out, and a third of the orders failed with a 500.
  // A file, as in a self-hosted deployment: commits take real time, which is what widens the races.
  const folder = await Deno.makeTempDir();
  const kv = await Deno.openKv(`${folder}/orders.kv`);
  try {
    const jobs = createJobQueue(false);
    const form = orderFormSchema.parse(orderForm());
    const orders = await Promise.all(
      Array.from(
        { length: 300 },
        (_, i) => createDemoOrder({ kv, jobs, clock: systemClock }, form, `user-${i}`),
      ),
    );
    const numbers = orders.map((order) => order.orderNumber).toSorted((a, b) => a - b);
    assertEquals(numbers, Array.from({ length: 300 }, (_, i) => 1000 + i));
    assertEquals(await countOrders(kv, "all"), 300);
  } finally {
    kv.close();
    await Deno.remove(folder, { recursive: true });
  }
});
