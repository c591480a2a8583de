/**
 * Issue 18, item 4: the order page learns what a referral code takes off before checkout, so the total
 * it shows is the total charged, and a code that cannot be used is said to be so at once.
 */
import { assertEquals } from "@std/assert";
import { priceOrder } from "../../../domain/pricing.ts";
import type { ReferralOffer } from "../../../domain/referral_code.ts";
import { REFERRAL_REFUSALS } from "../../../domain/referrals.ts";
import { getLocalSession } from "../../../kv/local_checkout.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { orderForm, startCheckout } from "./helpers.ts";

async function offer(t: TestApp, code: string) {
  const response = await t.request(`/api/referral-offer/${encodeURIComponent(code)}`);
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
