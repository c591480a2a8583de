import { assertEquals, assertRejects } from "@std/assert";
import { BodyTimeoutError, PayloadTooLargeError, ServerBusyError } from "../../../../domain/errors.ts";
import { BodyBudget } from "../../../../routes/body/budget.ts";
import { readBounded, UNFINISHED_BODY_COST } from "../../../../routes/body/read_bounded.ts";

function streamOf(chunks: string[], { end = true } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (end) controller.close();
    },
  });
}

Deno.test("readBounded: a whole body comes back and gives its share of the budget back", async () => {
  const budget = new BodyBudget(1024 * 1024);
  const body = await readBounded(streamOf(['{"a":', "1}"]), { maxBytes: 100, deadlineMs: 1000, budget });
  assertEquals(new TextDecoder().decode(body), '{"a":1}');
  assertEquals(budget.heldBytes, 0);
});

Deno.test("readBounded: too large, too slow and over budget are each refused, holding nothing after", async () => {
  const budget = new BodyBudget(1024 * 1024);
  await assertRejects(
    () => readBounded(streamOf(["12345", "6"]), { maxBytes: 5, deadlineMs: 1000, budget }),
    PayloadTooLargeError,
  );
  await assertRejects(
    () => readBounded(streamOf(["{"], { end: false }), { maxBytes: 100, deadlineMs: 20, budget }),
    BodyTimeoutError,
  );
  assertEquals(budget.heldBytes, 0);

  // Each unfinished body holds a fixed share however little has arrived: the budget bounds how many
  // can trickle at once, not only their bytes.
  const small = new BodyBudget(UNFINISHED_BODY_COST * 2 + 10);
  const trickling = [1, 2].map(() =>
    readBounded(streamOf(["{"], { end: false }), { maxBytes: 100, deadlineMs: 50, budget: small }).catch((
      e,
    ) => e)
  );
  await assertRejects(
    () => readBounded(streamOf(["{}"]), { maxBytes: 100, deadlineMs: 1000, budget: small }),
    ServerBusyError,
  );
  for (const outcome of await Promise.all(trickling)) assertEquals(outcome instanceof BodyTimeoutError, true);
  assertEquals(small.heldBytes, 0);
});
