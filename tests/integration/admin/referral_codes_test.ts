import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { REFERRAL_FORM_MESSAGES as M } from "../../../domain/referral/code_form.ts";
import { REFERRAL_CODE_MESSAGE, type ReferralCode } from "../../../domain/referral/referrals.ts";
import { keys } from "../../../kv/keys.ts";
import { getReferralCode, getReferralCodeByCode, savePromotionIds } from "../../../kv/referral_codes.ts";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { orderForm, startCheckout } from "../orders/helpers.ts";
import { adminApi as call, type Headers } from "./helpers.ts";

const SPRING = {
  code: "spring-25",
  discountType: "percentage",
  discountValue: 25,
  usageLimit: null,
  expiresAt: null,
  description: "Spring newsletter",
};

async function create(t: TestApp, admin: Headers, body: Record<string, unknown> = {}) {
  const answer = await call(t, "POST", "/referral-codes", admin, { ...SPRING, ...body });
  assertEquals(answer.status, 201, answer.body.message);
  return answer.body.code as ReferralCode;
}

Deno.test("referral codes: visitors get 401, customers 403, admins the answer, on every route", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const customer = await sessionHeaders(t, "ann@example.com");
  const code = await create(t, admin);
  const routes: [string, string, unknown?][] = [
    ["GET", "/referral-codes"],
    ["POST", "/referral-codes", { ...SPRING, code: "OTHER" }],
    ["PATCH", `/referral-codes/${code.id}`, { description: "changed" }],
    ["DELETE", `/referral-codes/${code.id}`],
  ];
  for (const [method, path, body] of routes) {
    const visitor = await call(t, method, path, {}, body);
    assertEquals([visitor.status, typeof visitor.body.message], [401, "string"], `${method} ${path}`);
    const refused = await call(t, method, path, customer, body);
    assertEquals([refused.status, typeof refused.body.message], [403, "string"], `${method} ${path}`);
  }
  // Nothing the refused calls sent was applied.
  assertEquals((await getReferralCode(t.kv, code.id))?.description, "Spring newsletter");
  assertEquals(await getReferralCodeByCode(t.kv, "OTHER"), null);

  const expected = [200, 201, 200, 200];
  for (const [index, [method, path, body]] of routes.entries()) {
    const answer = await call(t, method, path, admin, body);
    assertEquals(answer.status, expected[index], `${method} ${path}: ${answer.body.message}`);
  }
});

Deno.test("referral codes: a created code is upper-cased, active, unused, by the admin; the list is newest first", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const answer = await call(t, "POST", "/referral-codes", admin, { ...SPRING, expiresAt: "2026-03-31" });
  assertEquals(answer.status, 201);
  assertEquals(answer.body.message, "Referral code SPRING-25 created.");
  const code: ReferralCode = answer.body.code;
  assertEquals(code.code, "SPRING-25");
  assertEquals(
    [code.discountType, code.discountValue, code.usageLimit, code.usageCount, code.isActive],
    ["percentage", 25, null, 0, true],
  );
  assertEquals(code.expiresAt, "2026-03-31T23:59:59.999Z", "valid through the whole day");
  assertEquals([code.createdBy, code.ownerEmail, code.sourceOrderId], [ADMIN_EMAIL, null, null]);
  assertEquals([code.stripeCouponId, code.stripePromoId], [null, null]);
  assertEquals((await getReferralCodeByCode(t.kv, "spring-25"))?.id, code.id);

  t.clock.advance(1000);
  const fixed = await create(t, admin, {
    code: "TENOFF",
    discountType: "fixed_amount",
    discountValue: 1000,
    usageLimit: 50,
    expiresAt: "2026-03-01T10:00:00+02:00",
    isActive: false,
  });
  assertEquals([fixed.discountValue, fixed.usageLimit, fixed.isActive], [1000, 50, false]);
  assertEquals(fixed.expiresAt, "2026-03-01T08:00:00.000Z");
  t.clock.advance(1000);
  await create(t, admin, { code: "LAST", expiresAt: "", description: null });

  const list = await call(t, "GET", "/referral-codes", admin);
  assertEquals(list.status, 200);
  assertEquals(list.body.codes.map((listed: ReferralCode) => listed.code), ["LAST", "TENOFF", "SPRING-25"]);
  assertEquals(list.body.codes[0].expiresAt, null);
  assertEquals(list.body.codes[0].description, "");
});

