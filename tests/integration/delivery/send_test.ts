import { assert, assertEquals, assertMatch } from "@std/assert";
import { MAX_DELIVERY_ATTEMPTS } from "../../../domain/delivery/release.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { createDeps } from "../../../deps.ts";
import { deliverSong } from "../../../jobs/delivery.ts";
import { listEvents } from "../../../kv/events.ts";
import { acquireLease, releaseLease } from "../../../kv/locks.ts";
import { keys } from "../../../kv/keys.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { MailDeliveryError, type Mailer } from "../../../providers/mail/mod.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, clockWorker, completedOrder, DELIVERY_ENV } from "./helpers.ts";

const HOUR = 60 * 60 * 1000;

const deliveryDeps = (t: TestApp, mail: Mailer = t.providers.mail, workerId = "test") => ({
  ...createDeps({
    kv: t.kv,
    config: t.config,
    providers: { ...t.providers, mail },
    clock: t.clock,
    workerId,
  }),
  random: () => 0,
});

async function approvedOrder(t: TestApp, admin: Record<string, string>, overrides = {}) {
  const order = await completedOrder(t, { parentEmail: "ann@example.com", ...overrides });
  assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  return order;
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/u\/[\w-]+\?t=[\w-]+/)?.[0];

Deno.test("Send Now sends at once and answers after the mail server took it; the schedule then finds nothing to send", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);

  const sent = await adminCall(t, admin, order.id, "send-now");
  assertEquals([sent.status, sent.body.message, sent.body.sent], [200, "Email sent!", true]);
  assertEquals(sink.messages.length, 1);
  assert(sent.body.order.emailSentAt);

  const again = await adminCall(t, admin, order.id, "send-now");
  assertEquals(again.status, 409);
  assertEquals(again.body.message, "This song's email has already been sent. Use Resend to send it again.");
  t.clock.advance(13 * HOUR);
  await worker.sweep();
  assertEquals(sink.messages.length, 1);
});

Deno.test("Send Now while the worker holds the send waits for it, and says the email went", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  const admin = await adminHeaders(t);
  await adminCall(t, admin, order.id, "approve");
  // The worker, woken by the same write, has the send for a moment (as it had in CI): it lets go
  // once Send Now, finding it busy, has begun to wait (its first timer).
  const held = await acquireLease(t.kv, { type: "delivery", id: order.id }, "worker", 60_000, t.clock.now());
  const answer = await onFirstTimer(
    () => adminCall(t, admin, order.id, "send-now"),
    () => void releaseLease(t.kv, held!, t.clock.now()),
  );
  assertEquals([answer.status, answer.body.message, answer.body.sent], [200, "Email sent!", true]);
  assertEquals(sink.messages.length, 1);
});

/**
 * Runs `fn`, calling `then` when it first sets a timer (the timer itself runs as asked). The module's
 * tests run one at a time, so none sees the swap.
 */
async function onFirstTimer<T>(fn: () => Promise<T>, then: () => void): Promise<T> {
  const real = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    globalThis.setTimeout = real;
    then();
    return real(...args);
  }) as typeof setTimeout;
  try {
    return await fn();
  } finally {
    globalThis.setTimeout = real;
  }
}

/**
 * The store, with another writer changing the order once, right after the sender first reads it: the
 * lyrics-timing job or staff, writing while a send is being claimed (CI met it as a 202 on Send Now).
 */
function kvWithOneWriteAfterRead(kv: Deno.Kv, orderId: string): Deno.Kv {
  let written = false;
  return new Proxy(kv, {
    get(target, name) {
      if (name === "get") {
        return async (key: Deno.KvKey) => {
          const entry = await target.get(key);
          if (!written && JSON.stringify(key) === JSON.stringify(keys.order(orderId))) {
            written = true;
            await updateOrder(
              target,
              orderId,
              (order) => ({ ...order, updatedAt: new Date().toISOString() }),
            );
          }
          return entry;
        };
      }
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

Deno.test("a send whose order is written by someone else while it is claimed reads it again and sends, once", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);
  t.clock.advance(12 * HOUR);

  const deps = { ...deliveryDeps(t), kv: kvWithOneWriteAfterRead(t.kv, order.id) };
  assertEquals(await deliverSong(deps, order.id), "sent");
  assertEquals(sink.messages.length, 1);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.emailSendCount, stored.deliveryDueAt, stored.deliveryClaim], [1, null, null]);
});

