import { systemClock } from "../../../deps.ts";
import { assert, assertEquals, assertRejects } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { fulfil } from "../../../orders/fulfil.ts";
import { createJobQueue, type JobQueue } from "../../../jobs/messages.ts";
import { keys } from "../../../kv/keys.ts";
import { openKv } from "../../../kv/open.ts";
import { payLocalSession } from "../../../kv/local_checkout.ts";
import { takeOrderNumber } from "../../../kv/order_numbers.ts";
import { countOrders, getOrderBySession } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { orderForm, startCheckout } from "./helpers.ts";

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

/** Checkouts started and paid on the local checkout, not yet fulfilled: their session ids. */
async function paidSessions(t: TestApp, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) {
    // One client may start 20 checkouts an hour (routes/middleware/client_limit.ts).
    if (i > 0 && i % 20 === 0) t.clock.advance(60 * 60_000);
    const { body } = await startCheckout(t, orderForm({ parentEmail: `p${i}@example.com` }));
    await payLocalSession(t.kv, body.sessionId, t.clock.now());
    sessions.push(body.sessionId);
  }
  return sessions;
}

/** A KV handle that counts the commits under way at once, and the most there ever were. */
function countingCommits(kv: Deno.Kv) {
  const commits = { now: 0, most: 0 };
  const atomic = () => {
    const operation = kv.atomic();
    const commit = operation.commit.bind(operation);
    operation.commit = async () => {
      commits.most = Math.max(commits.most, ++commits.now);
      try {
        return await commit();
      } finally {
        commits.now--;
      }
    };
    return operation;
  };
  const counted = new Proxy(kv, {
    get(target, name) {
      if (name === "atomic") return atomic;
      const member = Reflect.get(target, name, target);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
  return { kv: counted, commits };
}

const sorted = (numbers: number[]) => numbers.toSorted((a, b) => a - b);
const run = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

Deno.test("payments paid at once are written side by side, each with its own number", async () => {
  // Found by `deno task load`: every new order waited for the one before it to be written whole, so a
  // rush of payments took seconds each. Only taking the number takes turns now.
  await using t = await createTestApp();
  const sessions = await paidSessions(t, 30);
  const { kv, commits } = countingCommits(t.kv);
  const results = await Promise.all(sessions.map((sessionId) => fulfil({ ...t.deps, kv }, sessionId)));
  assertEquals(results.filter((result) => result.created).length, 30);
  assertEquals(sorted(results.map((result) => result.order.orderNumber)), run(1000, 30));
  assert(commits.most > 1, `the orders' writes took turns: at most ${commits.most} under way at once`);
  assertEquals(await countOrders(t.kv, "all"), 30);
  assertEquals((await t.kv.get(keys.orderSequence())).value, 1030);
});

Deno.test("two processes on one store take numbers at once: every number once, none skipped", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const [one, two] = [await openKv(`${folder}/shop.kv`), await openKv(`${folder}/shop.kv`)];
    try {
      const form = orderFormSchema.parse(orderForm());
      const place = (kv: Deno.Kv, i: number) =>
        createDemoOrder({ kv, jobs: createJobQueue(false), clock: systemClock }, form, `user-${i}`);
      const orders = await Promise.all(run(0, 200).map((i) => place(i % 2 ? one : two, i)));
      assertEquals(sorted(orders.map((order) => order.orderNumber)), run(1000, 200));
      assertEquals(await countOrders(one, "all"), 200);
    } finally {
      one.close();
      two.close();
    }
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("one payment fulfilled by two processes at once makes one order, its number used once", async () => {
  const folder = await Deno.makeTempDir();
  try {
    await using one = await createTestApp({ kvPath: `${folder}/shop.kv` });
    await using two = await createTestApp({ kvPath: `${folder}/shop.kv`, workerId: "other-worker" });
    const sessions = await paidSessions(one, 20);
    // The webhook and the return page may reach different instances at the same moment.
    const results = await Promise.all(
      sessions.flatMap((sessionId) => [fulfil(one.deps, sessionId), fulfil(two.deps, sessionId)]),
    );
    const created = results.filter((result) => result.created);
    assertEquals(created.length, 20);
    assertEquals(new Set(results.map((result) => result.order.id)).size, 20);
    // The instance that lost a session's race gives its number back to its own next order; one
    // given back when no order follows is skipped (a gap, never a duplicate).
    const numbers = created.map((result) => result.order.orderNumber);
    assertEquals(new Set(numbers).size, 20);
    for (const { order } of created) {
      assertEquals((await one.kv.get(keys.orderByNumber(order.orderNumber))).value, order.id);
    }
    assertEquals(await countOrders(one.kv, "all"), 20);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("a payment retried after a crash between taking its number and writing makes one order", async () => {
  await using t = await createTestApp();
  const [sessionId, next] = await paidSessions(t, 2);
  // The process dies after the number is taken, in the middle of building the order's write.
  let crashes = 1;
  const jobs: JobQueue = {
    enabled: t.deps.jobs.enabled,
    add(operation, message, delayMs) {
      if (crashes-- > 0) throw new Error("the process died");
      return t.deps.jobs.add(operation, message, delayMs);
    },
  };
  await assertRejects(() => fulfil({ ...t.deps, jobs }, sessionId), Error, "the process died");
  assertEquals(await getOrderBySession(t.kv, sessionId), null);

  // The provider sends the webhook again while the family's return page asks too.
  const retried = await Promise.all([fulfil(t.deps, sessionId), fulfil(t.deps, sessionId)]);
  assertEquals(retried.filter((result) => result.created).length, 1);
  assertEquals(retried[0].order.id, retried[1].order.id);
  // The crashed call's number is skipped, never given to anyone.
  assertEquals(retried[0].order.orderNumber, 1001);
  assertEquals((await fulfil(t.deps, next)).order.orderNumber, 1002);
  assertEquals(await countOrders(t.kv, "all"), 2);
});

Deno.test("a number taken by a process that then died is skipped", async () => {
  const folder = await Deno.makeTempDir();
  try {
    await using t = await createTestApp({ kvPath: `${folder}/shop.kv` });
    const [sessionId] = await paidSessions(t, 1);
    const died = await openKv(`${folder}/shop.kv`);
    assertEquals(await takeOrderNumber(died), 1000);
    died.close();
    const results = await Promise.all([fulfil(t.deps, sessionId), fulfil(t.deps, sessionId)]);
    assertEquals(results.map((result) => result.order.orderNumber), [1001, 1001]);
    assertEquals(await countOrders(t.kv, "all"), 1);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("a payment asked for many times at once takes one number; the next order gets the next", async () => {
  await using t = await createTestApp();
  const [sessionId, next] = await paidSessions(t, 2);
  const results = await Promise.all(run(0, 6).map(() => fulfil(t.deps, sessionId)));
  assertEquals(results.filter((result) => result.created).length, 1);
  assertEquals(new Set(results.map((result) => result.order.orderNumber)), new Set([1000]));
  // Any number a losing call took was given back, so the next order leaves no gap.
  assertEquals((await fulfil(t.deps, next)).order.orderNumber, 1001);
});

Deno.test("a sequence set back (a restore, a bug) never stores a second order under a number", async () => {
  await using t = await createTestApp();
  const [first, second] = await paidSessions(t, 2);
  const stored = (await fulfil(t.deps, first)).order;
  await t.kv.set(keys.orderSequence(), stored.orderNumber);
  const placed = (await fulfil(t.deps, second)).order;
  assertEquals(placed.orderNumber, stored.orderNumber + 1);
  assertEquals((await t.kv.get(keys.orderByNumber(stored.orderNumber))).value, stored.id);
  assertEquals((await t.kv.get(keys.orderByNumber(placed.orderNumber))).value, placed.id);
});
