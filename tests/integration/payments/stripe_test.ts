import {
  assert,
  assertEquals,
  assertExists,
  assertMatch,
  assertNotEquals,
  assertRejects,
  assertStringIncludes,
} from "@std/assert";
import Stripe from "stripe";
import {
  type CheckoutRequest,
  PaymentProviderError,
  type Payments,
  WebhookSignatureError,
} from "../../../providers/payments/mod.ts";
import { createStripePayments } from "../../../providers/payments/stripe.ts";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";

const SUCCESS_URL = "http://localhost:8000/payment-processing?session_id={CHECKOUT_SESSION_ID}";

function paymentsFor(stripe: StripeFake, secretKey = stripe.secretKey): Payments {
  return createStripePayments({ secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
}

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    amountCents: 2499,
    productName: "A song for Mia",
    description: "A happy pop song, sung by a female voice",
    customerEmail: "ann@example.com",
    metadata: { draftId: "01JDRAFT", childName: "Mia" },
    successUrl: SUCCESS_URL,
    cancelUrl: "http://localhost:8000/order",
    discount: null,
    lifetimeMs: 31 * 60 * 1000,
    ...overrides,
  };
}

const FRIEND_CODE = {
  code: "MIA-7K3Q",
  discountType: "percentage" as const,
  discountValue: 50,
  stripeCouponId: null,
  stripePromoId: null,
  maxRedemptions: null,
  expiresAt: null,
  firstTimeTransaction: false,
};

Deno.test("createCheckout sends the price, the buyer, the metadata and the return URLs Stripe needs", async () => {
  await using stripe = startStripeFake();
  const session = await paymentsFor(stripe).createCheckout(checkoutRequest());

  assertMatch(session.id, /^cs_test_/);
  assertEquals(session.url, `https://checkout.stripe.test/pay/${session.id}`);
  assertEquals(stripe.requests.length, 1);
  const [sent] = stripe.requests;
  assertEquals(sent.method, "POST");
  assertEquals(sent.path, "/v1/checkout/sessions");
  assertEquals(sent.body, {
    mode: "payment",
    line_items: [{
      quantity: "1",
      price_data: {
        currency: "usd",
        unit_amount: "2499",
        product_data: { name: "A song for Mia", description: "A happy pop song, sung by a female voice" },
      },
    }],
    customer_email: "ann@example.com",
    metadata: { draftId: "01JDRAFT", childName: "Mia" },
    // Stripe fills the placeholder in when it redirects; it must arrive untouched.
    success_url: SUCCESS_URL,
    cancel_url: "http://localhost:8000/order",
    expires_at: sent.body.expires_at,
    allow_promotion_codes: "true",
  });
  // The shortest session Stripe allows (30 minutes), so a referral use held for it comes back soon.
  const lifetime = Number(sent.body.expires_at) - Math.floor(Date.now() / 1000);
  assert(lifetime > 30 * 60 && lifetime <= 31 * 60, `expires in ${lifetime} s`);
  assertMatch(sent.idempotencyKey ?? "", /^stripe-node-retry-/);
  assertEquals(sent.stripeVersion, Stripe.API_VERSION);
});

Deno.test("a discount we chose goes in as the promotion code, without the promo-code field", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const { promoId } = await payments.ensurePromotion(FRIEND_CODE);
  const discount = { code: "MIA-7K3Q", type: "percentage" as const, value: 50, promotionCodeId: promoId };

  const session = await payments.createCheckout(checkoutRequest({ discount }));

  const sent = stripe.requests.at(-1)!;
  assertEquals(sent.body.discounts, [{ promotion_code: promoId! }]);
  assertEquals(sent.body.allow_promotion_codes, undefined);
  const info = await payments.getSession(session.id);
  assertEquals(
    [info?.amountSubtotal, info?.amountDiscount, info?.amountTotal, info?.promotionCode],
    [2499, 1250, 1249, "MIA-7K3Q"],
  );
});

