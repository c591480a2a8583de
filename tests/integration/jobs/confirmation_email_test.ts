import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { generationStarted } from "../../../domain/order/lifecycle.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../domain/order/orders.ts";
import { priceOrder } from "../../../domain/order/pricing.ts";
import { createDeps, type Deps } from "../../../deps.ts";
import { sendConfirmationEmail } from "../../../jobs/confirmation_email.ts";
import { listDue } from "../../../jobs/sweeper.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { listEvents } from "../../../kv/events.ts";
import { keys } from "../../../kv/keys.ts";
import type { Lock } from "../../../kv/locks.ts";
import { getOrder, getOrderBySession, writeOrder } from "../../../kv/orders.ts";
import type { Mailer } from "../../../providers/mail/mod.ts";
import { createSmtpMailer } from "../../../providers/mail/smtp.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import { clockWorker, placeOrder, runPipeline, settled, stepUntil } from "./helpers.ts";
import { watchOrder } from "./watch_order.ts";

const FROM = "Little Hits <songs@littlehits.studio>";
const CONFIRMED = /^Order #\d+ confirmed: a song for /;
const isConfirmation = (mail: { subject: string }) => CONFIRMED.test(mail.subject);
const confirmationSent = (order: Order) => !!order.confirmationEmail?.sentAt;

/** Pays for an order through the local checkout, as a guest would; answers the order it made. */
async function paidOrder(t: TestApp, overrides: Parameters<typeof orderForm>[0] = {}): Promise<Order> {
  const { body } = await startCheckout(t, orderForm({ parentEmail: "ann@example.com", ...overrides }));
  await payLocally(t, body.sessionId);
  // The browser's return to /payment-processing asks again, more than once: still one order.
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      const response = await t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId }));
      await response.body?.cancel();
    }),
  );
  return (await getOrderBySession(t.kv, body.sessionId))!;
}

/** A worker's dependencies on the test's clock, `later` ms ahead of it. */
function jobDeps(t: TestApp, mail: Mailer = t.providers.mail, workerId = "test", later = 0): Deps {
  const clock = { now: () => t.clock.now() + later };
  return {
    ...createDeps({ kv: t.kv, config: t.config, providers: { ...t.providers, mail }, clock, workerId }),
    random: () => 0,
  };
}

/** An order placed now, with the test's clock brought to its time (placeOrder stamps the real one). */
async function placedNow(t: TestApp, overrides: Parameters<typeof orderForm>[0] = {}): Promise<Order> {
  const placed = await placeOrder(t, overrides);
  t.clock.set(Date.parse(placed.createdAt));
  return placed;
}

Deno.test("a paid order gets exactly one confirmation, though its message comes twice and the sweeper runs too; the song is made as usual", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { SMTP_URL: sink.url, JOB_QUEUE: "off" } });
  const placed = await paidOrder(t, { childName: "Mia Rose" });
  assert(placed.confirmationEmail, "owed from the write that made the order");

  // Its message handled twice (as a duplicate delivery is), by a second worker, and the sweeper,
  // all at once.
  await using worker = clockWorker(t);
  await Promise.all([
    sendConfirmationEmail(jobDeps(t, t.providers.mail, "queue-message"), placed.id),
    sendConfirmationEmail(jobDeps(t, t.providers.mail, "second-worker"), placed.id),
    worker.sweep(),
  ]);
  const emailed = (await getOrder(t.kv, placed.id))!;
  assert(confirmationSent(emailed));
  const made = await stepUntil(t, worker, placed.id, settled);
  await worker.sweep();

  const confirmations = sink.messages.filter(isConfirmation);
  assertEquals(confirmations.length, 1);
  const [mail] = confirmations;
  assertEquals(mail.to, "ann@example.com");
  assertEquals(mail.messageId, emailed.confirmationEmail?.messageId);
  assertMatch(mail.messageId, /^<confirm-/);
  assertEquals(mail.subject, `Order #${placed.orderNumber} confirmed: a song for Mia Rose`);
  assertStringIncludes(mail.text, "You paid $24.99.");
  assertStringIncludes(mail.text, "within 24 hours");
  assertStringIncludes(mail.text, `${t.config.appUrl}/?ref=${placed.customerReferralCode}`);
  assertStringIncludes(mail.text, `${t.config.appUrl}/order-processing/${placed.id}?name=Mia%20Rose`);

  // The email written beside generation cost the song nothing: made once, no step done again.
  assertEquals(made.status, "completed", made.error ?? "");
  const events = await listEvents(t.kv, placed.id);
  const emailEvents = events.filter((event) => event.stage === "EMAIL_SEND");
  assertEquals(emailEvents.map((event) => `${event.type} ${event.message}`), [
    "SUCCESS Sent the customer their order confirmation by email.",
  ]);
  assertEquals(events.filter((event) => event.type === "RETRY"), []);
  const stored = (await getOrder(t.kv, placed.id))!;
  assertEquals([stored.confirmationEmail?.attempts, stored.confirmationEmail?.dueAt], [1, null]);
  assertEquals(await listDue(t.kv, "customer", t.clock.now() + 3_600_000), [], "nothing left due");
});

