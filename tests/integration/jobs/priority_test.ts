import { assert, assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { createJobQueue } from "../../../jobs/messages.ts";
import { acquireLease } from "../../../kv/locks.ts";
import { getOrder } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";
import { clockWorker } from "./helpers.ts";
import { runEmailPriority } from "./email_priority_scenario.ts";

async function generatingOrder(t: TestApp, i: number) {
  const form = orderFormSchema.parse(
    orderForm({ childName: `Kid ${i}`, parentEmail: `kid${i}@example.com` }),
  );
  return await createDemoOrder({ kv: t.kv, jobs: createJobQueue(false), clock: t.clock }, form, "user-1");
}

Deno.test("with songs in the making and more held elsewhere, each email approved goes within 10 s of its time, once", async () => {
  // Small enough for the gate, and still more than a sweep takes on: the backlog held elsewhere is
  // walked past at every sweep while the moving songs fill every slot. `deno task bench` runs the
  // day's size (430 songs, 20 emails: tests/scale/email_priority_test.ts).
  const plan = { slots: 3, backlog: 40, moving: 9, sends: 5 };
  const result = await runEmailPriority(plan);
  assertEquals(result.late, [], `late sends, ${result.clockSeconds} s of clock`);
  assertEquals(result.deliveries, plan.sends, "one email per song");
  // In the same lane, every order placed got its confirmation too, without holding the songs up.
  assertEquals(result.confirmations, plan.backlog + plan.moving, "one confirmation per order");
  // Meanwhile the songs this worker could make moved on, never more than its slots at once.
  assertEquals(result.lyricsWritten, plan.moving);
  assert(
    result.mostAtOnce >= 2 && result.mostAtOnce <= plan.slots,
    `${result.mostAtOnce} lyricist calls at once`,
  );
});

Deno.test("an order another process holds is left alone while its lease lasts, and taken up once it has run out", async () => {
  await using t = await createTestApp({ env: { JOB_LEASE_SECONDS: "60", SWEEP_SECONDS: "3600" } });
  const held = await generatingOrder(t, 1);
  // The other process took it and then died: nobody releases this lease; it runs out.
  assert(await acquireLease(t.kv, { type: "order", id: held.id }, "other-process", 60_000, t.clock.now()));
  await using worker = clockWorker(t);
  for (let second = 0; second < 59; second++) {
    await worker.sweep();
    t.clock.advance(1000);
  }
  assertEquals((await getOrder(t.kv, held.id))?.songLyrics ?? null, null, "not taken while held");
  t.clock.advance(61_000);
  await worker.sweep();
  await worker.sweep();
  assert((await getOrder(t.kv, held.id))?.songLyrics, "taken up once the lease had run out");
});
