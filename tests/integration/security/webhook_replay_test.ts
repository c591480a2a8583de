import { assertEquals, assertMatch } from "@std/assert";
import Stripe from "stripe";
import { countOrders } from "../../../kv/orders.ts";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { orderForm, startCheckout } from "../orders/helpers.ts";
import { securityEnv, storeChanges, storeSnapshot } from "./helpers.ts";

/**
 * Issue 9, security suite: the Stripe webhook. Only events signed with our webhook secret within
 * Stripe's default tolerance of 300 seconds are believed; anything else is a 400 with a JSON message
 * that changes nothing, so a refused copy cannot make an order nor spoil the genuine delivery of the
 * same event. tests/integration/orders/stripe_flow_test.ts and payments/stripe_test.ts have the
 * first checks. The SDK compares the signature's timestamp with the real clock, so the copies here
 * are signed at real times in the past, with a wide margin either side of the 300 seconds.
 */

const TOLERANCE_SECONDS = 300;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function deliver(t: TestApp, payload: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  const response = await t.request("/api/webhooks/stripe", { method: "POST", headers, body: payload });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

/** The same event body signed at another time or with another secret, as a captured copy would be. */
function sign(payload: string, secret: string, timestamp = nowSeconds()) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
}

/** A paid checkout session and its genuine `checkout.session.completed` event body. */
async function paidSession(t: TestApp, stripe: StripeFake) {
  const { body } = await startCheckout(t, orderForm());
  stripe.pay(body.sessionId);
  const event = await stripe.signedEvent("checkout.session.completed", body.sessionId);
  return { sessionId: body.sessionId as string, payload: event.payload, signature: event.signature };
}

/** Delivers and expects a 400 JSON refusal that wrote nothing; answers the message. */
async function assertRefused(t: TestApp, what: string, payload: string, signature: string | null) {
  const before = await storeSnapshot(t.kv);
  const answer = await deliver(t, payload, signature);
  assertEquals(answer.status, 400, what);
  assertMatch(answer.type ?? "", /^application\/json/, what);
  assertEquals(typeof answer.body.message, "string", what);
  assertEquals(storeChanges(before, await storeSnapshot(t.kv)), [], `${what}: nothing written`);
  return answer.body.message as string;
}

Deno.test("webhook: bad signatures are refused with 400 and a JSON message, and make no order", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const event = await paidSession(t, stripe);
  const other = await paidSession(t, stripe);
  const v1 = event.signature.match(/v1=([0-9a-f]+)/)![1];
  const timestamp = event.signature.match(/t=(\d+)/)![1];
  const cases: [string, string, string | null][] = [
    ["no Stripe-Signature header", event.payload, null],
    ["an empty header", event.payload, ""],
    ["a header that is not a signature", event.payload, "garbage"],
    [
      "the body changed after signing",
      event.payload.replace('"livemode": false', '"livemode": true'),
      event.signature,
    ],
    ["signed with another secret", event.payload, await sign(event.payload, "whsec_not_ours")],
    ["another event's signature", event.payload, other.signature],
    ["only a v0 (test-mode) scheme", event.payload, `t=${timestamp},v0=${v1}`],
    ["the right MAC under another timestamp", event.payload, `t=${Number(timestamp) - 1},v1=${v1}`],
  ];
  for (const [what, payload, signature] of cases) await assertRefused(t, what, payload, signature);
  assertEquals(await countOrders(t.kv, "all"), 0);

  // The genuine deliveries still work, once each.
  assertEquals((await deliver(t, event.payload, event.signature)).body, { received: true });
  assertEquals((await deliver(t, other.payload, other.signature)).body, { received: true });
  assertEquals(await countOrders(t.kv, "all"), 2);
});

Deno.test("webhook: a correctly signed event over 300 s old is a refused replay, no order", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const event = await paidSession(t, stripe);
  for (const age of [TOLERANCE_SECONDS + 60, 3600, 3 * 24 * 3600]) {
    const stale = await sign(event.payload, stripe.webhookSecret, nowSeconds() - age);
    const message = await assertRefused(t, `signed ${age} s ago`, event.payload, stale);
    assertMatch(message, /tolerance/i, `${age} s: ${message}`);
  }
  assertEquals(await countOrders(t.kv, "all"), 0);

  // The refused copies left no trace of the event: its genuine, timely delivery is not taken for a
  // duplicate, and makes the one order.
  const timely = await sign(event.payload, stripe.webhookSecret, nowSeconds() - (TOLERANCE_SECONDS - 60));
  const accepted = await deliver(t, event.payload, timely);
  assertEquals([accepted.status, accepted.body], [200, { received: true }]);
  assertEquals(await countOrders(t.kv, "all"), 1);

  // Replayed later, within the tolerance it is a known duplicate; outside it, refused before that.
  assertEquals((await deliver(t, event.payload, event.signature)).body, { received: true, duplicate: true });
  const late = await sign(event.payload, stripe.webhookSecret, nowSeconds() - 3600);
  await assertRefused(t, "the handled event replayed an hour later", event.payload, late);
  assertEquals(await countOrders(t.kv, "all"), 1);
});

Deno.test("webhook: a signature dated ahead of the clock is refused, beyond a few minutes of skew", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const event = await paidSession(t, stripe);
  const anHourAhead = await sign(event.payload, stripe.webhookSecret, nowSeconds() + 3600);
  const message = await assertRefused(t, "signed an hour ahead", event.payload, anHourAhead);
  assertMatch(message, /future/);
  assertEquals(await countOrders(t.kv, "all"), 0);
  // A clock a minute behind Stripe's is not a replay: the genuine event still makes its order.
  const aMinuteAhead = await sign(event.payload, stripe.webhookSecret, nowSeconds() + 60);
  assertEquals((await deliver(t, event.payload, aMinuteAhead)).status, 200);
  assertEquals(await countOrders(t.kv, "all"), 1);
});

Deno.test("webhook: a correctly signed body that is not an event is a 400 with a message, never a 5xx", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const deep = "[".repeat(20_000) + "]".repeat(20_000);
  const bodies = [
    deep,
    "null",
    '"evt_1"',
    "{}",
    `{"id":1,"type":[]}`,
  ];
  for (const body of bodies) {
    await assertRefused(t, body.slice(0, 60), body, await sign(body, stripe.webhookSecret));
  }
});
