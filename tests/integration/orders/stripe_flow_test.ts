import { assert, assertEquals } from "@std/assert";
import { nothingCharged } from "../../../domain/order/checkout.ts";
import { countOrders } from "../../../kv/orders.ts";
import { getReferralCodeByCode } from "../../../kv/referral_codes.ts";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { orderForm, startCheckout } from "./helpers.ts";

async function stripeApp(stripe: StripeFake) {
  return await createTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
}

/** The fields of a session-create request these tests read, as the SDK form-encoded them. */
interface SentSession {
  line_items: { price_data: { unit_amount: string } }[];
  customer_email: string;
  allow_promotion_codes?: string;
  success_url: string;
  discounts?: { promotion_code: string }[];
}

function lastSessionRequest(stripe: StripeFake): SentSession {
  const request = stripe.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1);
  return request!.body as unknown as SentSession;
}

async function deliver(t: TestApp, event: { payload: string; signature: string }) {
  const answer = await t.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    body: event.payload,
  });
  return { status: answer.status, body: await answer.json() };
}

Deno.test("stripe: the checkout is priced on the server and the webhook alone makes the order", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const { status, body } = await startCheckout(
    t,
    orderForm({ addStreamingServices: true, streamingArtistName: "Mia" }),
  );
  assertEquals(status, 200);
  const sent = lastSessionRequest(stripe);
  assertEquals(sent.line_items[0].price_data.unit_amount, "3499", "not the client's priceInCents");
  assertEquals(sent.customer_email, "sam@example.com");
  assertEquals(sent.allow_promotion_codes, "true");
  assert(
    String(sent.success_url).endsWith("/payment-processing?session_id={CHECKOUT_SESSION_ID}&guest=true"),
  );

  stripe.pay(body.sessionId);
  // The tab was closed right after paying: only the webhook arrives.
  const answer = await deliver(t, await stripe.signedEvent("checkout.session.completed", body.sessionId));
  assertEquals(answer, { status: 200, body: { received: true } });
  assertEquals(await countOrders(t.kv, "all"), 1);
  const order = await (await t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId }))).json();
  assertEquals([order.totalPrice, order.status], [3499, "generating"]);
});

Deno.test("stripe: duplicate, concurrent and out-of-order events with the browser racing make one order", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const { body } = await startCheckout(t, orderForm());
  stripe.pay(body.sessionId);
  const completed = await stripe.signedEvent("checkout.session.completed", body.sessionId);
  const succeeded = await stripe.signedEvent("checkout.session.async_payment_succeeded", body.sessionId);
  const results = await Promise.all([
    deliver(t, succeeded),
    deliver(t, completed),
    deliver(t, completed),
    t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId })).then((answer) => answer.json()),
    deliver(t, succeeded),
    deliver(t, completed),
    t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId })).then((answer) => answer.json()),
  ]);
  for (const result of results) if ("body" in result) assertEquals(result.status, 200);
  assertEquals(await countOrders(t.kv, "all"), 1);
  const again = await deliver(t, completed);
  assertEquals(again.body.duplicate, true);
  assertEquals(t.analytics.events.filter((event) => event.event === "Payment Success").length, 1);
});

Deno.test("stripe: an unpaid session makes no order until its payment succeeds", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const { body } = await startCheckout(t, orderForm());
  // A bank debit: the session completes before the money arrives.
  stripe.awaitPayment(body.sessionId);
  assertEquals(
    (await deliver(t, await stripe.signedEvent("checkout.session.completed", body.sessionId))).status,
    200,
  );
  assertEquals(await countOrders(t.kv, "all"), 0);
  assertEquals((await t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId }))).status, 402);
  const verify = await (await t.request(`/api/guest/verify-payment/${body.sessionId}`)).json();
  assertEquals([verify.paid, verify.status], [false, "complete"]);
  assertEquals(
    nothingCharged(verify),
    false,
    "money may still move: the page never says nothing was charged",
  );

  stripe.pay(body.sessionId);
  await deliver(t, await stripe.signedEvent("checkout.session.async_payment_succeeded", body.sessionId));
  assertEquals(await countOrders(t.kv, "all"), 1);
});

