import { assert, assertEquals } from "@std/assert";
import { REFUSALS } from "../../../domain/order/guards.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { songUrlFor } from "../../../domain/song/download.ts";
import { createDeps } from "../../../deps.ts";
import { deliverSong } from "../../../jobs/delivery.ts";
import { forgetCheckoutDraft } from "../../../kv/checkout_drafts.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import type { Mailer } from "../../../providers/mail/mod.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import { adminCall, adminHeaders, clockWorker, DELIVERY_ENV, sessionHeaders } from "./helpers.ts";

/**
 * Delivery on a chosen day (issue 20): the date travels from the form through the checkout to the
 * order, approval schedules the one send at the later of the review delay and that date, and the family
 * can move it until the email is on its way, without ever adding a second send.
 */

const HOUR = 60 * 60 * 1000;
const PARENT = "ann@example.com";
/** The test clock starts on 15 January 2026 at noon UTC; the birthday is in March. */
const BIRTHDAY = { local: "2026-03-14T08:00", at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };
const SOONER = { local: "2026-03-10T07:30", at: "2026-03-10T07:30:00.000Z", timeZone: "Europe/London" };

/** A song made and waiting for review whose family chose `deliveryAt`, ordered on the test clock. */
async function datedSong(
  t: TestApp,
  deliveryAt = BIRTHDAY.local,
  timeZone = BIRTHDAY.timeZone,
): Promise<Order> {
  const form = orderFormSchema.parse(
    orderForm({ parentEmail: PARENT, deliveryAt, deliveryTimeZone: timeZone }),
  );
  const placed = await createDemoOrder(t.deps, form, "user-1");
  const blob = await t.deps.blobs.put(new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]), {
    contentType: "audio/mpeg",
    now: t.clock.now(),
  });
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: "Mia's Song",
    songUrl: songUrlFor(t.config.appUrl, blob.id),
    songBlobId: blob.id,
    completedAt: new Date(t.clock.now()).toISOString(),
  })))!;
}

async function changeTime(t: TestApp, orderId: string, headers: Record<string, string>, deliveryAt: string) {
  const response = await t.request(
    `/api/orders/${orderId}/delivery-time`,
    jsonBody({ deliveryAt, deliveryTimeZone: "Europe/London" }, { method: "PUT", headers }),
  );
  return { status: response.status, body: await response.json() };
}

/** The delivery emails that reached the sink (a new order's confirmation is another email). */
const songEmails = (sink: { messages: { text: string }[] }) =>
  sink.messages.filter((message) => /\/u\/[\w-]+\?t=/.test(message.text));

Deno.test("the chosen moment travels from the form through the checkout and its payment to the order", async () => {
  await using t = await createTestApp();
  const form = orderForm({
    isGift: true,
    giftRecipientName: "Gran",
    deliveryAt: BIRTHDAY.local,
    deliveryTimeZone: BIRTHDAY.timeZone,
  });
  const started = await startCheckout(t, form);
  assertEquals(started.status, 200);
  const session = await t.providers.payments.getSession(started.body.sessionId);
  assertEquals(
    [session?.metadata.deliveryAt, session?.metadata.deliveryTimeZone],
    [BIRTHDAY.local, BIRTHDAY.timeZone],
    "the payment's metadata can rebuild it",
  );
  await payLocally(t, started.body.sessionId);
  const order = await (await t.request("/api/guest/orders", jsonBody({ sessionId: started.body.sessionId })))
    .json();
  assertEquals((await getOrder(t.kv, order.id))?.requestedDelivery, {
    at: BIRTHDAY.at,
    timeZone: BIRTHDAY.timeZone,
  });

  // A draft that is gone (the webhook came days later): the metadata still carries the moment.
  const again = await startCheckout(t, { ...form, parentEmail: "bo@example.com" });
  await payLocally(t, again.body.sessionId);
  await forgetCheckoutDraft(t.kv, again.body.sessionId);
  const rebuilt = await (await t.request("/api/guest/orders", jsonBody({ sessionId: again.body.sessionId })))
    .json();
  assertEquals((await getOrder(t.kv, rebuilt.id))?.requestedDelivery, {
    at: BIRTHDAY.at,
    timeZone: BIRTHDAY.timeZone,
  });
});

