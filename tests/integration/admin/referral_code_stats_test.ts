import { assertEquals } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import type { ReferralCodeWithStats } from "../../../domain/referral/stats.ts";
import { keys } from "../../../kv/keys.ts";
import { getOrderBySession, unwriteOrder, updateOrder } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import { adminApi as call, type Headers } from "./helpers.ts";

/** A paid order through the real checkout path: the order page's checkout, then the local Pay button. */
async function paidOrder(t: TestApp, parentEmail: string, referralCode?: string, streaming = false) {
  const { status, body } = await startCheckout(
    t,
    orderForm({
      parentEmail,
      ...(referralCode ? { referralCode } : {}),
      ...(streaming ? { addStreamingServices: true, streamingArtistName: "Mia" } : {}),
    }),
  );
  assertEquals(status, 200, body.message);
  await payLocally(t, body.sessionId);
  return (await getOrderBySession(t.kv, body.sessionId))!;
}

/** The figures of staff's codes (not customers' own), as the admin list answers them. */
async function listed(t: TestApp, admin: Headers) {
  const answer = await call(t, "GET", "/referral-codes", admin);
  assertEquals(answer.status, 200);
  const codes = answer.body.codes as ReferralCodeWithStats[];
  return Object.fromEntries(
    codes.filter((code) => !code.ownerEmail).map((
      code,
    ) => [code.code, { orders: code.orders, revenueCents: code.revenueCents }]),
  );
}

/** The same figures recounted the slow way, from every stored order. */
async function recount(kv: Deno.Kv, codes: string[]) {
  const figures = Object.fromEntries(codes.map((code) => [code, { orders: 0, revenueCents: 0 }]));
  for await (const { value } of kv.list<Order>({ prefix: keys.allOrders() })) {
    const used = value.referralCodeUsed;
    if (!used || value.payment.kind !== "checkout" || !figures[used]) continue;
    figures[used].orders++;
    figures[used].revenueCents += value.totalPrice - (value.refund?.amount ?? 0);
  }
  return figures;
}

Deno.test("referral code figures: paid orders and their revenue per code, kept with each order, equal a recount", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const create = async (body: Record<string, unknown>) =>
    assertEquals((await call(t, "POST", "/referral-codes", admin, body)).status, 201);
  await create({ code: "SPRING", discountType: "percentage", discountValue: 25 });
  await create({ code: "FIVE", discountType: "fixed_amount", discountValue: 500 });
  await create({ code: "UNUSED", discountType: "percentage", discountValue: 10 });
  const codes = ["SPRING", "FIVE", "UNUSED"];
  assertEquals(await listed(t, admin), await recount(t.kv, codes));

  const a = await paidOrder(t, "a@example.com", "SPRING");
  const b = await paidOrder(t, "b@example.com", "SPRING", true);
  const c = await paidOrder(t, "c@example.com", "FIVE");
  await paidOrder(t, "d@example.com");
  // 25% of $24.99 and of $34.99, and $5 off $24.99.
  assertEquals([a.totalPrice, b.totalPrice, c.totalPrice], [1874, 2624, 1999]);
  assertEquals([a.referralCodeUsed, c.referralCodeUsed], ["SPRING", "FIVE"]);
  const figures = await listed(t, admin);
  assertEquals(figures, {
    SPRING: { orders: 2, revenueCents: 4498 },
    FIVE: { orders: 1, revenueCents: 1999 },
    UNUSED: { orders: 0, revenueCents: 0 },
  });
  assertEquals(figures, await recount(t.kv, codes));
  // A customer's own code (made by their first order) is listed too, unused so far.
  const own = (await call(t, "GET", "/referral-codes", admin)).body.codes
    .find((code: ReferralCodeWithStats) => code.code === a.customerReferralCode);
  assertEquals([own.orders, own.revenueCents], [0, 0]);

  // The order moving on through its life changes nothing here.
  await updateOrder(t.kv, a.id, (order) => ({ ...order, status: "failed", updatedAt: "later" }));
  assertEquals(await listed(t, admin), figures);

  // A refund takes the order's money out of revenue; the order stays counted (the code was used).
  const refund = {
    refundId: "re_1",
    amount: 2624,
    refundedAt: "2026-01-02T00:00:00.000Z",
    refundedBy: "boss",
  };
  await updateOrder(t.kv, b.id, (order) => ({ ...order, refund }));
  const afterRefund = await listed(t, admin);
  assertEquals(afterRefund.SPRING, { orders: 2, revenueCents: 1874 });
  assertEquals(afterRefund, await recount(t.kv, codes));

  // An order removed takes its figures with it, without wrapping any counter below zero.
  const stored = (await t.kv.get<Order>(keys.order(c.id))).value!;
  assertEquals((await unwriteOrder(t.kv.atomic(), stored).commit()).ok, true);
  const afterRemoval = await listed(t, admin);
  assertEquals(afterRemoval.FIVE, { orders: 0, revenueCents: 0 });
  assertEquals(afterRemoval, await recount(t.kv, codes));
  for await (const entry of t.kv.list<Deno.KvU64>({ prefix: keys.referralCodeStats() })) {
    assertEquals(entry.value.value < 1_000_000n, true, `${JSON.stringify(entry.key)} did not wrap`);
  }
});
