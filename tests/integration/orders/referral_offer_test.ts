/**
 * Issue 18, item 4: the order page learns what a referral code takes off before checkout, so the total
 * it shows is the total charged, and a code that cannot be used is said to be so at once.
 */
import { assertEquals } from "@std/assert";
import { priceOrder } from "../../../domain/order/pricing.ts";
import type { ReferralOffer } from "../../../domain/referral/code.ts";
import { REFERRAL_REFUSALS } from "../../../domain/referral/referrals.ts";
import { getLocalSession } from "../../../kv/local_checkout.ts";
import { getOrderBySession } from "../../../kv/orders.ts";
import { CHECKOUT_LIMIT } from "../../../routes/middleware/client_limit.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { orderForm, payLocally, startCheckout } from "./helpers.ts";

async function offer(t: TestApp, code: string, email?: string) {
  const query = email === undefined ? "" : `?${new URLSearchParams({ email })}`;
  const response = await t.request(`/api/referral-offer/${encodeURIComponent(code)}${query}`);
  return { status: response.status, body: await response.json() };
}

async function staffCode(t: TestApp, body: Record<string, unknown>) {
  const response = await t.request("/api/admin/referral-codes", {
    method: "POST",
    headers: { ...await adminHeaders(t), "content-type": "application/json" },
    body: JSON.stringify({ discountType: "percentage", discountValue: 50, ...body }),
  });
  assertEquals(response.status, 201);
  await response.body?.cancel();
}

Deno.test("a live code's offer is the discount checkout charges; streaming included", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await staffCode(t, { code: "HALF" });

  const answer = await offer(t, " half ");
  assertEquals(answer.status, 200);
  const live: ReferralOffer = answer.body;
  assertEquals(live, { code: "HALF", discount: { type: "percentage", value: 50 }, firstOrderOnly: false });

  const shown = priceOrder(true, live.discount).totalPrice;
  assertEquals(shown, 1749, "$34.99 at half price");
  const checkout = await startCheckout(
    t,
    orderForm({ addStreamingServices: true, streamingArtistName: "Mia Sings", referralCode: "HALF" }),
  );
  assertEquals(checkout.status, 200, checkout.body.message);
  assertEquals((await getLocalSession(t.kv, checkout.body.sessionId))?.amountTotal, shown);
});

Deno.test("a code that cannot be used is refused before checkout, in the checkout's own words", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await staffCode(t, { code: "GONE", expiresAt: new Date(t.clock.now() - 1000).toISOString() });

  for (
    const [code, message] of [
      ["NOSUCH", REFERRAL_REFUSALS.unknown],
      ["GONE", REFERRAL_REFUSALS.expired],
      ["x", "Code must be at least 3 characters"],
    ]
  ) {
    const answer = await offer(t, code);
    assertEquals(answer.status, 422, code);
    assertEquals(answer.body.code, "referral_refused");
    assertEquals(answer.body.message.startsWith(message), true, answer.body.message);
  }
});

/** A paid order by `parentEmail` through the local checkout; answers the code it leaves them to share. */
async function paidOrder(t: TestApp, parentEmail: string, referralCode?: string) {
  const checkout = await startCheckout(t, orderForm({ parentEmail, referralCode }));
  assertEquals(checkout.status, 200, checkout.body.message);
  await payLocally(t, checkout.body.sessionId);
  const order = await getOrderBySession(t.kv, checkout.body.sessionId);
  return order!.customerReferralCode!;
}

Deno.test("with the parent's address, a friend's code is refused as checkout would: their own, or a second order", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const anasCode = await paidOrder(t, "ana@example.com");
  const withEmail = (email: string) => offer(t, anasCode, email);

  assertEquals((await offer(t, anasCode)).status, 200, "before an address is typed, the code's own rules");
  const own = await withEmail("Ana@Example.com");
  assertEquals([own.status, own.body.code, own.body.message], [
    422,
    "referral_refused",
    REFERRAL_REFUSALS.self,
  ]);
  const friend = await withEmail("kim@example.com");
  assertEquals([friend.status, friend.body.code], [200, anasCode]);

  await paidOrder(t, "kim@example.com");
  const second = await withEmail("kim@example.com");
  assertEquals([second.status, second.body.message], [422, REFERRAL_REFUSALS["not-first-order"]]);
  const checkout = await startCheckout(
    t,
    orderForm({ parentEmail: "kim@example.com", referralCode: anasCode }),
  );
  assertEquals(
    [checkout.status, checkout.body.message],
    [422, second.body.message],
    "checkout says the same",
  );

  const bad = await withEmail("not an address");
  assertEquals(bad.status, 400);
});

Deno.test("a check that depends on the address spends the checkout's allowance, so it reveals no more than checkout", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await staffCode(t, { code: "HALF" });
  const anasCode = await paidOrder(t, "ana@example.com");
  let spent = 1;
  for (; spent < 30; spent++) {
    const answer = await offer(t, anasCode, `someone${spent}@example.com`);
    if (answer.status === 429) break;
    assertEquals(answer.status, 200);
  }
  assertEquals(spent, CHECKOUT_LIMIT.limit, "one checkout and the checks share one allowance");
  const checkout = await startCheckout(t, orderForm({ parentEmail: "leo@example.com" }));
  assertEquals(checkout.status, 429, "and checkout is out of it too");
  // A staff code has no rule about the buyer: its answer says nothing about the address.
  assertEquals((await offer(t, "HALF", "someone@example.com")).status, 200);
  assertEquals((await offer(t, anasCode)).status, 200, "nor does a check without an address");
});