Deno.test("Send Now before approval, or without a song, is refused with the reason", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await completedOrder(t);
  const early = await adminCall(t, admin, order.id, "send-now");
  assertEquals([early.status, early.body.message], [409, "Approve the song before sending it."]);
  const resend = await adminCall(t, admin, order.id, "resend-email");
  assertEquals(resend.status, 409);
  assertMatch(resend.body.message, /nothing to resend/);
});

Deno.test("Send Now racing the schedule, duplicate messages and a second worker: exactly one email", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);
  t.clock.advance(12 * HOUR); // the schedule is due right now

  const results = await Promise.all([
    adminCall(t, admin, order.id, "send-now"),
    adminCall(t, admin, order.id, "send-now"),
    worker.sweep(),
    deliverSong(deliveryDeps(t, t.providers.mail, "worker-a"), order.id),
    deliverSong(deliveryDeps(t, t.providers.mail, "worker-b"), order.id),
    deliverSong(deliveryDeps(t, t.providers.mail, "worker-b"), order.id),
  ]);
  await worker.sweep();
  assertEquals(sink.messages.length, 1);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.emailSendCount, stored.emailMessageId], [1, sink.messages[0].messageId]);
  for (const call of results.slice(0, 2) as { status: number; body: { message: string } }[]) {
    assert(
      [200, 202, 409].includes(call.status),
      `a racing Send Now gets an answer, not an error: ${call.status}`,
    );
    assert(call.body.message);
  }
  const successes = (await listEvents(t.kv, order.id))
    .filter((event) => event.stage === "EMAIL_SEND" && event.type === "SUCCESS");
  assertEquals(successes.length, 1);
});

Deno.test("a crash between the mail server's 'accepted' and our record resends with the same Message-ID, once", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({
    env: { ...DELIVERY_ENV, SMTP_URL: sink.url, JOB_LEASE_SECONDS: "60" },
  });
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);
  t.clock.advance(12 * HOUR);

  // The worker that crashed: it sent, then died before recording (its send never resolves to us).
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
  const lost = deliverSong(deliveryDeps(t, dying, "crashed"), order.id);
  await crashed;
  void lost; // abandoned, like the process

  // Another worker, once the crashed one's lease has run out.
  t.clock.advance(61_000);
  assertEquals(await deliverSong(deliveryDeps(t, t.providers.mail, "survivor"), order.id), "sent");
  assertEquals(sink.messages.length, 2, "SMTP cannot tell whether the first went out, so it goes again…");
  assertEquals(
    sink.messages[0].messageId,
    sink.messages[1].messageId,
    "…with the same Message-ID: one email",
  );
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.emailSendCount, stored.emailMessageId], [1, sink.messages[0].messageId]);
  // Both emails' links open the song: the first one was stored before it was sent.
  for (const mail of sink.messages) {
    const link = new URL(linkIn(mail.text)!);
    const opened = await t.request(`/api/auth/magic-link/${order.id}${link.search}`);
    assertEquals(opened.status, 200);
  }
});

Deno.test("Resend sends a new email with a new link; the old link still works; a double click sends once", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);
  await adminCall(t, admin, order.id, "send-now");
  const first = sink.messages[0];

  t.clock.advance(HOUR);
  const resent = await Promise.all([
    adminCall(t, admin, order.id, "resend-email"),
    adminCall(t, admin, order.id, "resend-email"),
  ]);
  assert(resent.some((call) => call.status === 200 && call.body.message === "Email sent!"));
  assertEquals(sink.messages.length, 2, "two clicks at once queue one resend");
  const second = sink.messages[1];
  assert(second.messageId !== first.messageId);
  assert(linkIn(second.text) !== linkIn(first.text), "a new token on resend");
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.emailSendCount, stored.emailMessageId], [2, second.messageId]);
  for (const mail of [first, second]) {
    const opened = await t.request(`/api/auth/magic-link/${order.id}${new URL(linkIn(mail.text)!).search}`);
    assertEquals(opened.status, 200, "older links stay valid");
  }
});