Deno.test("a discount without a promotion code id is refused before Stripe is asked", async () => {
  await using stripe = startStripeFake();
  const discount = { code: "MIA-7K3Q", type: "percentage" as const, value: 50, promotionCodeId: null };
  await assertRejects(
    () => paymentsFor(stripe).createCheckout(checkoutRequest({ discount })),
    Error,
    "ensurePromotion",
  );
  assertEquals(stripe.requests, []);
});

Deno.test("getSession reports an open session unpaid and a paid one paid, with the buyer's email", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const { id } = await payments.createCheckout(checkoutRequest());

  assertEquals(await payments.getSession(id), {
    id,
    paid: false,
    status: "open",
    customerEmail: "ann@example.com",
    metadata: { draftId: "01JDRAFT", childName: "Mia" },
    amountSubtotal: 2499,
    amountTotal: 2499,
    amountDiscount: 0,
    promotionCode: null,
  });

  // The customer may type another address on Stripe's page; that is the one that paid.
  stripe.pay(id, { email: "ann.b@example.com" });
  const paid = await payments.getSession(id);
  assertEquals(paid?.paid, true);
  assertEquals(paid?.status, "complete");
  assertEquals(paid?.customerEmail, "ann.b@example.com");
  assertEquals(stripe.requests.at(-1)?.path, `/v1/checkout/sessions/${id}`);
});

Deno.test("a promo code typed on Stripe's page shows up as the session's promotion code", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  await payments.ensurePromotion(FRIEND_CODE);
  const { id } = await payments.createCheckout(checkoutRequest());

  stripe.pay(id, { promotionCode: "mia-7k3q" });

  const info = await payments.getSession(id);
  // The code's text, as the customer typed it into Stripe's page (expanded from the promotion code).
  assertEquals([info?.paid, info?.promotionCode, info?.amountTotal], [true, "MIA-7K3Q", 1249]);
});

Deno.test("an expired session is neither open nor paid", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const { id } = await payments.createCheckout(checkoutRequest());
  stripe.expire(id);
  const info = await payments.getSession(id);
  assertEquals([info?.status, info?.paid], ["expired", false]);
});

Deno.test("an unknown session is null, and an empty id never reaches Stripe's list endpoint", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  assertEquals(await payments.getSession("cs_test_nope"), null);
  assertEquals(stripe.requests.map((request) => request.status), [404]);
  assertEquals(await payments.getSession(" "), null);
  assertEquals(stripe.requests.length, 1);
});

Deno.test("ensurePromotion creates a coupon, then a promotion code in the current API shape", async () => {
  await using stripe = startStripeFake();
  const ids = await paymentsFor(stripe).ensurePromotion(FRIEND_CODE);

  assertExists(ids.couponId);
  assertMatch(ids.promoId ?? "", /^promo_/);
  const [coupon, promo] = stripe.requests;
  assertEquals([coupon.path, coupon.body], ["/v1/coupons", {
    percent_off: "50",
    duration: "once",
    name: "MIA-7K3Q",
  }]);
  assertEquals([promo.path, promo.body], ["/v1/promotion_codes", {
    promotion: { type: "coupon", coupon: ids.couponId },
    code: "MIA-7K3Q",
  }]);
  assertEquals(stripe.promotionCodes.get(ids.promoId!)?.promotion.coupon, ids.couponId);
});

Deno.test("a fixed-amount code becomes a coupon in US cents", async () => {
  await using stripe = startStripeFake();
  await paymentsFor(stripe).ensurePromotion({
    ...FRIEND_CODE,
    code: "FIVE-OFF",
    discountType: "fixed_amount",
    discountValue: 500,
  });
  assertEquals(stripe.requests[0].body, {
    amount_off: "500",
    currency: "usd",
    duration: "once",
    name: "FIVE-OFF",
  });
});