Deno.test("a crash after the claim resends with the same Message-ID, and records it once", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { SMTP_URL: sink.url, JOB_LEASE_SECONDS: "60" } });
  const placed = await placedNow(t, { parentEmail: "ann@example.com" });

  // The worker that crashed: its claim committed and its email went, then it died before recording.
  let crashedAfterSending!: () => void;
  const crashed = new Promise<void>((resolve) => (crashedAfterSending = resolve));
  const dying: Mailer = {
    kind: "smtp",
    async send(mail) {
      const result = await t.providers.mail.send(mail);
      crashedAfterSending();
      await new Promise(() => {}); // never returns: the process is gone
      return result;
    },
    close() {},
  };
  void sendConfirmationEmail(jobDeps(t, dying, "crashed"), placed.id);
  await crashed;
  const claimed = (await getOrder(t.kv, placed.id))!.confirmationEmail!;
  assert(claimed.messageId && !claimed.sentAt);

  // Nobody else sends while the crashed worker's lease lasts…
  await sendConfirmationEmail(jobDeps(t, t.providers.mail, "early"), placed.id);
  assertEquals(sink.messages.length, 1);
  // …and once it has run out, the survivor sends again with the claimed Message-ID.
  await sendConfirmationEmail(jobDeps(t, t.providers.mail, "survivor", 61_000), placed.id);
  await sendConfirmationEmail(jobDeps(t, t.providers.mail, "late", 62_000), placed.id);
  assertEquals(sink.messages.map((mail) => mail.messageId), [claimed.messageId, claimed.messageId]);
  const stored = (await getOrder(t.kv, placed.id))!;
  assertEquals([stored.confirmationEmail?.messageId, stored.confirmationEmail?.attempts], [
    claimed.messageId,
    1,
  ]);
  assert(stored.confirmationEmail?.sentAt);
  const events = (await listEvents(t.kv, placed.id)).filter((event) => event.stage === "EMAIL_SEND");
  assertEquals(events.map((event) => event.type), ["SUCCESS"]);
});

Deno.test("a mail server that refuses holds up nothing: the song is made, and the confirmation goes once, later", async () => {
  await using sink = await startSmtpSink();
  // A retry minutes away on the test's clock: the song (a few polls 20 s apart) is made meanwhile.
  await using t = await createTestApp({
    env: { SMTP_URL: sink.url, RETRY_BASE_SECONDS: "600", JOB_QUEUE: "off" },
  });
  sink.setFaults(1, [{ stage: "rcpt", code: 451 }]);
  const placed = await placedNow(t, { parentEmail: "ann@example.com" });
  await using worker = clockWorker(t);

  const refused = await stepUntil(
    t,
    worker,
    placed.id,
    (order) => (order.confirmationEmail?.attempts ?? 0) >= 1,
  );
  assertEquals(refused.confirmationEmail?.sentAt, undefined);
  assert(refused.confirmationEmail?.dueAt, "due again after a backoff");
  const made = await stepUntil(t, worker, placed.id, settled);
  assertEquals(made.status, "completed", made.error ?? "");
  assertEquals(made.confirmationEmail?.sentAt, undefined, "still owed once the song is made");

  sink.setFaults(0);
  const emailed = await stepUntil(t, worker, placed.id, confirmationSent);
  await worker.sweep();
  assertEquals(sink.messages.filter(isConfirmation).length, 1);
  assertEquals(sink.messages[0].messageId, emailed.confirmationEmail?.messageId);
  const types = (await listEvents(t.kv, placed.id))
    .filter((event) => event.stage === "EMAIL_SEND")
    .map((event) => event.type);
  assertEquals(types.at(-1), "SUCCESS");
  assert(
    types.slice(0, -1).length >= 1 && types.slice(0, -1).every((type) => type === "RETRY"),
    String(types),
  );
  const retry = (await listEvents(t.kv, placed.id)).find((event) => event.type === "RETRY")!;
  assertMatch(retry.message, /^The order confirmation email could not be sent: /);
});

Deno.test("a demo order gets one confirmation in the dev mailbox, saying there was no charge", async () => {
  await using t = await createTestApp({ env: { JOB_QUEUE: "off" } });
  const placed = await placedNow(t, { childName: "Leo", parentEmail: "demo@example.com" });
  await runPipeline(t, placed.id, (order) => settled(order) && confirmationSent(order));
  const mail = (await listDevMail(t.kv)).filter(isConfirmation);
  assertEquals(mail.length, 1);
  assertEquals(mail[0].to, "demo@example.com");
  assertStringIncludes(mail[0].text, "Demo order — no charge.");
  assert(!mail[0].text.includes("You paid"));
});