Deno.test("referral codes: each rule answers 400 with its message", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const cases: [Record<string, unknown>, string][] = [
    [{ code: undefined }, M.code],
    [{ code: 42 }, M.code],
    [{ code: " ab " }, "Code must be at least 3 characters"],
    [{ code: "A".repeat(21) }, "Code must be at most 20 characters"],
    [{ code: "NO SPACES" }, REFERRAL_CODE_MESSAGE],
    [{ code: "ÉTÉ" }, REFERRAL_CODE_MESSAGE],
    [{ discountType: "half" }, M.discountType],
    [{ discountType: undefined }, M.discountType],
    [{ discountValue: 0 }, M.discountValue],
    [{ discountValue: -5 }, M.discountValue],
    [{ discountValue: "10" }, M.discountValue],
    [{ discountValue: undefined }, M.discountValue],
    [{ discountValue: 101 }, M.percentageTooHigh],
    // A 100 % or oversized fixed code would make a $0 order on Stripe's page.
    [{ discountValue: 100 }, M.percentageTooHigh],
    [{ discountValue: 98 }, M.percentageTooHigh],
    [{ discountType: "fixed_amount", discountValue: 2450 }, M.fixedAmountTooHigh],
    [{ discountValue: 12.345 }, M.percentageDecimals],
    [{ discountType: "fixed_amount", discountValue: 9.99 }, M.fixedAmountCents],
    [{ discountType: "fixed_amount", discountValue: 100_000_000 }, M.fixedAmountTooHigh],
    [{ usageLimit: 0 }, M.usageLimit],
    [{ usageLimit: 2.5 }, M.usageLimit],
    [{ usageLimit: "10" }, M.usageLimit],
    [{ expiresAt: "2026-02-30" }, M.expiresAt],
    [{ expiresAt: "next friday" }, M.expiresAt],
    [{ expiresAt: 20260301 }, M.expiresAt],
    [{ description: "x".repeat(2001) }, M.description],
    [{ isActive: "yes" }, M.isActive],
    [{ stripePromoId: "p".repeat(256) }, M.stripeId],
  ];
  for (const [change, message] of cases) {
    const answer = await call(t, "POST", "/referral-codes", admin, { ...SPRING, ...change });
    assertEquals([answer.status, answer.body.message], [400, message], JSON.stringify(change).slice(0, 80));
  }
  const list = await call(t, "GET", "/referral-codes", admin);
  assertEquals(list.body.codes, [], "nothing invalid was stored");

  // The limits themselves are fine: 97 %, $24.49, 2 decimals, whole cents, 2,000 characters.
  await create(t, admin, { code: "ALL", discountValue: 97 });
  await create(t, admin, { code: "MOST", discountType: "fixed_amount", discountValue: 2449 });
  await create(t, admin, { code: "ODD", discountValue: 12.29 });
  await create(t, admin, { code: "CENTS", discountType: "fixed_amount", discountValue: 1 });
  const long = await create(t, admin, { code: "LONG", description: "x".repeat(2000) });

  // An edit is checked once merged with what is stored.
  const edits: [Record<string, unknown>, string][] = [
    [{ discountValue: 150 }, M.percentageTooHigh],
    [{ discountType: "fixed_amount", discountValue: 12.5 }, M.fixedAmountCents],
    [{ code: "x" }, "Code must be at least 3 characters"],
    [{ usageLimit: -1 }, M.usageLimit],
    [{ expiresAt: "31/03/2026" }, M.expiresAt],
  ];
  for (const [change, message] of edits) {
    const answer = await call(t, "PATCH", `/referral-codes/${long.id}`, admin, change);
    assertEquals([answer.status, answer.body.message], [400, message], JSON.stringify(change));
  }
  assertEquals(await getReferralCode(t.kv, long.id), long);

  const malformed = await t.request("/api/admin/referral-codes", {
    method: "POST",
    headers: { ...admin, "content-type": "application/json" },
    body: "{",
  });
  assertEquals(malformed.status, 400);
  assertEquals(typeof (await malformed.json()).message, "string");
});

