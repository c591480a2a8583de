import { assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { owedEmailSent } from "../../../domain/email/owed.ts";
import { createDeps } from "../../../deps.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { runGeneration } from "../../../jobs/generation.ts";
import { createJobQueue } from "../../../jobs/messages.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import { startOpenAiFake } from "../../../fakes/openai.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, completedOrder, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { orderForm } from "../orders/helpers.ts";
import { waitingFamilies } from "./attention_fixtures.ts";

/** Issue 17: staff see the studio's background work, and are warned while emails are late. */
const backlogAs = async (t: TestApp, headers: Record<string, string>) => {
  const response = await t.request("/api/admin/backlog", { headers });
  return { status: response.status, body: await response.json() };
};

Deno.test("the backlog says what is being made, what waits longest, which emails are late and how often calls failed", async () => {
  await using openai = startOpenAiFake();
  await using t = await createTestApp({
    env: DELIVERY_ENV,
    providers: {
      words: createOpenAiLyricist({
        apiKey: "sk-test",
        baseUrl: openai.baseUrl,
        model: "gpt-test",
        api: "chat-completions",
      }),
    },
  });
  const admin = await adminHeaders(t);
  const empty = await backlogAs(t, admin);
  assertEquals(empty.status, 200);
  assertEquals(empty.body.generating, 0);
  assertEquals(empty.body.oldestDueAt, { emails: null, generation: null });
  assertEquals([empty.body.overdueSends, empty.body.lastHour], [0, { steps: 0, failed: 0 }]);
  // An email scheduled for later is not waiting.
  const later = await completedOrder(t, { parentEmail: "later@example.com" });
  const inAnHour = new Date(t.clock.now() + 3_600_000).toISOString();
  await updateOrder(
    t.kv,
    later.id,
    (order) => ({ ...order, approvalStatus: "approved", deliveryDueAt: inAnHour }),
  );
  assertEquals((await backlogAs(t, admin)).body.oldestDueAt.emails, null);

  const madeAt = t.clock.now();
  const form = orderFormSchema.parse(orderForm({ parentEmail: "ann@example.com" }));
  const first = await createDemoOrder(
    { kv: t.kv, jobs: createJobQueue(false), clock: { now: () => madeAt } },
    form,
    "user-1",
  );
  t.clock.advance(60_000);
  const second = await createDemoOrder(
    { kv: t.kv, jobs: createJobQueue(false), clock: t.clock },
    form,
    "user-1",
  );
  // Their confirmations went as they were placed (no worker runs here): the late emails are below.
  for (const { id } of [first, second]) {
    await updateOrder(t.kv, id, (order) => ({
      ...order,
      confirmationEmail: owedEmailSent(order.confirmationEmail!, Date.parse(order.createdAt)),
    }));
  }
  // Two steps of the first order: the lyricist fails once, then writes.
  const deps = createDeps({
    kv: t.kv,
    config: t.config,
    providers: t.providers,
    clock: t.clock,
    workerId: "test",
  });
  openai.failNext({ status: 500 });
  assertEquals(await runGeneration({ ...deps, random: () => 0 }, first.id), "done");
  t.clock.advance(10 * 60_000);
  assertEquals(await runGeneration({ ...deps, random: () => 0 }, first.id), "done");

  // Two emails: one due two minutes ago (overdue), one due 30 s ago (not yet).
  for (const ago of [120_000, 30_000]) {
    const song = await completedOrder(t, { parentEmail: "bob@example.com" });
    const due = new Date(t.clock.now() - ago).toISOString();
    await updateOrder(
      t.kv,
      song.id,
      (order) => ({ ...order, approvalStatus: "approved", deliveryDueAt: due }),
    );
  }
  const { body } = await backlogAs(t, admin);
  assertEquals(body.generating, 2);
  assertEquals(body.oldestDueAt.generation, new Date(madeAt + 60_000).toISOString());
  assertEquals(body.overdueSends, 1);
  assertEquals(body.lastHour, { steps: 2, failed: 1 });
  assertEquals(body.checkedAt, new Date(t.clock.now()).toISOString());

  // Only staff see it.
  assertEquals((await backlogAs(t, {})).status, 401);
  assertEquals((await backlogAs(t, await sessionHeaders(t, "ann@example.com"))).status, 403);
});

Deno.test("the longest wait is the family's since they ordered, among those still waiting for their song", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  assertEquals((await backlogAs(t, admin)).body.longestWaiting, null);
  const { ana, ben } = await waitingFamilies(t);

  const { body } = await backlogAs(t, admin);
  // Not the step longest due (Ben's song, 31 h 21 min), nor the older orders whose families no
  // longer wait on the promise (sent, for a later day, refunded).
  assertEquals(body.oldestDueAt.generation, ben.createdAt);
  assertEquals(body.longestWaiting, {
    id: ana.id,
    orderNumber: ana.orderNumber,
    since: ana.createdAt,
    filter: "review",
  });
  assertEquals(Date.parse(body.checkedAt) - Date.parse(body.longestWaiting.since), (33 * 60 + 5) * 60_000);

  // Ana's song reaches her family: Ben's is the longest wait now, in the same write as the send.
  await updateOrder(t.kv, ana.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    emailSentAt: new Date(t.clock.now()).toISOString(),
    emailSendCount: 1,
  }));
  assertEquals((await backlogAs(t, admin)).body.longestWaiting.id, ben.id);
});
