import { assert, assertEquals, assertRejects } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { orderIndexes } from "../../../kv/migrations/v1_order_indexes.ts";
import { referralCodeStats } from "../../../kv/migrations/v6_referral_code_stats.ts";
import { FIRST_ORDER_NUMBER, writeOrder } from "../../../kv/orders.ts";
import { listReferralCodesWithStats } from "../../../kv/referral_codes.ts";
import { sampleOrder } from "../../../tools/sample_orders.ts";

const CODES = ["SPRING", "FIVE", "FRIEND-7K3Q"];
const NOW = Date.parse("2026-03-01T00:00:00Z");

/**
 * Order i of an old store: every other one paid through checkout with one of three codes (their
 * revenue varies with the streaming add-on), one in seven of those refunded, the rest demo orders.
 */
function oldOrder(i: number): Order {
  const order = sampleOrder(i, FIRST_ORDER_NUMBER + i, NOW);
  if (i % 2) return order;
  const paid: Order = {
    ...order,
    payment: { kind: "checkout", sessionId: `cs_${i}`, provider: "local", amountPaid: order.totalPrice },
    referralCodeUsed: CODES[i % 3],
  };
  if (i % 7 === 0) {
    paid.refund = {
      refundId: `re_${i}`,
      amount: paid.totalPrice,
      refundedAt: "2026-03-02",
      refundedBy: "boss",
    };
  }
  return paid;
}

/** A store as the code before the figures left it: its orders, and none of the figures. */
async function storeBeforeTheFigures(count: number) {
  const kv = await Deno.openKv(":memory:");
  for (let first = 0; first < count; first += 5) {
    const operation = kv.atomic();
    for (let i = first; i < Math.min(first + 5, count); i++) writeOrder(operation, null, oldOrder(i));
    await operation.commit();
  }
  for await (const entry of kv.list({ prefix: keys.referralCodeStats() })) await kv.delete(entry.key);
  return kv;
}

/** The stored figures, by code, as raw counter values. */
async function stored(kv: Deno.Kv) {
  const figures: Record<string, string> = {};
  for await (const entry of kv.list<Deno.KvU64>({ prefix: keys.referralCodeStats() })) {
    figures[`${String(entry.key[1])} ${String(entry.key[2])}`] = String(entry.value.value);
  }
  return figures;
}

/** The same figures recounted the slow way, from every order. */
async function recount(kv: Deno.Kv) {
  const figures: Record<string, string> = {};
  const add = (name: string, amount: number) => figures[name] = String(Number(figures[name] ?? 0) + amount);
  for await (const { value } of kv.list<Order>({ prefix: keys.allOrders() })) {
    if (!value.referralCodeUsed || value.payment.kind !== "checkout") continue;
    add(`${value.referralCodeUsed} orders`, 1);
    const revenue = value.totalPrice - (value.refund?.amount ?? 0);
    if (revenue > 0) add(`${value.referralCodeUsed} revenue`, revenue);
  }
  return figures;
}

Deno.test("migration 6 counts each code's orders and revenue for earlier orders, resumes after a crash without counting twice, and a second run changes nothing", async () => {
  const kv = await storeBeforeTheFigures(1_200);
  await using _kv = kv;
  const truth = await recount(kv);
  assertEquals(truth["SPRING orders"], String(200), "600 paid orders, 200 a code");
  assert(Number(truth["FIVE revenue"]) > 0);
  assertEquals(await stored(kv), {}, "before: no figures");

  let commits = 0;
  const crashing: Migration = {
    ...referralCodeStats,
    up: (store, context) =>
      referralCodeStats.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          // The first commit is the cleared figures; crash after the first batch of orders.
          if (++commits === 2) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], { holder: "test" }), Error, "power cut");
  const halfway = Number((await stored(kv))["SPRING orders"] ?? 0);
  assert(halfway > 0 && halfway < 200, `one batch in: ${halfway}`);

  const report = await runMigrations(kv, [referralCodeStats], { holder: "test" });
  assertEquals(report.applied, [{ version: 6, name: "referral-code-stats", resumed: true }]);
  assertEquals(await stored(kv), truth, "each figure equals its recount");

  // Run again from the start (as after a restore of a dump taken mid-way): the same figures.
  await kv.delete(keys.schemaVersion());
  await runMigrations(kv, [referralCodeStats], { holder: "test" });
  assertEquals(await stored(kv), truth);
});

Deno.test("migration 6 after migration 1 on an old store: the orders rewritten by 1 are not counted twice", async () => {
  const kv = await storeBeforeTheFigures(300);
  await using _kv = kv;
  const truth = await recount(kv);
  await runMigrations(kv, [orderIndexes, { ...referralCodeStats, version: 2 }], { holder: "test" });
  assertEquals(await stored(kv), truth);
});

Deno.test("the admin list reads the migrated figures of each code; a code with none reads zero", async () => {
  const kv = await storeBeforeTheFigures(60);
  await using _kv = kv;
  await runMigrations(kv, [referralCodeStats], { holder: "test" });
  const stamp = new Date(NOW).toISOString();
  const code = (text: string, id: string) => ({
    id,
    code: text,
    discountType: "percentage" as const,
    discountValue: 10,
    usageLimit: null,
    usageCount: 0,
    isActive: true,
    expiresAt: null,
    description: "",
    stripePromoId: null,
    stripeCouponId: null,
    createdBy: "boss",
    sourceOrderId: null,
    ownerEmail: null,
    createdAt: stamp,
    updatedAt: stamp,
  });
  await kv.set(keys.referralCode("a"), code("SPRING", "a"));
  await kv.set(keys.referralCode("b"), code("NEVER", "b"));
  const truth = await recount(kv);
  const listed = Object.fromEntries(
    (await listReferralCodesWithStats(kv)).map((c) => [c.code, [c.orders, c.revenueCents]]),
  );
  assertEquals(listed, {
    SPRING: [Number(truth["SPRING orders"]), Number(truth["SPRING revenue"])],
    NEVER: [0, 0],
  });
});