Deno.test("a moment the studio cannot honour is refused before any payment, in words a parent can act on", async () => {
  await using t = await createTestApp();
  const tooSoon = await startCheckout(
    t,
    orderForm({ deliveryAt: "2026-01-15T20:00", deliveryTimeZone: "Europe/London" }),
  );
  assertEquals(tooSoon.status, 400);
  assertEquals(
    tooSoon.body.message,
    "We need at least 24 hours to make your song, so please choose Friday 16 January, 12:00 in London or later.",
  );
  const tooFar = await startCheckout(
    t,
    orderForm({ deliveryAt: "2027-06-01T08:00", deliveryTimeZone: "Europe/London" }),
  );
  assertEquals([tooFar.status, tooFar.body.message], [
    400,
    "Please choose a delivery day within the next year.",
  ]);
  const badZone = await startCheckout(
    t,
    orderForm({ deliveryAt: BIRTHDAY.local, deliveryTimeZone: "Mars/Olympus" }),
  );
  assertEquals(badZone.status, 400);
  const none = await startCheckout(t, orderForm({ deliveryAt: "", deliveryTimeZone: "Europe/London" }));
  assertEquals(none.status, 200, "no moment: as soon as it's ready");
});

Deno.test("approval schedules the one send for the family's day; it goes on the day and only then", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const order = await datedSong(t);

  const approved = await adminCall(t, admin, order.id, "approve");
  assertEquals(approved.status, 200);
  assertEquals(
    approved.body.message,
    "The song will be delivered on Saturday 14 March, 8:00 in London, as the family asked.",
  );
  assertEquals((await getOrder(t.kv, order.id))?.deliveryScheduledFor, BIRTHDAY.at);

  t.clock.advance(13 * HOUR); // past the usual delay
  await worker.sweep();
  assertEquals(await deliverSong(t.deps, order.id), "nothing-due", "a stray nudge finds nothing due");
  assertEquals(songEmails(sink).length, 0);

  t.clock.set(Date.parse(BIRTHDAY.at));
  await worker.sweep();
  await worker.sweep();
  assertEquals(songEmails(sink).length, 1);
  assert((await getOrder(t.kv, order.id))?.emailSentAt);
});

Deno.test("a day sooner than approval plus the delay: the delay decides, as without a day", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await datedSong(t, "2026-01-16T14:00");
  t.clock.advance(18 * HOUR); // approved on the 16th at 6:00: 14:00 is before the 12 hours are up
  const approved = await adminCall(t, admin, order.id, "approve");
  assertEquals(approved.body.message, "The song will be delivered in 12 hours.");
  assertEquals((await getOrder(t.kv, order.id))?.deliveryScheduledFor, "2026-01-16T18:00:00.000Z");
});

Deno.test("the family moves the day after approval: the one send moves, and a nudge for the old time sends nothing", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const parent = await sessionHeaders(t, PARENT);
  const order = await datedSong(t);
  await adminCall(t, admin, order.id, "approve");

  const sooner = await changeTime(t, order.id, parent, SOONER.local);
  assertEquals(sooner.status, 200);
  assertEquals(sooner.body.requestedDelivery, { at: SOONER.at, timeZone: SOONER.timeZone });
  assertEquals(sooner.body.deliveryScheduledFor, SOONER.at);
  const moved = await getOrder(t.kv, order.id);
  assertEquals([moved?.emailScheduledFor, moved?.deliveryDueAt], [SOONER.at, SOONER.at]);

  t.clock.set(Date.parse(SOONER.at) - HOUR);
  await Promise.all([worker.sweep(), deliverSong(t.deps, order.id), deliverSong(t.deps, order.id)]);
  assertEquals(songEmails(sink).length, 0);
  t.clock.set(Date.parse(SOONER.at));
  await Promise.all([worker.sweep(), deliverSong(t.deps, order.id), deliverSong(t.deps, order.id)]);
  assertEquals(songEmails(sink).length, 1);
  t.clock.set(Date.parse(BIRTHDAY.at));
  await Promise.all([worker.sweep(), deliverSong(t.deps, order.id)]);
  assertEquals(songEmails(sink).length, 1, "the old day adds no second send");

  const late = await changeTime(t, order.id, await sessionHeaders(t, PARENT), "2026-03-20T08:00");
  assertEquals(late.status, 409);
  assertEquals(
    late.body.message,
    "Your song has already been delivered, so its delivery time can no longer be changed.",
  );
});

