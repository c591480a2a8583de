import { assertEquals } from "@std/assert";
import { createJobQueue, jobMessage, MAX_QUEUE_DELAY_MS } from "../../../jobs/messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

Deno.test("a nudge for a day months away is queued (KV refuses delays over 30 days): it comes early and finds nothing due", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const queue = createJobQueue(true);
    const result = await queue.add(kv.atomic(), jobMessage("delivery", "order-1"), 200 * DAY_MS).commit();
    assertEquals(result.ok, true);
    assertEquals(MAX_QUEUE_DELAY_MS, 30 * DAY_MS);
  } finally {
    kv.close();
  }
});

Deno.test("with queues off nothing is added: the due-time index is what the sweeper reads", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const operation = kv.atomic();
    assertEquals(
      createJobQueue(false).add(operation, jobMessage("delivery", "order-1"), 200 * DAY_MS),
      operation,
    );
    assertEquals((await operation.commit()).ok, true);
  } finally {
    kv.close();
  }
});
