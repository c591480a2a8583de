import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import { createDeps, type Deps } from "../../../deps.ts";
import { MAX_FAILURE_EMAIL_ATTEMPTS, sendFailureEmail } from "../../../jobs/failure_email.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { listEvents } from "../../../kv/events.ts";
import { keys } from "../../../kv/keys.ts";
import { getOrder, writeOrder } from "../../../kv/orders.ts";
import { MailDeliveryError, type Mailer } from "../../../providers/mail/mod.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { placeOrder } from "./helpers.ts";

function jobDeps(t: TestApp, mail: Mailer = t.providers.mail): Deps {
  const providers = { ...t.providers, mail };
  return {
    ...createDeps({ kv: t.kv, config: t.config, providers, workerId: "test" }),
    random: () => 0,
  };
}

/** Puts an order in the state a failed generation leaves it in, plus `extra`. */
async function failOrder(t: TestApp, extra: Partial<Order> = {}) {
  const placed = await placeOrder(t, { childName: "Mia", parentEmail: "ann@example.com" });
  const entry = await t.kv.get<Order>(keys.order(placed.id));
  const failed: Order = {
    ...entry.value!,
    status: "failed",
    failureType: "suno",
    error: "Song Creation failed.",
    nextPollAt: null,
    failureEmailSent: false,
    failureEmailDueAt: new Date().toISOString(),
    failureEmailAttempts: 0,
    ...extra,
  };
  assert((await writeOrder(t.kv.atomic().check(entry), entry.value, failed).commit()).ok);
  return failed;
}

Deno.test("the failure email goes out once over real SMTP, with the Message-ID claimed before sending, and names stay inert", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { SMTP_URL: sink.url } });
  // Written to the store as it is: the order form takes no tag in a name, but an older order may hold one.
  const order = await failOrder(t, { childName: `<script>alert(1)</script>` });
  await sendFailureEmail(jobDeps(t), order.id);
  await sendFailureEmail(jobDeps(t), order.id);

  const received = await sink.waitForMessage();
  assertEquals(sink.messages.length, 1);
  const stored = await getOrder(t.kv, order.id);
  assertEquals(stored?.failureEmailSent, true);
  assertEquals(received.messageId, stored?.failureEmail?.messageId);
  assertEquals(received.to, "ann@example.com");
  assert(!received.html.includes("<script>"), "the child's name is escaped in the HTML");
  assertMatch(received.html, /&lt;script&gt;/);
  const events = await listEvents(t.kv, order.id);
  assertEquals(events.map((event) => `${event.stage} ${event.type}`), ["EMAIL_SEND SUCCESS"]);
});

Deno.test("a crash between sending and recording resends with the same Message-ID, which the inbox shows once", async () => {
  await using t = await createTestApp();
  const messageId = "<failed-crash-test@littlehits.studio>";
  const order = await failOrder(t, { failureEmail: { messageId, claimedAt: new Date().toISOString() } });
  // The send that happened just before the crash.
  await t.providers.mail.send({
    to: "ann@example.com",
    subject: "s",
    html: "<p>h</p>",
    text: "t",
    messageId,
  });

  await sendFailureEmail(jobDeps(t), order.id);
  assertEquals((await listDevMail(t.kv)).length, 1);
  assertEquals((await getOrder(t.kv, order.id))?.failureEmailSent, true);
});

Deno.test("when mail is down the failure email is retried later, and given up after the limit", async () => {
  await using t = await createTestApp();
  let attempts = 0;
  const broken: Mailer = {
    kind: "smtp",
    send: () => {
      attempts++;
      return Promise.reject(new MailDeliveryError("connection refused"));
    },
    close() {},
  };
  const order = await failOrder(t);
  for (let i = 0; i < MAX_FAILURE_EMAIL_ATTEMPTS; i++) {
    // Make it due now each time rather than wait out the backoff.
    const entry = await t.kv.get<Order>(keys.order(order.id));
    const due = { ...entry.value!, failureEmailDueAt: new Date().toISOString() };
    await writeOrder(t.kv.atomic().check(entry), entry.value, due).commit();
    await sendFailureEmail(jobDeps(t, broken), order.id);
  }
  const stored = await getOrder(t.kv, order.id);
  assertEquals(attempts, MAX_FAILURE_EMAIL_ATTEMPTS);
  assertEquals([stored?.failureEmailSent, stored?.failureEmailDueAt], [false, null]);
  const types = (await listEvents(t.kv, order.id)).map((event) => event.type);
  assertEquals(types, [...Array(MAX_FAILURE_EMAIL_ATTEMPTS - 1).fill("RETRY"), "ERROR"]);
});