Deno.test("when the mail server refuses, the worker retries with a backoff, gives up after the limit, and staff can still send", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  let refuse = true;
  let attempts = 0;
  const flaky: Mailer = {
    kind: "smtp",
    send(mail) {
      attempts++;
      return refuse
        ? Promise.reject(new MailDeliveryError("connection refused"))
        : t.providers.mail.send(mail);
    },
    close() {},
  };
  const order = await approvedOrder(t, admin);
  await updateOrder(
    t.kv,
    order.id,
    (current) => ({ ...current, deliveryDueAt: new Date(t.clock.now()).toISOString() }),
  );
  assertEquals(await deliverSong(deliveryDeps(t, flaky), order.id), "retrying");
  let stored = (await getOrder(t.kv, order.id))!;
  assertEquals(stored.deliveryAttempts, 1);
  assertMatch(stored.deliveryError ?? "", /connection refused/);
  assert(Date.parse(stored.deliveryDueAt!) > t.clock.now(), "due again after a backoff");
  assertEquals(stored.emailSentAt ?? null, null);

  for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) {
    t.clock.advance(HOUR);
    await deliverSong(deliveryDeps(t, flaky), order.id);
  }
  stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.deliveryAttempts, stored.deliveryDueAt, attempts], [MAX_DELIVERY_ATTEMPTS, null, 8]);
  const types = (await listEvents(t.kv, order.id))
    .filter((event) => event.stage === "EMAIL_SEND").map((event) => event.type);
  assertEquals(types, ["START", ...Array(MAX_DELIVERY_ATTEMPTS - 1).fill("RETRY"), "ERROR"]);

  refuse = false;
  const rescued = await adminCall(t, admin, order.id, "send-now");
  assertEquals(rescued.status, 200, "staff can still send it");
});

Deno.test("Send Now with the mail server down answers 202 with the reason, and the send stays due", async () => {
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: "smtp://127.0.0.1:9" } });
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin);
  const answer = await adminCall(t, admin, order.id, "send-now");
  assertEquals([answer.status, answer.body.sent], [202, false]);
  assertMatch(answer.body.message, /will be tried again automatically/);
  const stored = (await getOrder(t.kv, order.id))!;
  assert(stored.deliveryDueAt, "still due: the worker carries on");
});

Deno.test("a gift goes to the recipient with the gift message; the giver gets a copy; each link signs in its own reader", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const order = await approvedOrder(t, admin, {
    childName: "Leo",
    parentName: "Grandma Jo",
    isGift: true,
    giftRecipientName: "Sam",
    giftRecipientEmail: "sam@example.com",
    giftMessage: "Happy birthday, little star!",
  });
  await adminCall(t, admin, order.id, "send-now");
  const byTo = new Map(sink.messages.map((mail) => [mail.to, mail]));
  assertEquals(sink.messages.length, 2);
  const gift = byTo.get("sam@example.com")!;
  assertEquals(gift.subject, "Grandma Jo sent you a song for Leo!");
  assertMatch(gift.text, /Happy birthday, little star!/);
  const copy = byTo.get("ann@example.com")!;
  assertEquals(copy.subject, "Your gift for Leo has been delivered");
  assertMatch(copy.text, /We've just emailed Sam/);
  assertEquals(
    (await getOrder(t.kv, order.id))?.emailMessageId,
    gift.messageId,
    "the recorded email is the gift",
  );

  const recipient =
    await (await t.request(`/api/auth/magic-link/${order.id}${new URL(linkIn(gift.text)!).search}`))
      .json();
  assertEquals(recipient.user.username, "sam@example.com", "the recipient signs in as themself");
  const giver =
    await (await t.request(`/api/auth/magic-link/${order.id}${new URL(linkIn(copy.text)!).search}`))
      .json();
  assertEquals(giver.user.username, "ann@example.com");

  const asRecipient = await (await t.request(`/api/orders/${order.id}`, {
    headers: { authorization: `Bearer ${recipient.token}` },
  })).json() as Partial<Order>;
  assertEquals(asRecipient.songUrl, order.songUrl);
  assertEquals(asRecipient.giftMessage, "Happy birthday, little star!");
  assertEquals(asRecipient.totalPrice, undefined, "a gift's price is not the recipient's business");
});