Deno.test("referral codes: two creates of one code at once make one code and one 409", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const answers = await Promise.all([
    call(t, "POST", "/referral-codes", admin, { ...SPRING, code: "TWINS" }),
    call(t, "POST", "/referral-codes", admin, { ...SPRING, code: "twins", discountValue: 30 }),
  ]);
  assertEquals(answers.map((answer) => answer.status).sort(), [201, 409]);
  const refused = answers.find((answer) => answer.status === 409)!;
  assertEquals(refused.body.message, "A referral code with this text already exists.");
  const winner = answers.find((answer) => answer.status === 201)!.body.code as ReferralCode;
  assertEquals((await getReferralCodeByCode(t.kv, "TWINS"))?.id, winner.id);
  assertEquals((await call(t, "GET", "/referral-codes", admin)).body.codes.length, 1);

  // Taken is taken, whatever the case it is typed in.
  const again = await call(t, "POST", "/referral-codes", admin, { ...SPRING, code: " Twins " });
  assertEquals([again.status, again.body.message], [409, "A referral code with this text already exists."]);
});

Deno.test("referral codes: a rename moves the code's text; a taken text is refused, also when two race", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const first = await create(t, admin, { code: "FIRST" });
  const second = await create(t, admin, { code: "SECOND" });

  const clash = await call(t, "PATCH", `/referral-codes/${first.id}`, admin, { code: "second" });
  assertEquals([clash.status, clash.body.message], [409, "A referral code with this text already exists."]);
  assertEquals((await getReferralCode(t.kv, first.id))?.code, "FIRST");

  const renamed = await call(t, "PATCH", `/referral-codes/${first.id}`, admin, { ...SPRING, code: "primo" });
  assertEquals([renamed.status, renamed.body.message], [200, "Referral code PRIMO updated."]);
  assertEquals(renamed.body.code.code, "PRIMO");
  assertEquals(await getReferralCodeByCode(t.kv, "FIRST"), null, "the old text is free");
  assertEquals((await getReferralCodeByCode(t.kv, "PRIMO"))?.id, first.id);
  const reused = await create(t, admin, { code: "FIRST" });
  assert(reused.id !== first.id);

  // Keeping its own text is not a clash.
  const same = await call(t, "PATCH", `/referral-codes/${second.id}`, admin, {
    code: "SECOND",
    usageLimit: 3,
  });
  assertEquals([same.status, same.body.code.usageLimit], [200, 3]);

  const race = await Promise.all([
    call(t, "PATCH", `/referral-codes/${second.id}`, admin, { code: "WINNER" }),
    call(t, "PATCH", `/referral-codes/${reused.id}`, admin, { code: "WINNER" }),
  ]);
  assertEquals(race.map((answer) => answer.status).sort(), [200, 409]);
  const holder = await getReferralCodeByCode(t.kv, "WINNER");
  const loser = holder?.id === second.id ? reused : second;
  assertEquals((await getReferralCode(t.kv, loser.id))?.code, loser.code, "the loser keeps its text");
  assertEquals((await getReferralCodeByCode(t.kv, loser.code))?.id, loser.id);
});

Deno.test("referral codes: an edit changes only what it sends and keeps the usage count", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const code = await create(t, admin, { usageLimit: 10, expiresAt: "2026-06-30" });
  // Orders used it meanwhile (fulfilment counts uses in its own write).
  await t.kv.set(keys.referralCode(code.id), { ...code, usageCount: 4 });

  t.clock.advance(60_000);
  const off = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, {
    isActive: false,
    stripePromoId: "",
    stripeCouponId: null,
  });
  assertEquals(off.status, 200);
  const edited: ReferralCode = off.body.code;
  assertEquals({ ...edited, isActive: true, updatedAt: code.updatedAt }, { ...code, usageCount: 4 });
  assertEquals(edited.updatedAt, new Date(t.clock.now()).toISOString());

  const cleared = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, {
    usageLimit: null,
    expiresAt: null,
  });
  assertEquals([cleared.body.code.usageLimit, cleared.body.code.expiresAt], [null, null]);

  const linked = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, {
    stripeCouponId: "SPRINGCPN",
    stripePromoId: "promo_linked",
  });
  assertEquals([linked.body.code.stripeCouponId, linked.body.code.stripePromoId], [
    "SPRINGCPN",
    "promo_linked",
  ]);

  for (const id of ["not-a-code", "x".repeat(3000), "%00"]) {
    const missing = await call(t, "PATCH", `/referral-codes/${id}`, admin, { isActive: true });
    assertEquals([missing.status, missing.body.message], [404, "Referral code not found."], id.slice(0, 20));
  }
});