Deno.test("an order stored before the confirmation existed gets none, whatever nudges it", async () => {
  await using t = await createTestApp({ env: { JOB_QUEUE: "off" } });
  // Written as the code before this email wrote orders: no `confirmationEmail` field at all.
  const form = orderFormSchema.parse(orderForm({ parentEmail: "old@example.com" }));
  const old = generationStarted(
    buildOrder(form, {
      id: crypto.randomUUID(),
      orderNumber: 900,
      userId: "user-1",
      price: priceOrder(false),
      payment: { kind: "demo" },
      promoCode: null,
      referralCodeUsed: null,
      customerReferralCode: null,
      now: t.clock.now(),
    }),
    t.clock.now(),
  );
  assert((await writeOrder(t.kv.atomic(), null, old).commit()).ok);

  // Its message (as a queue would hand it over), the sweeper, and the pipeline to its end.
  await sendConfirmationEmail(jobDeps(t), old.id);
  await using worker = clockWorker(t);
  await worker.sweep();
  const made = await stepUntil(t, worker, old.id, settled);
  assertEquals(made.status, "completed", "the song is made as before");
  await worker.sweep();
  assertEquals((await listDevMail(t.kv)).filter(isConfirmation), []);
  assertEquals("confirmationEmail" in (await getOrder(t.kv, old.id))!, false);
});

/**
 * A mailer that holds every send until `open()`, counting the sends under way at once: whether the
 * worker lets eight go together is then a fact about its limit, not about how fast each send is.
 */
function heldMailer(inner: Mailer) {
  let underWay = 0;
  let peak = 0;
  const gate = Promise.withResolvers<void>();
  const reached = new Map<number, () => void>();
  return {
    kind: inner.kind,
    async send(mail: Parameters<Mailer["send"]>[0]) {
      peak = Math.max(peak, ++underWay);
      reached.get(underWay)?.();
      try {
        await gate.promise;
        return await inner.send(mail);
      } finally {
        underWay--;
      }
    },
    close: () => inner.close(),
    /** Settles once `count` sends are held at once. */
    holding(count: number): Promise<void> {
      if (underWay >= count) return Promise.resolve();
      return new Promise((resolve) => reached.set(count, resolve));
    },
    open: () => gate.resolve(),
    get peak() {
      return peak;
    },
  } satisfies Mailer & Record<string, unknown>;
}

const RUSH = 24;
const rushOrders = (t: TestApp) =>
  Promise.all(
    Array.from({ length: RUSH }, (_, i) => placeOrder(t, { parentEmail: `parent${i}@example.com` })),
  );

Deno.test("a rush of orders (job queue on) sends every confirmation once, at most eight at a time", async () => {
  // The subject is the queue's messages meeting the worker's limit, so the app's own worker runs.
  await using sink = await startSmtpSink();
  const mail = heldMailer(createSmtpMailer(sink.url, FROM));
  await using t = await createTestApp({
    jobs: true,
    providers: { mail },
    // One song at a time: the songs are not what is tested, and a full slot count would keep the
    // worker's stop waiting for the synthesiser's line of renders.
    env: { JOB_QUEUE: "on", GENERATION_CONCURRENCY: "1" },
  });
  const placed = await rushOrders(t);
  // Eight held at once, and the rest wait their turn in the worker, not at the mail server.
  await mail.holding(8);
  mail.open();
  const emailed = await Promise.all(placed.map((order) => watchOrder(t, order.id, confirmationSent)));

  assertEquals(sink.messages.filter(isConfirmation).length, placed.length);
  assertEquals(emailed.map((order) => order.confirmationEmail?.attempts), placed.map(() => 1));
  assertEquals(mail.peak, 8);
});

Deno.test("a rush of orders (job queue off) sends every confirmation once, at most eight at a time, in one sweep", async () => {
  await using sink = await startSmtpSink();
  const mail = heldMailer(createSmtpMailer(sink.url, FROM));
  await using t = await createTestApp({ providers: { mail }, env: { JOB_QUEUE: "off" } });
  const placed = await rushOrders(t);
  t.clock.set(Math.max(...placed.map((order) => Date.parse(order.createdAt))));
  await using worker = clockWorker(t);
  const sweeping = worker.sweep();
  await mail.holding(8);
  mail.open();
  await sweeping;

  assertEquals(sink.messages.filter(isConfirmation).length, placed.length);
  const stored = await Promise.all(placed.map((order) => getOrder(t.kv, order.id)));
  assertEquals(stored.map((order) => order?.confirmationEmail?.attempts), placed.map(() => 1));
  assert(stored.every((order) => order?.confirmationEmail?.sentAt));
  assertEquals(mail.peak, 8);
});

Deno.test("a confirmation's outcome and the release of its lease are one write", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { SMTP_URL: sink.url } });
  const placed = await placedNow(t, { parentEmail: "ann@example.com" });
  await sendConfirmationEmail(jobDeps(t), placed.id);

  const [order, lock] = await t.kv.getMany<[Order, Lock]>([
    keys.order(placed.id),
    keys.lock("confirmation-email", placed.id),
  ]);
  assert(order.value?.confirmationEmail?.sentAt);
  assert(lock.value?.releasedAt, "the lease is let go");
  assertEquals(lock.versionstamp, order.versionstamp);
});