Deno.test("stripe: bad signatures and replays outside the tolerance are refused with 400", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const { body } = await startCheckout(t, orderForm());
  stripe.pay(body.sessionId);
  const event = await stripe.signedEvent("checkout.session.completed", body.sessionId);
  const tampered = {
    ...event,
    payload: event.payload.replace("checkout.session.completed", "checkout.session.completed "),
  };
  const old = await stripe.signedEvent("checkout.session.completed", body.sessionId, {
    timestamp: Math.floor(Date.now() / 1000) - 600,
  });
  const forged = await stripe.signedEvent("checkout.session.completed", body.sessionId, {
    secret: "whsec_other",
  });
  for (const bad of [tampered, old, forged, { payload: event.payload, signature: "" }]) {
    const answer = await deliver(t, bad);
    assertEquals(answer.status, 400);
    assertEquals(typeof answer.body.message, "string");
  }
  assertEquals(await countOrders(t.kv, "all"), 0);
  const ignored = await deliver(t, await stripe.signedEvent("customer.created", body.sessionId));
  assertEquals(ignored.status, 200, "event types we do not use are acknowledged");
});

Deno.test("stripe: a friend's referral code is applied as a promotion code and counted once", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const first = await startCheckout(t, orderForm({ parentEmail: "first@example.com" }));
  stripe.pay(first.body.sessionId);
  const firstOrder =
    await (await t.request("/api/guest/orders", jsonBody({ sessionId: first.body.sessionId })))
      .json();
  const code = firstOrder.customerReferralCode as string;

  const self = await startCheckout(t, orderForm({ parentEmail: "first@example.com", referralCode: code }));
  assertEquals(self.status, 422);
  assertEquals(self.body, {
    message: "You can't use your own referral code. Share it with friends instead!",
    code: "referral_refused",
  });
  const unknown = await startCheckout(t, orderForm({ referralCode: "NOPE-1234" }));
  assertEquals(unknown.body.code, "referral_refused");

  const friend = await startCheckout(
    t,
    orderForm({ parentEmail: "friend@example.com", referralCode: code.toLowerCase() }),
  );
  assertEquals(friend.status, 200);
  const sent = lastSessionRequest(stripe);
  assert(sent.discounts?.[0].promotion_code.startsWith("promo_"));
  assertEquals(sent.allow_promotion_codes, undefined);
  assertEquals(sent.line_items[0].price_data.unit_amount, "2499");

  stripe.pay(friend.body.sessionId);
  const event = await stripe.signedEvent("checkout.session.completed", friend.body.sessionId);
  await Promise.all([deliver(t, event), deliver(t, event)]);
  const order = await (await t.request("/api/guest/orders", jsonBody({ sessionId: friend.body.sessionId })))
    .json();
  assertEquals([order.totalPrice, order.discountAmount, order.referralCodeUsed], [1249, 1250, code]);
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 1);

  const again = await startCheckout(t, orderForm({ parentEmail: "friend@example.com", referralCode: code }));
  assertEquals(again.body.message, "Referral codes are for a first order only.");
  // The Stripe promotion was made once and remembered.
  assertEquals(stripe.requests.filter((request) => request.path === "/v1/promotion_codes").length, 1);

  // Another friend types the code on Stripe's own page instead: it is recognised and counted too.
  const typed = await startCheckout(t, orderForm({ parentEmail: "typist@example.com" }));
  stripe.pay(typed.body.sessionId, { promotionCode: code });
  const typedOrder =
    await (await t.request("/api/guest/orders", jsonBody({ sessionId: typed.body.sessionId })))
      .json();
  assertEquals([typedOrder.totalPrice, typedOrder.referralCodeUsed], [1249, code]);
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 2);
});

Deno.test("stripe: an outage is a 503 with a message, never a lost order", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  stripe.failNext(500, 3);
  const { status, body } = await startCheckout(t, orderForm());
  assertEquals(status, 503);
  assertEquals(body.message, "We could not reach our payment provider. Please try again in a moment.");
  const retried = await startCheckout(t, orderForm());
  assertEquals(retried.status, 200);
});