Deno.test("referral codes: delete removes the code and its indexes, a customer's own code too", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const code = await create(t, admin);
  const deleted = await call(t, "DELETE", `/referral-codes/${code.id}`, admin);
  assertEquals([deleted.status, deleted.body.message], [200, "Referral code SPRING-25 deleted."]);
  assertEquals(await getReferralCode(t.kv, code.id), null);
  assertEquals((await t.kv.get(keys.referralCodeByCode("SPRING-25"))).value, null);
  assertEquals((await call(t, "GET", "/referral-codes", admin)).body.codes, []);
  const again = await call(t, "DELETE", `/referral-codes/${code.id}`, admin);
  assertEquals([again.status, again.body.message], [404, "Referral code not found."]);

  // A customer's personal code, as fulfilment makes it, with its owner index.
  const own: ReferralCode = {
    ...code,
    id: crypto.randomUUID(),
    code: "MIA-7K3Q",
    ownerEmail: "sam@example.com",
    createdBy: null,
  };
  await t.kv.atomic()
    .set(keys.referralCode(own.id), own)
    .set(keys.referralCodeByCode(own.code), own.id)
    .set(keys.referralCodeByOwner("sam@example.com"), own.id)
    .commit();
  const listed = await call(t, "GET", "/referral-codes", admin);
  assertEquals(listed.body.codes.map((item: ReferralCode) => item.code), ["MIA-7K3Q"]);
  assertEquals((await call(t, "DELETE", `/referral-codes/${own.id}`, admin)).status, 200);
  const left = await t.kv.getMany([
    keys.referralCodeByCode(own.code),
    keys.referralCodeByOwner("sam@example.com"),
  ]);
  assertEquals(left.map((entry) => entry.value), [null, null]);
});

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

/** A customer starts a checkout with the code, which makes (or reuses) its Stripe coupon and promotion code. */
async function checkoutWith(t: TestApp, code: string) {
  const { status, body } = await startCheckout(t, orderForm({ referralCode: code }));
  assertEquals(status, 200, body.message);
  const stored = (await getReferralCodeByCode(t.kv, code))!;
  assert(stored.stripePromoId && stored.stripeCouponId, "the checkout stored the Stripe ids");
  return stored;
}

Deno.test("referral codes on Stripe: a new discount clears the ids and ends the old promotion code", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const admin = await adminHeaders(t);
  const code = await create(t, admin);
  assertEquals(stripe.requests, [], "Stripe is asked only when a checkout needs the code");
  const used = await checkoutWith(t, "SPRING-25");
  const oldPromo = used.stripePromoId!;

  // The form sends the stored ids back as they were: that is no choice of ids, the discount still wins.
  const answer = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, {
    ...SPRING,
    discountValue: 40,
    stripeCouponId: used.stripeCouponId,
    stripePromoId: used.stripePromoId,
  });
  assertEquals([answer.status, answer.body.message], [200, "Referral code SPRING-25 updated."]);
  assertEquals([answer.body.code.stripeCouponId, answer.body.code.stripePromoId], [null, null]);
  assertEquals(stripe.promotionCodes.get(oldPromo)?.active, false);
  const update = stripe.requests.at(-1)!;
  assertEquals([update.method, update.path, update.body], ["POST", `/v1/promotion_codes/${oldPromo}`, {
    active: "false",
  }]);

  // The next checkout makes a coupon for the new discount, under the same customer-facing text.
  const renewed = await checkoutWith(t, "SPRING-25");
  assert(renewed.stripePromoId !== oldPromo);
  assertEquals(stripe.coupons.get(renewed.stripeCouponId!)?.percent_off, 40);
  assertEquals(stripe.promotionCodes.get(renewed.stripePromoId!)?.code, "SPRING-25");

  // An edit that leaves the discount alone leaves Stripe alone.
  const requests = stripe.requests.length;
  const quiet = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { ...SPRING, discountValue: 40 });
  assertEquals([quiet.body.code.stripeCouponId, quiet.body.code.stripePromoId], [
    renewed.stripeCouponId,
    renewed.stripePromoId,
  ]);
  assertEquals(stripe.requests.length, requests);
});

