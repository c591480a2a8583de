import { assert, assertEquals } from "@std/assert";
import { generationStarted, orderPlaced } from "../../../../domain/order/lifecycle.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../../domain/order/orders.ts";
import {
  isOwedEmailDue,
  overEmailBookkeeping,
  owedEmailClaimed,
  owedEmailDueNow,
  owedEmailRefused,
  owedEmailSent,
} from "../../../../domain/email/owed.ts";
import { dueWorkOf } from "../../../../domain/order/due_work.ts";
import { priceOrder } from "../../../../domain/order/pricing.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");
const T = (ms: number) => new Date(ms).toISOString();

const newOrder = (): Order =>
  buildOrder(orderFormSchema.parse({ childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" }), {
    id: crypto.randomUUID(),
    orderNumber: 1000,
    userId: null,
    price: priceOrder(false),
    payment: { kind: "demo" },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: NOW,
  });

Deno.test("a placed order starts generating and owes its confirmation now, in the customer lane", () => {
  const placed = orderPlaced(newOrder(), NOW);
  assertEquals(placed.status, "generating");
  assertEquals(placed.confirmationEmail, { dueAt: T(NOW), attempts: 0 });
  assertEquals(
    dueWorkOf(placed).map(({ job, lane }) => `${job} ${lane}`).sort(),
    ["confirmation-email customer", "generation not-started"],
  );
  // An order from before the email (or staff's manual order) owes nothing.
  const old = generationStarted(newOrder(), NOW);
  assertEquals("confirmationEmail" in old, false);
  assertEquals(dueWorkOf(old).map(({ job }) => job), ["generation"]);
});

Deno.test("owed → claimed → sent, or refused and due again, or given up", () => {
  const owed = owedEmailDueNow(NOW);
  assert(isOwedEmailDue(owed, NOW));
  assert(isOwedEmailDue(owed, NOW - 999), "a nudge a little early still sends");
  assert(!isOwedEmailDue(owed, NOW - 5000));

  const claimed = owedEmailClaimed(owed, "<m>", NOW, NOW + 300_000);
  assertEquals(claimed, { dueAt: T(NOW + 300_000), attempts: 0, messageId: "<m>", claimedAt: T(NOW) });
  assert(!isOwedEmailDue(claimed, NOW), "not again while its sender's lease lasts");

  const sent = owedEmailSent(claimed, NOW + 10);
  assertEquals([sent.dueAt, sent.attempts, sent.sentAt, sent.messageId], [null, 1, T(NOW + 10), "<m>"]);
  assert(!isOwedEmailDue(sent, NOW + 1_000_000));
  assertEquals(dueWorkOf({ ...orderPlaced(newOrder(), NOW), confirmationEmail: sent }).length, 1);

  const refused = owedEmailRefused(claimed, NOW + 5000);
  assertEquals([refused.dueAt, refused.attempts, refused.messageId], [T(NOW + 5000), 1, "<m>"]);
  const gaveUp = owedEmailRefused(refused, null);
  assertEquals([gaveUp.dueAt, gaveUp.attempts], [null, 2]);
  assert(!isOwedEmailDue(gaveUp, NOW + 1_000_000));
});

Deno.test("a generation step's result is laid over the confirmation's bookkeeping, and over nothing else", () => {
  const before = orderPlaced(newOrder(), NOW);
  const next: Order = { ...before, currentStage: "TAGS", songLyrics: "la la", updatedAt: T(NOW + 5) };
  const emailed: Order = {
    ...before,
    confirmationEmail: owedEmailSent(owedEmailClaimed(before.confirmationEmail!, "<m>", NOW, NOW + 1), NOW),
  };
  assertEquals(overEmailBookkeeping(next, before, emailed), {
    ...next,
    confirmationEmail: emailed.confirmationEmail,
  });
  // Keys in another order are the same order.
  const reordered = Object.fromEntries(Object.entries(emailed).reverse()) as unknown as Order;
  assertEquals(overEmailBookkeeping(next, before, reordered)?.confirmationEmail, emailed.confirmationEmail);
  assertEquals(overEmailBookkeeping(next, before, before), next, "nothing changed: the result as it is");

  // Staff changed something else: the step's result no longer applies.
  assertEquals(overEmailBookkeeping(next, before, { ...emailed, parentEmail: "new@example.com" }), null);
  assertEquals(overEmailBookkeeping(next, before, { ...before, status: "failed" }), null);
});
