import { assertEquals } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { countOrders } from "../../../kv/orders.ts";
import { getReferralCodeByCode } from "../../../kv/referral_codes.ts";
import { seededRandom } from "../../../fakes/loopback.ts";
import { startStripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, jsonBody } from "../../helpers.ts";
import { countersAndTruth } from "../admin/helpers.ts";
import { orderForm, startCheckout } from "./helpers.ts";

const SESSIONS = 200;
const REFERRERS = 5;
const CONCURRENCY = 16;

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function runAll(tasks: (() => Promise<void>)[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

Deno.test("stripe storm: 200 paid sessions, every event 3× shuffled and racing the browser, make 200 orders", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // Each parent checks out from their own address, which the proxy in front reports.
      TRUSTED_PROXIES: "1",
    },
  });
  const from = (i: number) => ({ "x-forwarded-for": `198.51.100.${i % 250}` });
  const random = seededRandom(9);

  // Five parents whose first orders give them referral codes for their friends.
  const codes: string[] = [];
  for (let i = 0; i < REFERRERS; i++) {
    const { body } = await startCheckout(t, orderForm({ parentEmail: `referrer${i}@example.com` }), from(i));
    stripe.pay(body.sessionId);
    const order = await (await t.request(
      "/api/guest/orders",
      jsonBody({ sessionId: body.sessionId }, { headers: from(i) }),
    ))
      .json();
    codes.push(order.customerReferralCode);
  }

  // Every other friend brings a code; each friend is new, so each code is allowed once per friend.
  const sessions: { id: string; code?: string; parent: number }[] = [];
  const expectedUses = new Map<string, number>();
  for (let i = 0; i < SESSIONS; i++) {
    const code = i % 2 === 0 ? codes[i % REFERRERS] : undefined;
    const { status, body } = await startCheckout(
      t,
      orderForm({ parentEmail: `friend${i}@example.com`, childName: `Child ${i}`, referralCode: code }),
      from(i),
    );
    assertEquals(status, 200, `checkout ${i}: ${JSON.stringify(body)}`);
    stripe.pay(body.sessionId);
    sessions.push({ id: body.sessionId, code, parent: i });
    if (code) expectedUses.set(code, (expectedUses.get(code) ?? 0) + 1);
  }

  // Each session: its completion event three times and a late "succeeded" once more each, plus the
  // browser's return path twice, all shuffled together and sent sixteen at a time.
  const statuses: number[] = [];
  const tasks: (() => Promise<void>)[] = [];
  for (const session of sessions) {
    const completed = await stripe.signedEvent("checkout.session.completed", session.id);
    const succeeded = await stripe.signedEvent("checkout.session.async_payment_succeeded", session.id);
    for (const event of [completed, completed, completed, succeeded, succeeded, succeeded]) {
      tasks.push(async () => {
        const answer = await t.request("/api/webhooks/stripe", {
          method: "POST",
          headers: { "stripe-signature": event.signature, "content-type": "application/json" },
          body: event.payload,
        });
        statuses.push(answer.status);
        await answer.body?.cancel();
      });
    }
    for (let visit = 0; visit < 2; visit++) {
      tasks.push(async () => {
        const answer = await t.request(
          "/api/guest/orders",
          jsonBody({ sessionId: session.id }, { headers: from(session.parent) }),
        );
        statuses.push(answer.status);
        await answer.body?.cancel();
      });
    }
  }
  await runAll(shuffle(tasks, random), CONCURRENCY);

  assertEquals(statuses.filter((status) => status !== 200), [], "every delivery and return answered 200");
  assertEquals(await countOrders(t.kv, "all"), SESSIONS + REFERRERS);
  const numbers = new Set<number>();
  for (const session of sessions) {
    const id = (await t.kv.get<string>(keys.orderBySession(session.id))).value;
    if (!id) throw new Error(`no order for ${session.id}`);
    const order = (await t.kv.get<Order>(keys.order(id))).value!;
    numbers.add(order.orderNumber);
    assertEquals(order.referralCodeUsed ?? undefined, session.code);
  }
  assertEquals(numbers.size, SESSIONS, "every order has its own number");
  let stored = 0;
  for await (const _ of t.kv.list({ prefix: ["orders"] })) stored++;
  assertEquals(stored, SESSIONS + REFERRERS, "no order beside the one per session");
  for (const code of codes) {
    assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, expectedUses.get(code), code);
  }
  const { stored: counters, truth } = await countersAndTruth(t.kv);
  assertEquals(counters, truth, "every index and counter agrees with the orders");
  const paid = t.analytics.events.filter((event) => event.event === "Payment Success");
  assertEquals(paid.length, SESSIONS + REFERRERS, "Payment Success once per order");
});