Deno.test("'as soon as it's ready' after approval sends once the delay is up; before approval it only clears the day", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const parent = await sessionHeaders(t, PARENT);
  const order = await datedSong(t);

  const cleared = await changeTime(t, order.id, parent, "");
  assertEquals([cleared.status, cleared.body.requestedDelivery], [200, null]);
  const chosen = await changeTime(t, order.id, parent, BIRTHDAY.local);
  assertEquals(chosen.body.requestedDelivery?.at, BIRTHDAY.at);

  await adminCall(t, admin, order.id, "approve");
  t.clock.advance(20 * HOUR);
  const asap = await changeTime(t, order.id, parent, "");
  assertEquals(asap.status, 200);
  assertEquals(asap.body.deliveryScheduledFor, "2026-01-16T00:00:00.000Z", "approval + 12 h, already past");
  await worker.sweep();
  await worker.sweep();
  assertEquals(songEmails(sink).length, 1);
});

Deno.test("a date change racing the send: either the send was claimed and the change is refused, or the send waits for the new day", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);

  const first = await datedSong(t);
  const second = await datedSong(t, "2026-03-15T08:00");
  await adminCall(t, admin, first.id, "approve");
  await adminCall(t, admin, second.id, "approve");

  // The send claimed first: its email is in flight when the family asks to move it.
  t.clock.set(Date.parse(BIRTHDAY.at));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handedOver = Promise.withResolvers<void>();
  const slowMail: Mailer = {
    ...t.providers.mail,
    async send(message) {
      handedOver.resolve();
      await gate;
      return await t.providers.mail.send(message);
    },
  };
  const deps = createDeps({
    kv: t.kv,
    config: t.config,
    providers: { ...t.providers, mail: slowMail },
    clock: t.clock,
    workerId: "slow",
  });
  const sending = deliverSong(deps, first.id);
  // The mail is handed over only once the claim is committed.
  await handedOver.promise;
  assert((await getOrder(t.kv, first.id))?.deliveryClaim, "claimed before the mail left");
  const refused = await changeTime(t, first.id, await sessionHeaders(t, PARENT), "2026-03-20T08:00");
  assertEquals(refused.status, 409);
  assertEquals(
    refused.body.message,
    "Your song is on its way right now, so its delivery time can no longer be changed.",
  );
  release();
  assertEquals(await sending, "sent");
  assertEquals((await getOrder(t.kv, first.id))?.requestedDelivery?.at, BIRTHDAY.at);

  // Both at once, at the moment the send is due: whichever commits first decides, and there is one send.
  t.clock.set(Date.parse("2026-03-15T08:00:00.000Z"));
  const before = songEmails(sink).length;
  const [change, outcome] = await Promise.all([
    changeTime(t, second.id, await sessionHeaders(t, PARENT), "2026-03-21T08:00"),
    deliverSong(t.deps, second.id),
  ]);
  const sentNow = songEmails(sink).length - before;
  if (change.status === 200) assertEquals([outcome, sentNow], ["nothing-due", 0]);
  else assertEquals([change.status, outcome, sentNow], [409, "sent", 1]);
  t.clock.set(Date.parse("2026-03-21T08:00:00.000Z"));
  await deliverSong(t.deps, second.id);
  assertEquals(songEmails(sink).length - before, 1, "exactly one send either way");
});

Deno.test("a moved day survives a restart: a new worker on the same store sends it once on the day", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const parent = await sessionHeaders(t, PARENT);
  const order = await datedSong(t);
  await adminCall(t, admin, order.id, "approve");
  await changeTime(t, order.id, parent, SOONER.local);
  {
    await using before = clockWorker(t);
    await before.sweep();
  }
  t.clock.set(Date.parse(SOONER.at));
  await using after = clockWorker(t);
  await after.sweep();
  await after.sweep();
  assertEquals(songEmails(sink).length, 1);
});

Deno.test("only the family changes their day, and only to a day the studio can honour", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await datedSong(t);
  const stranger = await sessionHeaders(t, "eve@example.com");
  const parent = await sessionHeaders(t, PARENT);
  const anonymous = await t.request(
    `/api/orders/${order.id}/delivery-time`,
    jsonBody({ deliveryAt: SOONER.local, deliveryTimeZone: "Europe/London" }, { method: "PUT" }),
  );
  assertEquals(anonymous.status, 401);
  await anonymous.body?.cancel();
  assertEquals((await changeTime(t, order.id, stranger, SOONER.local)).status, 403);
  const tooSoon = await changeTime(t, order.id, parent, "2026-01-15T12:00");
  assertEquals(tooSoon.status, 400);
  assert(tooSoon.body.message.startsWith("We need at least 24 hours"));
  const badTime = await changeTime(t, order.id, parent, "the 14th");
  assertEquals(badTime.status, 400);
  assertEquals((await changeTime(t, "no-such-order", parent, SOONER.local)).status, 404);
  assertEquals((await getOrder(t.kv, order.id))?.requestedDelivery?.at, BIRTHDAY.at, "unchanged");
});

