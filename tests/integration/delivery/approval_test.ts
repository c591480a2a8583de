import { assert, assertEquals, assertMatch } from "@std/assert";
import { getOrder } from "../../../kv/orders.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, signIn } from "../../helpers.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { placeOrder } from "../jobs/helpers.ts";
import { watchOrder } from "../jobs/watch_order.ts";
import { adminCall, adminHeaders, clockWorker, completedOrder, DELIVERY_ENV } from "./helpers.ts";

const HOUR = 60 * 60 * 1000;

Deno.test("only admins may approve or send: 401 for visitors, 403 for customers, with a message", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t);
  const customer = await signIn(t, "ann@example.com");
  for (const action of ["approve", "send-now", "resend-email", "revoke-links"] as const) {
    const visitor = await adminCall(t, {}, order.id, action);
    assertEquals(visitor.status, 401, action);
    assert(visitor.body.message);
    const signedIn = await adminCall(t, { authorization: `Bearer ${customer.token}` }, order.id, action);
    assertEquals(signedIn.status, 403, action);
    assert(signedIn.body.message);
  }
  const patch = await t.request(`/api/admin/orders/${order.id}/update-email`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${customer.token}`, "content-type": "application/json" },
    body: JSON.stringify({ emailType: "parent", newEmail: "x@example.com" }),
  });
  assertEquals(patch.status, 403);
  assertEquals((await getOrder(t.kv, order.id))?.approvalStatus, "pending");
});

Deno.test("approval: only a finished song, once; it schedules the delivery DELIVERY_DELAY_HOURS ahead", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const generating = await placeOrder(t);
  const early = await adminCall(t, admin, generating.id, "approve");
  assertEquals([early.status, early.body.message], [409, "Only a finished song can be approved."]);
  const unknown = await adminCall(t, admin, crypto.randomUUID(), "approve");
  assertEquals([unknown.status, unknown.body.message], [404, "Order not found."]);

  const order = await completedOrder(t);
  const approved = await adminCall(t, admin, order.id, "approve");
  assertEquals(approved.status, 200);
  assertEquals(approved.body.message, "The song will be delivered in 12 hours.");
  const stored = (await getOrder(t.kv, order.id))!;
  const now = t.clock.now();
  assertEquals(stored.approvalStatus, "approved");
  assertEquals(stored.approvedBy, "boss@example.com");
  assertEquals(stored.approvedAt, new Date(now).toISOString());
  assertEquals(stored.deliveryScheduledFor, new Date(now + 12 * HOUR).toISOString());
  assertEquals(stored.emailScheduledFor, stored.deliveryScheduledFor);
  assertEquals(approved.body.order.approvalStatus, "approved");

  const again = await adminCall(t, admin, order.id, "approve");
  assertEquals([again.status, again.body.message], [409, "This song has already been approved."]);
});

Deno.test("the approval message follows the setting", async () => {
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, DELIVERY_DELAY_HOURS: "0.5" } });
  const order = await completedOrder(t);
  const approved = await adminCall(t, await adminHeaders(t), order.id, "approve");
  assertEquals(approved.body.message, "The song will be delivered in 30 minutes.");
});

Deno.test("the scheduled send: nothing before its time, exactly one email over SMTP after it, then the song is released", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const order = await completedOrder(t, { childName: "Mia Rose", parentEmail: "ann@example.com" });
  await adminCall(t, await adminHeaders(t), order.id, "approve");

  t.clock.advance(12 * HOUR - 60_000);
  await worker.sweep();
  assertEquals(sink.messages.length, 0, "a minute early: nothing yet");
  const publicEarly = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(publicEarly.songUrl, null, "before delivery the song is the studio's");

  t.clock.advance(60_000);
  await worker.sweep();
  await worker.sweep();
  const mails = [...sink.messages];
  assertEquals(mails.length, 1);
  const [mail] = mails;
  assertEquals(mail.to, "ann@example.com");
  assertEquals(mail.subject, "Mia Rose's song is ready!");
  const link = mail.text.match(/https?:\/\/\S+\/u\/([\w-]+)\?t=([\w-]+)/)!;
  assert(link, "the email carries the private order link");
  assertEquals(link[1], order.id);
  assertMatch(mail.html, new RegExp(`/u/${order.id}\\?t=${link[2]}`));

  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(stored.emailSentAt, new Date(t.clock.now()).toISOString());
  assertEquals(stored.emailMessageId, mail.messageId);
  assertEquals([stored.emailSendCount, stored.deliveryDueAt, stored.deliveryClaim], [1, null, null]);
  assert(stored.claimTokenHash && stored.claimTokenCreatedAt);
  const released = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(released.songUrl, order.songUrl);
  assertEquals(released.songTitle, "Mia Rose's Song");

  t.clock.advance(24 * HOUR);
  await worker.sweep();
  assertEquals(sink.messages.length, 1, "never a second email for the same send");
});

Deno.test("with the queue on, the approval's delayed message delivers the song on time by itself", async () => {
  await using t = await createTestApp({
    jobs: true,
    env: { ADMIN_EMAILS: "boss@example.com", DELIVERY_DELAY_HOURS: "0.0003", SWEEP_SECONDS: "30" },
  });
  const order = await completedOrder(t, { childName: "Ava", parentEmail: "ann@example.com" });
  await adminCall(t, await adminHeaders(t), order.id, "approve");
  // The sweeper is 30 s away: only the approval's own message can send it first.
  const delivered = await watchOrder(t, order.id, (current) => !!current.emailSentAt);
  assert(
    Date.parse(delivered.emailSentAt!) - Date.parse(delivered.approvedAt!) >= 1000,
    "not before its time (1.08 s)",
  );
  const mails = (await listDevMail(t.kv)).filter((mail) => mail.subject === "Ava's song is ready!");
  assertEquals(mails.length, 1);
});

Deno.test("the status detail follows the order once it is approved, delivered and sent again", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const order = await completedOrder(t);
  const detail = async () => (await getOrder(t.kv, order.id))?.statusDetail;

  const approved = await adminCall(t, admin, order.id, "approve");
  assertEquals(
    approved.body.order.statusDetail,
    "Approved by boss@example.com; the email goes out at its scheduled time.",
  );
  const sent = await adminCall(t, admin, order.id, "send-now");
  assertEquals(sent.status, 200);
  assertEquals(await detail(), "The song was delivered by email.");
  await adminCall(t, admin, order.id, "resend-email");
  assertEquals(await detail(), "The song was sent again (send 2).");
});
