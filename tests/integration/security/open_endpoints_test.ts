import { assert, assertEquals } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { startStripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, jsonBody } from "../../helpers.ts";
import { orderForm, startCheckout } from "../orders/helpers.ts";

/**
 * Issue 16 §5: the doors anyone may knock on (starting a checkout, asking about a payment) cost a
 * provider call and a stored draft each, so each client gets an allowance, and ids that cannot be
 * Stripe's never reach Stripe.
 */
async function stripeApp() {
  const stripe = startStripeFake();
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      TRUSTED_PROXIES: "1",
    },
  });
  return {
    stripe,
    t,
    async [Symbol.asyncDispose]() {
      await t[Symbol.asyncDispose]();
      await stripe[Symbol.asyncDispose]();
    },
  };
}

const sessionsCreated = (stripe: ReturnType<typeof startStripeFake>) =>
  stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")
    .length;

async function countDrafts(kv: Deno.Kv) {
  let drafts = 0;
  for await (const _ of kv.list({ prefix: keys.checkoutDraft("").slice(0, 1) })) drafts++;
  return drafts;
}

Deno.test("200 anonymous checkouts from one client: 20 reach Stripe, the rest get a plain 429 with Retry-After", async () => {
  await using app = await stripeApp();
  const { t, stripe } = app;
  const attacker = { "x-forwarded-for": "203.0.113.66" };

  const statuses = new Map<number, number>();
  const refusals: Response[] = [];
  for (let i = 0; i < 200; i++) {
    const response = await t.request(
      "/api/guest/create-checkout-session",
      jsonBody({ order: orderForm({ parentEmail: `spam${i}@example.com` }) }, { headers: attacker }),
    );
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status === 429 && refusals.length === 0) refusals.push(response);
    else await response.body?.cancel();
  }
  assertEquals(Object.fromEntries(statuses), { 200: 20, 429: 180 });
  assertEquals(sessionsCreated(stripe), 20);
  assertEquals(await countDrafts(t.kv), 20);

  const [refusal] = refusals;
  const retryAfter = Number(refusal.headers.get("retry-after"));
  assert(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
  const { message } = await refusal.json();
  assertEquals(
    message,
    "You've started a lot of checkouts in a short time. Please wait a little and try again.",
  );

  // A parent elsewhere is not held up by it, and a form with a mistake spends nothing.
  const parent = { "x-forwarded-for": "198.51.100.7" };
  const invalid = await t.request(
    "/api/guest/create-checkout-session",
    jsonBody({ order: orderForm({ childName: "" }) }, { headers: parent }),
  );
  assertEquals(invalid.status, 400);
  await invalid.body?.cancel();
  const { status } = await startCheckout(t, orderForm({ parentEmail: "real@example.com" }), parent);
  assertEquals(status, 200);

  // The allowance comes back with the next hour.
  t.clock.advance(60 * 60_000);
  const { status: later } = await startCheckout(t, orderForm({ parentEmail: "later@example.com" }), attacker);
  assertEquals(later, 200);
});

Deno.test("session ids that are not Stripe's shape never reach Stripe, and a made-up one is asked about once", async () => {
  await using app = await stripeApp();
  const { t, stripe } = app;
  const client = { "x-forwarded-for": "203.0.113.9" };
  const before = stripe.requests.length;

  // "." and ".." would have made the SDK ask for /v1/checkout/sessions, the list of every session.
  for (const id of ["%2E", "%2E%2E", "cs_test_..", "cs_test_a%2Fb", "pi_123", "cs_test_" + "x".repeat(251)]) {
    for (const path of [`/api/guest/verify-payment/${id}`]) {
      const response = await t.request(path, { headers: client });
      assert([400, 404].includes(response.status), `${path}: ${response.status}`);
      assert(typeof (await response.json()).message === "string");
    }
    const order = await t.request(
      "/api/guest/orders",
      jsonBody({ sessionId: decodeURIComponent(id) }, { headers: client }),
    );
    assertEquals(order.status, 404, id);
    await order.body?.cancel();
  }
  assertEquals(stripe.requests.slice(before), [], "no request reached Stripe");

  // A well-shaped id Stripe does not know: one call, then the answer is remembered for a while.
  for (let i = 0; i < 5; i++) {
    const response = await t.request("/api/guest/verify-payment/cs_test_madeUp123", { headers: client });
    assertEquals(response.status, 404);
    await response.body?.cancel();
  }
  const asked = stripe.requests.slice(before).map((request) => `${request.method} ${request.path}`);
  assertEquals(asked, ["GET /v1/checkout/sessions/cs_test_madeUp123"]);

  // A real session is read as usual.
  const { body } = await startCheckout(t, orderForm(), client);
  stripe.pay(body.sessionId);
  const paid = await t.request(`/api/guest/verify-payment/${body.sessionId}`, { headers: client });
  assertEquals([paid.status, (await paid.json()).paid], [200, true]);
});

Deno.test("payment checks are limited per client: 60 in ten minutes, then 429, across verify and order creation", async () => {
  await using app = await stripeApp();
  const { t, stripe } = app;
  const client = { "x-forwarded-for": "203.0.113.10" };
  const statuses: number[] = [];
  for (let i = 0; i < 70; i++) {
    const response = i % 2 === 0
      ? await t.request(`/api/guest/verify-payment/cs_test_guess${i}`, { headers: client })
      : await t.request(
        "/api/guest/orders",
        jsonBody({ sessionId: `cs_test_guess${i}` }, { headers: client }),
      );
    statuses.push(response.status);
    await response.body?.cancel();
  }
  assertEquals(statuses.filter((status) => status === 404).length, 60);
  assertEquals(statuses.slice(60), Array(10).fill(429));
  assertEquals(
    stripe.requests.filter((request) => request.path.startsWith("/v1/checkout/sessions/")).length,
    60,
  );
});

Deno.test("a checkout nobody paid for leaves no draft once Stripe says it expired", async () => {
  await using app = await stripeApp();
  const { t, stripe } = app;
  const { body } = await startCheckout(t, orderForm());
  assertEquals(await countDrafts(t.kv), 1);
  stripe.expire(body.sessionId);
  const event = await stripe.signedEvent("checkout.session.expired", body.sessionId);
  const answer = await t.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    body: event.payload,
  });
  assertEquals(answer.status, 200);
  await answer.body?.cancel();
  assertEquals(await countDrafts(t.kv), 0);
});