Deno.test("a gift timed on its recipient's clock keeps that zone; only IANA zones are taken, never an offset", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  // 8:00 on the birthday in Sydney is 21:00 the evening before in London.
  const sydney = { deliveryAt: BIRTHDAY.local, deliveryTimeZone: "Australia/Sydney" };
  const gift = orderForm({
    isGift: true,
    giftRecipientName: "Gran",
    giftRecipientEmail: "gran@example.com",
    ...sydney,
  });
  const started = await startCheckout(t, gift);
  assertEquals(started.status, 200);
  await payLocally(t, started.body.sessionId);
  const placed = await (await t.request("/api/guest/orders", jsonBody({ sessionId: started.body.sessionId })))
    .json();
  assertEquals((await getOrder(t.kv, placed.id))?.requestedDelivery, {
    at: "2026-03-13T21:00:00.000Z",
    timeZone: "Australia/Sydney",
  });

  for (const deliveryTimeZone of ["+11:00", "-0500", "Mars/Olympus", ""]) {
    const refused = await startCheckout(t, { ...gift, deliveryTimeZone });
    assertEquals(refused.status, 400, deliveryTimeZone);
    assertEquals(
      refused.body.message,
      "That time zone was not recognised. Please choose one from the list.",
      deliveryTimeZone,
    );
  }

  // From My Songs, the family may move the day to another zone; an offset is refused there too.
  const order = await datedSong(t);
  const parent = await sessionHeaders(t, PARENT);
  const change = (deliveryTimeZone: string) =>
    t.request(
      `/api/orders/${order.id}/delivery-time`,
      jsonBody({ deliveryAt: BIRTHDAY.local, deliveryTimeZone }, { method: "PUT", headers: parent }),
    );
  const offset = await change("+11:00");
  assertEquals([offset.status, (await offset.json()).message], [
    400,
    "That time zone was not recognised. Please choose one from the list.",
  ]);
  const moved = await change("America/New_York");
  assertEquals(moved.status, 200);
  await moved.body?.cancel();
  assertEquals((await getOrder(t.kv, order.id))?.requestedDelivery, {
    at: "2026-03-14T12:00:00.000Z",
    timeZone: "America/New_York",
  });
});

Deno.test("a day the family changes a moment before Send Now is theirs: an early send is held to the day staff saw", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const parent = await sessionHeaders(t, PARENT);
  const order = await datedSong(t, SOONER.local);
  await adminCall(t, admin, order.id, "approve");
  const sendNow = async (body?: unknown) => {
    const init = body === undefined ? { method: "POST", headers: admin } : jsonBody(body, { headers: admin });
    const response = await t.request(`/api/admin/orders/${order.id}/send-now`, init);
    return { status: response.status, body: await response.json() };
  };

  // Staff's dialog showed the 10th; the family moves it to the 14th just before the click lands.
  assertEquals((await changeTime(t, order.id, parent, BIRTHDAY.local)).status, 200);
  const refused = await sendNow({ confirmedEarlyFor: SOONER.at });
  assertEquals([refused.status, refused.body.message], [409, REFUSALS.dayChanged]);
  // Nor does a Send Now that confirms no day go early.
  const unconfirmed = await sendNow();
  assertEquals([unconfirmed.status, unconfirmed.body.message], [409, REFUSALS.earlyNotConfirmed]);
  // The bulk door holds the same rule.
  const bulk = await t.request(
    "/api/admin/orders/bulk",
    jsonBody({ action: "send-now", ids: [order.id], sendEarly: { [order.id]: SOONER.at } }, {
      headers: admin,
    }),
  );
  const { results } = await bulk.json();
  assertEquals([results[0].ok, results[0].message], [false, REFUSALS.dayChanged]);

  assertEquals(songEmails(sink).length, 0, "nothing sent over the family's new day");
  const kept = (await getOrder(t.kv, order.id))!;
  assertEquals([kept.requestedDelivery?.at, kept.emailScheduledFor], [BIRTHDAY.at, BIRTHDAY.at]);

  // Confirmed for the day the family chose, it goes now, once.
  const sent = await sendNow({ confirmedEarlyFor: BIRTHDAY.at });
  assertEquals(sent.status, 200, sent.body.message);
  assertEquals(songEmails(sink).length, 1);
});