Deno.test("ensurePromotion with stored ids asks Stripe nothing; with a stored coupon, only for the code", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const first = await payments.ensurePromotion(FRIEND_CODE);
  const made = stripe.requests.length;

  const stored = { ...FRIEND_CODE, stripeCouponId: first.couponId, stripePromoId: first.promoId };
  assertEquals(await payments.ensurePromotion(stored), first);
  assertEquals(stripe.requests.length, made);

  const again = await payments.ensurePromotion({
    ...FRIEND_CODE,
    code: "MIA-2",
    stripeCouponId: first.couponId,
  });
  assertEquals(again.couponId, first.couponId);
  assertEquals(stripe.requests.slice(made).map((request) => request.path), ["/v1/promotion_codes"]);
});

Deno.test("a code Stripe cannot spell (an underscore) still gets a promotion, under Stripe's own text", async () => {
  await using stripe = startStripeFake();
  const { promoId } = await paymentsFor(stripe).ensurePromotion({ ...FRIEND_CODE, code: "SPRING_SALE" });
  assertEquals(stripe.requests.at(-1)?.body.code, undefined);
  assertNotEquals(stripe.promotionCodes.get(promoId!)?.code, undefined);
});

Deno.test("a promotion code created earlier but never stored is adopted, not duplicated", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const lost = await payments.ensurePromotion(FRIEND_CODE);

  const found = await payments.ensurePromotion(FRIEND_CODE);

  assertEquals(found, lost);
  assertEquals([...stripe.promotionCodes.values()].filter((promo) => promo.active).length, 1);
});

Deno.test("an active promotion code with our text but another discount is reported, not reused", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  await payments.ensurePromotion(FRIEND_CODE);
  const error = await assertRejects(
    () => payments.ensurePromotion({ ...FRIEND_CODE, discountValue: 20 }),
    PaymentProviderError,
  );
  assertStringIncludes(error.message, "different discount");
});

Deno.test("verifyWebhook accepts a signed event and names the checkout session it is about", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const { id } = await payments.createCheckout(checkoutRequest());
  stripe.pay(id);
  const { payload, signature } = await stripe.signedEvent("checkout.session.completed", id);

  const event = await payments.verifyWebhook(payload, signature);

  assertMatch(event.id, /^evt_/);
  assertEquals(event.type, "checkout.session.completed");
  assertEquals(event.sessionId, id);
});

Deno.test("an event about something other than a checkout session has no session id", async () => {
  await using stripe = startStripeFake();
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { id: "pi_1", object: "payment_intent" } },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: stripe.webhookSecret,
  });
  assertEquals(await paymentsFor(stripe).verifyWebhook(payload, signature), {
    id: "evt_1",
    type: "payment_intent.succeeded",
    sessionId: null,
  });
});

Deno.test("verifyWebhook refuses a changed body, a wrong secret, no signature and a stale one", async () => {
  await using stripe = startStripeFake();
  const payments = paymentsFor(stripe);
  const { id } = await payments.createCheckout(checkoutRequest());
  const good = await stripe.signedEvent("checkout.session.completed", id);

  const tampered = good.payload.replace('"livemode": false', '"livemode": true');
  assertNotEquals(tampered, good.payload);
  await assertRejects(() => payments.verifyWebhook(tampered, good.signature), WebhookSignatureError);

  const forged = await stripe.signedEvent("checkout.session.completed", id, { secret: "whsec_someone_else" });
  await assertRejects(() => payments.verifyWebhook(forged.payload, forged.signature), WebhookSignatureError);

  await assertRejects(() => payments.verifyWebhook(good.payload, null), WebhookSignatureError, "missing");
  await assertRejects(() => payments.verifyWebhook(good.payload, ""), WebhookSignatureError, "missing");
  await assertRejects(() => payments.verifyWebhook(good.payload, "garbage"), WebhookSignatureError);

  // Stripe's tolerance is five minutes: a replayed delivery from ten minutes ago is refused.
  const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
  const stale = await stripe.signedEvent("checkout.session.completed", id, { timestamp: tenMinutesAgo });
  await assertRejects(
    () => payments.verifyWebhook(stale.payload, stale.signature),
    WebhookSignatureError,
    "tolerance",
  );
});

