import { assertEquals } from "@std/assert";
import { indexPlanOf } from "../../../../domain/order/index_plan.ts";
import { approved, emailSent, generationFailed, orderPlaced } from "../../../../domain/order/lifecycle.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../../domain/order/orders.ts";
import { priceOrder } from "../../../../domain/order/pricing.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");
const PLACED = NOW - 60_000;
const SONG = { songUrl: "https://x.test/audio/b1.mp3", songBlobId: "b1", songTitle: "Mia's Song" };

/** A paid checkout with a referral code, as fulfilment places it. */
const placed = (): Order =>
  orderPlaced(
    buildOrder(
      orderFormSchema.parse({
        childName: "Mia Rose",
        parentName: "Sam",
        parentEmail: "Sam.K@Mail.Example.com",
      }),
      {
        id: crypto.randomUUID(),
        orderNumber: 1042,
        userId: null,
        price: priceOrder(false),
        payment: { kind: "checkout", sessionId: "cs_1", provider: "local", amountPaid: 2900 },
        promoCode: null,
        referralCodeUsed: "FRIEND10",
        customerReferralCode: null,
        now: PLACED,
      },
    ),
    NOW,
  );

/** Its song made, its confirmation long sent. */
const made = (): Order => ({
  ...placed(),
  status: "completed",
  currentStage: null,
  nextPollAt: null,
  confirmationEmail: null,
  ...SONG,
});
const sent = (): Order => emailSent(approved(made(), "staff@x.test", NOW, NOW), 1, null, NOW);

Deno.test("index plan: a placed order is under All and In Progress, by its stage, session and the promise", () => {
  const order = placed();
  const plan = indexPlanOf(order);
  assertEquals(plan.filters, ["all", "in-progress"]);
  assertEquals(plan.filterBits, 0b100001);
  assertEquals(plan.stage, "LYRICS");
  assertEquals(plan.sessionId, "cs_1");
  assertEquals(plan.placedAt, PLACED);
  assertEquals(plan.promiseSince, PLACED);
  assertEquals(plan.requestedAt, null);
  assertEquals(plan.storageWaitSince, null);
  assertEquals(plan.releasedAudio, []);
  assertEquals(plan.due.map((work) => work.job).sort(), ["confirmation-email", "generation"]);
  assertEquals(plan.referral, { code: "FRIEND10", revenueCents: order.totalPrice });
  assertEquals(plan.views.length, 8, "gift or any × without streaming or any × the code or any");
  assertEquals(plan.views.includes("not-gift|without|FRIEND10"), true);
});

Deno.test("index plan: search tokens are folded and kept apart per index", () => {
  const { search } = indexPlanOf(placed());
  assertEquals(search.word.sort(), ["1042", "k", "mia", "rose", "sam"]);
  assertEquals(search.email, ["sam.k@mail.example.com"]);
  assertEquals(search.domain, ["mail.example.com", "example.com"]);
});

Deno.test("index plan: an order without an address has no empty email token", () => {
  assertEquals(indexPlanOf({ ...placed(), parentEmail: "" }).search.email, []);
});

Deno.test("index plan: only an order in the pipeline is listed by stage or as waiting for storage", () => {
  const waiting = { ...placed(), storageWaitSince: new Date(NOW).toISOString() };
  assertEquals(indexPlanOf(waiting).storageWaitSince, NOW);
  const failed = generationFailed(waiting, "LYRICS", { error: "down", httpStatus: 503 }, NOW);
  const plan = indexPlanOf({ ...failed, storageWaitSince: waiting.storageWaitSince });
  assertEquals(plan.filters, ["all", "failed"]);
  assertEquals(plan.stage, null, "a failed order keeps its stage to show, not to be listed by");
  assertEquals(plan.storageWaitSince, null);
});

Deno.test("index plan: a chosen moment lists the order by it only until the email goes", () => {
  const at = "2026-03-05T09:00:00.000Z";
  const dated = { ...made(), requestedDelivery: { at, timeZone: "Europe/London" } };
  const plan = indexPlanOf(dated);
  assertEquals(plan.filters, ["all", "review", "dated"]);
  assertEquals(plan.requestedAt, Date.parse(at));
  assertEquals(plan.promiseSince, null, "the chosen moment is the family's promise");
  const gone = indexPlanOf(emailSent(approved(dated, "staff@x.test", NOW, NOW), 1, null, NOW));
  assertEquals(gone.filters, ["all", "sent"]);
  assertEquals(gone.requestedAt, null);
});

Deno.test("index plan: a sent song is released audio and ends the wait; a refund lowers the code's revenue", () => {
  const plan = indexPlanOf(sent());
  assertEquals(plan.filters, ["all", "sent"]);
  assertEquals(plan.releasedAudio, ["b1"]);
  assertEquals(plan.promiseSince, null);
  assertEquals(plan.due, []);
  const refund = {
    refundId: "re_1",
    amount: 1000,
    refundedAt: new Date(NOW).toISOString(),
    refundedBy: "staff",
  };
  const refunded = indexPlanOf({ ...sent(), refund });
  assertEquals(refunded.referral, { code: "FRIEND10", revenueCents: sent().totalPrice - 1000 });
});

Deno.test("index plan: an order not paid by checkout has no session and adds nothing to a code", () => {
  const plan = indexPlanOf({ ...placed(), payment: { kind: "demo" } });
  assertEquals(plan.sessionId, null);
  assertEquals(plan.referral, null);
});