Deno.test("referral codes on Stripe: turning a code off, renaming it or deleting it ends its promotion code", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const admin = await adminHeaders(t);
  const code = await create(t, admin);
  const first = await checkoutWith(t, "SPRING-25");

  const off = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { isActive: false });
  assertEquals(off.status, 200);
  assertEquals(stripe.promotionCodes.get(first.stripePromoId!)?.active, false);
  // The coupon still fits the discount; only the promotion code is made again when it is back on.
  assertEquals([off.body.code.stripeCouponId, off.body.code.stripePromoId], [first.stripeCouponId, null]);
  await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { isActive: true });
  const second = await checkoutWith(t, "SPRING-25");
  assertEquals(second.stripeCouponId, first.stripeCouponId);
  assert(second.stripePromoId !== first.stripePromoId);

  const renamed = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { code: "SUMMER" });
  assertEquals([renamed.status, renamed.body.code.stripePromoId], [200, null]);
  assertEquals(stripe.promotionCodes.get(second.stripePromoId!)?.active, false, "its text was the old code");
  const third = await checkoutWith(t, "SUMMER");
  assertEquals(stripe.promotionCodes.get(third.stripePromoId!)?.code, "SUMMER");

  const deleted = await call(t, "DELETE", `/referral-codes/${code.id}`, admin);
  assertEquals([deleted.status, deleted.body.message], [200, "Referral code SUMMER deleted."]);
  assertEquals(stripe.promotionCodes.get(third.stripePromoId!)?.active, false);
  assertEquals([...stripe.promotionCodes.values()].filter((promo) => promo.active), []);
});

Deno.test("referral codes on Stripe: a Stripe failure keeps the change and says what to do by hand", async () => {
  await using stripe = startStripeFake();
  await using t = await stripeApp(stripe);
  const admin = await adminHeaders(t);
  const code = await create(t, admin);
  const used = await checkoutWith(t, "SPRING-25");

  stripe.failNext(400);
  const answer = await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { discountValue: 30 });
  assertEquals(answer.status, 200);
  assertStringIncludes(answer.body.message, "Referral code SPRING-25 updated.");
  assertStringIncludes(answer.body.message, used.stripePromoId!);
  assertMatch(answer.body.message, /deactivate it in the Stripe dashboard/);
  const stored = await getReferralCode(t.kv, code.id);
  assertEquals([stored?.discountValue, stored?.stripeCouponId, stored?.stripePromoId], [30, null, null]);

  // A promotion code Stripe no longer knows needs nothing more.
  await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { stripePromoId: "promo_gone" });
  const deleted = await call(t, "DELETE", `/referral-codes/${code.id}`, admin);
  assertEquals([deleted.status, deleted.body.message], [200, "Referral code SPRING-25 deleted."]);
});

Deno.test("referral codes: Stripe ids made for the old discount are not stored over an edit", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const code = await create(t, admin);
  // A checkout read the code at 25 % and is still making its coupon when staff change the discount.
  await call(t, "PATCH", `/referral-codes/${code.id}`, admin, { discountValue: 40 });
  await savePromotionIds(t.kv, code.id, { stripeCouponId: "OLD", stripePromoId: "promo_old" }, 0, code);
  const stored = await getReferralCode(t.kv, code.id);
  assertEquals([stored?.stripeCouponId, stored?.stripePromoId], [null, null]);

  const current = stored!;
  await savePromotionIds(t.kv, code.id, { stripeCouponId: "NEW", stripePromoId: "promo_new" }, 0, current);
  assertEquals((await getReferralCode(t.kv, code.id))?.stripePromoId, "promo_new");
});