Deno.test("a 500 from Stripe is retried with the same idempotency key", async () => {
  await using stripe = startStripeFake();
  stripe.failNext(500);
  const session = await paymentsFor(stripe).createCheckout(checkoutRequest());

  assertEquals(stripe.requests.map((request) => request.status), [500, 200]);
  const [first, second] = stripe.requests.map((request) => request.idempotencyKey);
  assertExists(first);
  assertEquals(second, first);
  assertEquals([...stripe.sessions.keys()], [session.id]);
});

Deno.test("Stripe failing on every retry is a PaymentProviderError", async () => {
  await using stripe = startStripeFake();
  stripe.failNext(500, 3);
  const error = await assertRejects(
    () => paymentsFor(stripe).createCheckout(checkoutRequest()),
    PaymentProviderError,
  );
  assertEquals(stripe.requests.map((request) => request.status), [500, 500, 500]);
  assertStringIncludes(error.message, "500");
  assertStringIncludes(error.message, new URL(stripe.url).host);
  assert(error.cause instanceof Stripe.errors.StripeAPIError);
});

Deno.test("a rate limit on reading a session is a PaymentProviderError, not a missing session", async () => {
  await using stripe = startStripeFake();
  stripe.failNext(429);
  await assertRejects(() => paymentsFor(stripe).getSession("cs_test_any"), PaymentProviderError, "429");
});

Deno.test("a wrong secret key is a PaymentProviderError that does not repeat the key", async () => {
  await using stripe = startStripeFake();
  const error = await assertRejects(
    () => paymentsFor(stripe, "sk_test_wrong_key_1234").createCheckout(checkoutRequest()),
    PaymentProviderError,
  );
  assertStringIncludes(error.message, "401");
  assert(!error.message.includes("sk_test_wrong_key_1234"), error.message);
  assertEquals(stripe.sessions.size, 0);
});

Deno.test("a key echoed back in full by a server is still kept out of the message", async () => {
  // A mock or proxy that does not mask keys as Stripe does.
  const echo = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) =>
    Response.json(
      {
        error: { type: "invalid_request_error", message: `Bad key ${request.headers.get("authorization")}` },
      },
      { status: 401 },
    ));
  try {
    const payments = createStripePayments({
      secretKey: "sk_live_do_not_print",
      webhookSecret: "whsec_x",
      apiUrl: `http://127.0.0.1:${echo.addr.port}`,
    });
    const error = await assertRejects(() => payments.getSession("cs_test_1"), PaymentProviderError);
    assertStringIncludes(error.message, "Bad key Bearer [secret key]");
  } finally {
    await echo.shutdown();
  }
});

Deno.test("a closed port is a PaymentProviderError naming the host", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  const payments = createStripePayments({
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_x",
    apiUrl: `http://127.0.0.1:${port}`,
  });
  const error = await assertRejects(() => payments.getSession("cs_test_1"), PaymentProviderError);
  assertStringIncludes(error.message, `127.0.0.1:${port}`);
  assert(error.cause instanceof Stripe.errors.StripeConnectionError);
});

Deno.test("a 404 that is not Stripe saying 'no such session' is a PaymentProviderError", async () => {
  // e.g. STRIPE_API_URL pointing at some other server: an outage must not read as an unknown session.
  const other = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => Response.json({ error: { type: "invalid_request_error", message: "Not here" } }, { status: 404 }),
  );
  try {
    const payments = createStripePayments({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_x",
      apiUrl: `http://127.0.0.1:${other.addr.port}`,
    });
    await assertRejects(() => payments.getSession("cs_test_1"), PaymentProviderError, "404");
  } finally {
    await other.shutdown();
  }
});
