/**
 * Issue 16, §2: the money rules hold wherever a code is typed (the order form's ?ref, Stripe's own
 * page, the local checkout's field), under concurrency and for aliases of one address, and no
 * discount makes an order below Stripe's minimum charge. Stripe is the real SDK against the fake.
 */
import { assert, assertEquals } from "@std/assert";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import { REFERRAL_REFUSALS } from "../../../domain/referral/referrals.ts";
import { keys } from "../../../kv/keys.ts";
import { countOrders, getOrder, getOrderBySession } from "../../../kv/orders.ts";
import { getReferralCodeByCode } from "../../../kv/referral_codes.ts";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { orderForm, payLocally, startCheckout } from "./helpers.ts";

async function stripeApp(stripe: StripeFake) {
  return await createTestApp({
    env: {
      ...DELIVERY_ENV,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
}

async function admin(t: TestApp, method: string, path: string, body?: unknown) {
  const headers = await adminHeaders(t);
  const response = await t.request(`/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A staff code; expiry far enough ahead for the Stripe fake, which reads the real clock. */
async function staffCode(t: TestApp, body: Record<string, unknown>): Promise<ReferralCode> {
  const answer = await admin(t, "POST", "/referral-codes", {
    code: "ONCE",
    discountType: "percentage",
    discountValue: 20,
    usageLimit: null,
    expiresAt: null,
    ...body,
  });
  assertEquals(answer.status, 201, answer.body.message);
  return answer.body.code;
}

async function deliver(t: TestApp, event: { payload: string; signature: string }) {
  const answer = await t.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    body: event.payload,
  });
  assertEquals(answer.status, 200, await answer.text());
}

/** Pays a Stripe session and delivers its webhook; answers the order as staff see it in storage. */
async function payOnStripe(t: TestApp, stripe: StripeFake, sessionId: string, paid = {}) {
  stripe.pay(sessionId, paid);
  await deliver(t, await stripe.signedEvent("checkout.session.completed", sessionId));
  const order = await getOrderBySession(t.kv, sessionId);
  if (!order) throw new Error(`no order for ${sessionId}`);
  return order;
}

/** A first paid order for `email`, which gives them their own friends' code. */
async function customerWithCode(t: TestApp, stripe: StripeFake, email: string) {
  const { body } = await startCheckout(t, orderForm({ parentEmail: email }));
  const order = await payOnStripe(t, stripe, body.sessionId);
  return order.customerReferralCode!;
}

Deno.test("races: five checkouts at once with a one-use code hold it once; four get the spec's message", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  await staffCode(t, { code: "ONCE", usageLimit: 1 });
  const answers = await Promise.all(
    Array.from(
      { length: 5 },
      (_, i) => startCheckout(t, orderForm({ parentEmail: `p${i}@example.com`, referralCode: "ONCE" })),
    ),
  );
  const held = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 422);
  assertEquals([held.length, refused.length], [1, 4]);
  for (const answer of refused) {
    assertEquals(answer.body, { message: REFERRAL_REFUSALS.exhausted, code: "referral_refused" });
  }

  // Paid, the hold becomes the one counted use; the code is then used up for everyone.
  const order = await payOnStripe(t, stripe, held[0].body.sessionId);
  assertEquals(order.referralCodeUsed, "ONCE");
  const once = (await getReferralCodeByCode(t.kv, "ONCE"))!;
  assertEquals(once.usageCount, 1);
  assertEquals((await t.kv.get(keys.referralHolds(once.id))).value, null, "the hold was spent with the use");
  const late = await startCheckout(t, orderForm({ parentEmail: "late@example.com", referralCode: "ONCE" }));
  assertEquals(late.body.message, REFERRAL_REFUSALS.exhausted);
});

Deno.test("races: an expired or abandoned checkout gives its held use back", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  await staffCode(t, { code: "ONCE", usageLimit: 1 });
  const first = await startCheckout(t, orderForm({ parentEmail: "a@example.com", referralCode: "ONCE" }));
  assertEquals(first.status, 200);
  const blocked = await startCheckout(t, orderForm({ parentEmail: "b@example.com", referralCode: "ONCE" }));
  assertEquals(blocked.status, 422);

  // Stripe expires the session (we ask for its shortest life) and tells us: the use is free again.
  stripe.expire(first.body.sessionId);
  await deliver(t, await stripe.signedEvent("checkout.session.expired", first.body.sessionId));
  const second = await startCheckout(t, orderForm({ parentEmail: "b@example.com", referralCode: "ONCE" }));
  assertEquals(second.status, 200);

  // Without the webhook, the hold ends by itself once its session can no longer be paid.
  t.clock.advance(45 * 60 * 1000);
  const third = await startCheckout(t, orderForm({ parentEmail: "c@example.com", referralCode: "ONCE" }));
  assertEquals(third.status, 200);
});

Deno.test("races: one new address (and its aliases) gets the first-order discount on one payable checkout", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await customerWithCode(t, stripe, "owner@example.com");
  const emails = ["new@example.com", "new+1@example.com", "NEW+2@example.com"];
  const answers = await Promise.all(
    emails.map((parentEmail) => startCheckout(t, orderForm({ parentEmail, referralCode: code }))),
  );
  for (const answer of answers) {
    if (answer.status !== 200) assertEquals(answer.body.message, REFERRAL_REFUSALS["not-first-order"]);
  }
  // A buyer's own earlier checkout is ended when they start again, so only one can still be paid.
  const payable = [...stripe.sessions.values()].filter((session) =>
    session.status === "open" && session.discounts.length > 0
  );
  assertEquals(payable.length, 1);
  const order = await payOnStripe(t, stripe, payable[0].id);
  assertEquals([order.referralCodeUsed, order.discountAmount], [code, 1250]);

  const again = await startCheckout(t, orderForm({ parentEmail: "new+3@example.com", referralCode: code }));
  assertEquals([again.status, again.body.message], [422, REFERRAL_REFUSALS["not-first-order"]]);
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 1);
});

Deno.test("aliases: the owner's own code is refused under a +tag, dots at Gmail or another case", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await customerWithCode(t, stripe, "alice.smith@gmail.com");
  for (const alias of ["alice.smith+x@gmail.com", "alicesmith@googlemail.com", "Alice.Smith@GMAIL.com"]) {
    const answer = await startCheckout(t, orderForm({ parentEmail: alias, referralCode: code }));
    assertEquals([answer.status, answer.body.message], [422, REFERRAL_REFUSALS.self], alias);
  }
  // Elsewhere dots are part of the name: j.doe and jdoe may be two people.
  const other = await customerWithCode(t, stripe, "j.doe@example.com");
  const friend = await startCheckout(t, orderForm({ parentEmail: "jdoe@example.com", referralCode: other }));
  assertEquals(friend.status, 200);
});

Deno.test("Stripe's page: our limits travel with the promotion code, and it ends when ours does", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await staffCode(t, { code: "SPRING", usageLimit: 3, expiresAt: "2030-06-30" });
  await t.kv.set(keys.referralCode(code.id), { ...code, usageCount: 1 });
  assertEquals((await startCheckout(t, orderForm({ referralCode: "SPRING" }))).status, 200);
  let stored = (await getReferralCodeByCode(t.kv, "SPRING"))!;
  let promo = stripe.promotionCodes.get(stored.stripePromoId!)!;
  assertEquals(promo.max_redemptions, 2, "what is left of our limit");
  assertEquals(promo.expires_at, Date.parse("2030-06-30T23:59:59.999Z") / 1000 | 0);
  assertEquals(promo.restrictions.first_time_transaction, false, "staff codes have no first-order rule");

  // A customer's own code is for first orders: Stripe is told to check that too.
  const friends = await customerWithCode(t, stripe, "owner@example.com");
  assertEquals(
    (await startCheckout(t, orderForm({ parentEmail: "f@example.com", referralCode: friends }))).status,
    200,
  );
  const friendsPromo = stripe.promotionCodes.get(
    (await getReferralCodeByCode(t.kv, friends))!.stripePromoId!,
  )!;
  assertEquals(friendsPromo.restrictions.first_time_transaction, true);

  // New limits: Stripe cannot change them, so the old promotion code ends and the next checkout makes one.
  const edited = await admin(t, "PATCH", `/referral-codes/${code.id}`, { usageLimit: 10 });
  assertEquals(edited.status, 200);
  assertEquals(stripe.promotionCodes.get(promo.id)?.active, false);
  assertEquals((await startCheckout(t, orderForm({ referralCode: "SPRING" }))).status, 200);
  stored = (await getReferralCodeByCode(t.kv, "SPRING"))!;
  promo = stripe.promotionCodes.get(stored.stripePromoId!)!;
  assertEquals([promo.active, promo.max_redemptions], [true, 9]);

  // Turned off here, it cannot be typed there.
  await admin(t, "PATCH", `/referral-codes/${code.id}`, { isActive: false });
  assertEquals(stripe.promotionCodes.get(promo.id)?.active, false);
  const typed = await startCheckout(t, orderForm({ parentEmail: "typist@example.com" }));
  let refused = false;
  try {
    stripe.pay(typed.body.sessionId, { promotionCode: "SPRING" });
  } catch {
    refused = true;
  }
  assert(refused, "Stripe refuses an inactive promotion code");
});

Deno.test("Stripe's page: a promotion code made before the limits is replaced at the next checkout", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await staffCode(t, { code: "OLDIE", usageLimit: 5 });
  await startCheckout(t, orderForm({ referralCode: "OLDIE" }));
  const made = (await getReferralCodeByCode(t.kv, "OLDIE"))!;
  // As stored before issue 16: ids without the terms they were made with.
  const { stripePromoTerms: _terms, ...legacy } = made;
  await t.kv.set(keys.referralCode(code.id), legacy);
  await startCheckout(t, orderForm({ parentEmail: "b@example.com", referralCode: "OLDIE" }));
  const renewed = (await getReferralCodeByCode(t.kv, "OLDIE"))!;
  assert(renewed.stripePromoId !== made.stripePromoId);
  assertEquals(stripe.promotionCodes.get(made.stripePromoId!)?.active, false);
});

Deno.test("fulfilment: a code typed on Stripe's page that broke a rule makes a flagged order staff can refund", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await customerWithCode(t, stripe, "alice@example.com");
  // The owner's friend uses it properly, which makes the Stripe promotion code.
  const friend = await startCheckout(t, orderForm({ parentEmail: "friend@example.com", referralCode: code }));
  await payOnStripe(t, stripe, friend.body.sessionId);
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 1);

  // The owner, under an alias Stripe has never seen, types their own code on Stripe's page.
  const own = await startCheckout(t, orderForm({ parentEmail: "alice+2@example.com" }));
  const order = await payOnStripe(t, stripe, own.body.sessionId, { promotionCode: code });
  assertEquals(order.totalPrice, 1249, "the family paid the discounted price");
  assertEquals(order.discountReview?.reason, "self");
  assertEquals(order.discountReview?.code, code);
  assertEquals(order.referralCodeUsed, null, "the refused use is not a referral");
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 1, "and is not counted");
  assertEquals(await countOrders(t.kv, "all"), 3);

  // Parents never see the flag; staff do, with the refund offered once.
  const guest = await (await t.request("/api/guest/orders", jsonBody({ sessionId: own.body.sessionId })))
    .json();
  assertEquals("discountReview" in guest, false);
  const detail = await admin(t, "GET", `/orders/${order.id}`);
  assertEquals(detail.body.discountReview.reason, "self");

  const refunded = await admin(t, "POST", `/orders/${order.id}/refund`);
  assertEquals(refunded.status, 200, refunded.body.message);
  assertEquals(refunded.body.message, `Refunded $12.49 for order #${order.orderNumber}.`);
  const [refund] = stripe.refunds.values();
  assertEquals([refund.amount, refund.payment_intent], [
    1249,
    stripe.sessions.get(own.body.sessionId)!.payment_intent,
  ]);
  const stored = await getOrder(t.kv, order.id);
  assertEquals([stored?.refund?.refundId, stored?.refund?.amount, stored?.refund?.refundedBy], [
    refund.id,
    1249,
    "boss@example.com",
  ]);
  const twice = await admin(t, "POST", `/orders/${order.id}/refund`);
  assertEquals(twice.status, 409);
  assertEquals(stripe.refunds.size, 1);

  // A clean order offers no refund.
  const clean = await getOrderBySession(t.kv, friend.body.sessionId);
  assertEquals((await admin(t, "POST", `/orders/${clean!.id}/refund`)).status, 409);
});

Deno.test("fulfilment: a first-order code typed on Stripe's page by a returning buyer's alias is flagged", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const code = await customerWithCode(t, stripe, "owner@example.com");
  await customerWithCode(t, stripe, "bob@example.com");
  await startCheckout(t, orderForm({ parentEmail: "x@example.com", referralCode: code })); // makes the promo
  const typed = await startCheckout(t, orderForm({ parentEmail: "bob+again@example.com" }));
  const order = await payOnStripe(t, stripe, typed.body.sessionId, { promotionCode: code });
  assertEquals(order.discountReview?.reason, "not-first-order");
  assertEquals((await getReferralCodeByCode(t.kv, code))?.usageCount, 0);
});

Deno.test("$0 is impossible: codes are capped on our price, Stripe's coupon and the admin form", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  // Codes stored before the cap (or written by hand) still cannot make a $0 or sub-minimum order.
  const all = await staffCode(t, { code: "ALL", discountValue: 97 });
  await t.kv.set(keys.referralCode(all.id), { ...all, discountValue: 100 });
  const fixed = await staffCode(t, { code: "HUGE", discountType: "fixed_amount", discountValue: 2000 });
  await t.kv.set(keys.referralCode(fixed.id), { ...fixed, discountValue: 5000 });

  for (const [code, total] of [["ALL", 75], ["HUGE", 50]] as const) {
    const { status, body } = await startCheckout(
      t,
      orderForm({ parentEmail: `${code}@example.com`, referralCode: code }),
    );
    assertEquals(status, 200, body.message);
    const order = await payOnStripe(t, stripe, body.sessionId);
    assertEquals([order.totalPrice, order.discountReview ?? null], [total, null], code);
  }
  const coupons = [...stripe.coupons.values()];
  assert(coupons.some((coupon) => coupon.percent_off === 97));
  assert(coupons.some((coupon) => coupon.amount_off === 2449));

  const refused = await admin(t, "POST", "/referral-codes", {
    code: "FREE",
    discountType: "percentage",
    discountValue: 100,
  });
  assertEquals(refused.status, 400);
  assertEquals(
    refused.body.message,
    "A percentage discount can be at most 97%, so every order still costs at least $0.50 (the card processor's minimum charge)",
  );
});

Deno.test("local checkout: the same holds and rules for a code typed on our own payment page", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await staffCode(t, { code: "ONCE", usageLimit: 1 });
  const sessions = await Promise.all(
    Array.from(
      { length: 5 },
      async (_, i) =>
        (await startCheckout(t, orderForm({ parentEmail: `p${i}@example.com` }))).body.sessionId,
    ),
  );
  const typed = await Promise.all(sessions.map((id) => {
    const form = new FormData();
    form.set("promotionCode", "once");
    return t.request(`/checkout/local/${id}/promo`, { method: "POST", body: form }).then(async (answer) => {
      await answer.body?.cancel();
      return answer.status;
    });
  }));
  assertEquals(typed.sort(), [303, 422, 422, 422, 422]);

  for (const id of sessions) await payLocally(t, id);
  const orders = await Promise.all(sessions.map((id) => getOrderBySession(t.kv, id)));
  assertEquals(orders.filter((order) => order?.referralCodeUsed === "ONCE").length, 1);
  assertEquals((await getReferralCodeByCode(t.kv, "ONCE"))?.usageCount, 1);

  // Past the session's life it can no longer be paid, as on Stripe.
  const late = await startCheckout(t, orderForm({ parentEmail: "late@example.com" }));
  t.clock.advance(32 * 60 * 1000);
  await payLocally(t, late.body.sessionId);
  assertEquals(await getOrderBySession(t.kv, late.body.sessionId), null);
});
