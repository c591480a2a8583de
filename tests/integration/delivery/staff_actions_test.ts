import { assert, assertEquals, assertMatch } from "@std/assert";
import type { GenerationEvent } from "../../../domain/generation/events.ts";
import { discountReview } from "../../../domain/referral/discount_review.ts";
import { dueWorkOf } from "../../../domain/order/due_work.ts";
import { REFUSALS } from "../../../domain/order/guards.ts";
import type { Order } from "../../../domain/order/orders.ts";
import type { StaffAction } from "../../../domain/admin/staff_actions.ts";
import { deliverSong } from "../../../jobs/delivery.ts";
import { payLocalSession } from "../../../kv/local_checkout.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { placeOrder, stepUntil } from "../jobs/helpers.ts";
import { ADMIN_EMAIL, adminHeaders, clockWorker, completedOrder, DELIVERY_ENV } from "./helpers.ts";

/**
 * Issue 23, the operator's day: every staff action is an event on the order (who and when), Approve
 * says what was heard of the song, Reject makes it again with the reason, and Hold takes an approved
 * song back before its email goes, exactly.
 */

const HOUR = 60 * 60 * 1000;
type Headers = Record<string, string>;

/** A staff call to `/api/admin{path}`, with a JSON body when given, answered as status and JSON. */
async function staff(t: TestApp, headers: Headers, method: string, path: string, body?: unknown) {
  const response = await t.request(`/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The order's timeline as Order Detail reads it (GET /api/admin/orders/:id). */
async function timeline(t: TestApp, headers: Headers, orderId: string): Promise<GenerationEvent[]> {
  const detail = await staff(t, headers, "GET", `/orders/${orderId}`);
  assertEquals(detail.status, 200, detail.body.message);
  return detail.body.events;
}

/** The order's staff events as action, who and when. */
async function staffRecord(t: TestApp, headers: Headers, orderId: string) {
  return (await timeline(t, headers, orderId))
    .filter((event) => event.stage === "STAFF")
    .map((event) => ({ action: event.context.action, by: event.context.by, at: event.occurredAt }));
}

/** An uploaded MP3's address, as the dashboard's upload gives it before attaching it. */
async function uploadedSong(t: TestApp, headers: Headers, name: string): Promise<string> {
  const form = new FormData();
  form.append("audioFile", new File([synthMp3() as Uint8Array<ArrayBuffer>], name, { type: "audio/mpeg" }));
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const response = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: {
      ...headers,
      "content-type": request.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  const answer = await response.json();
  assertEquals(response.status, 201, answer.message);
  return answer.songUrl;
}

/** A finished order paid through the local checkout whose discount broke a rule: refund is offered. */
async function flaggedOrder(t: TestApp): Promise<Order> {
  const order = await completedOrder(t, { parentEmail: "flagged@example.com" });
  const session = await t.providers.payments.createCheckout({
    amountCents: 2499,
    productName: "A song",
    description: "A song",
    customerEmail: order.parentEmail,
    metadata: {},
    successUrl: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost/order",
    discount: null,
    lifetimeMs: HOUR,
  });
  await payLocalSession(t.kv, session.id, t.clock.now());
  const now = t.clock.now();
  return (await updateOrder(t.kv, order.id, (current) => ({
    ...current,
    payment: { kind: "checkout", sessionId: session.id, provider: "local", amountPaid: 1249 },
    discountReview: discountReview("self", "MIA-1000", {
      buyer: current.parentEmail,
      amountDiscount: 1250,
      amountTotal: 1249,
      now,
    }),
  })))!;
}

Deno.test("every staff command puts who and when on the order's record, once, in Order Detail's timeline", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const expected = new Map<string, { action: StaffAction; by: string; at: string }[]>();
  /** Calls the route as staff, expecting `status`; a call that changes something adds `action`. */
  const act = async (
    orderId: string | null,
    action: StaffAction | null,
    method: string,
    path: string,
    body?: unknown,
    status = 200,
  ) => {
    t.clock.advance(1000);
    const at = new Date(t.clock.now()).toISOString();
    const answer = await staff(t, admin, method, path, body);
    assertEquals(answer.status, status, `${method} ${path}: ${answer.body.message}`);
    const id = orderId ?? answer.body.order.id;
    if (action) expected.set(id, [...(expected.get(id) ?? []), { action, by: ADMIN_EMAIL, at }]);
    return answer;
  };

  // One song from review to sent, and what staff change around it.
  const song = await completedOrder(t, {
    parentEmail: "ann@example.com",
    addStreamingServices: true,
    streamingArtistName: "Mia Sings",
  });
  const at = (path: string) => `/orders/${song.id}${path}`;
  await act(song.id, "take-choice", "POST", at("/take"), { take: 2 });
  await act(song.id, null, "POST", at("/take"), { take: 2 }); // already so: nothing recorded
  await act(song.id, "bonus-take", "POST", at("/bonus-take"), { offered: true });
  await act(song.id, null, "POST", at("/bonus-take"), { offered: true });
  await act(song.id, "streaming-change", "PATCH", at("/streaming-status"), { streamingStatus: "processing" });
  await act(song.id, null, "PATCH", at("/streaming-status"), { streamingStatus: "processing" });
  await act(song.id, null, "POST", at("/listen"), { playedMs: 60_000, durationMs: 130_000 }); // not an action
  await act(song.id, "approve", "POST", at("/approve"));
  await act(song.id, "hold", "POST", at("/hold"));
  await act(song.id, "approve", "POST", at("/approve"));
  await act(song.id, "send", "POST", at("/send-now"));
  await act(song.id, "resend", "POST", at("/resend-email"));
  await act(song.id, "links-revoked", "POST", at("/revoke-links"));
  await act(song.id, null, "POST", at("/revoke-links"));
  await act(song.id, "email-change", "PATCH", at("/update-email"), {
    emailType: "parent",
    newEmail: "ann.new@example.com",
  });
  await act(song.id, null, "PATCH", at("/update-email"), {
    emailType: "parent",
    newEmail: "ann.new@example.com",
  });

  const rejected = await completedOrder(t);
  await act(rejected.id, "reject", "POST", `/orders/${rejected.id}/reject`, {
    reason: "The name is sung wrong.",
  });

  const remade = await completedOrder(t);
  await act(remade.id, "regenerate-lyrics", "POST", `/orders/${remade.id}/regenerate-lyrics`, {
    customInput: "More about the dog.",
  });
  await act(remade.id, "regenerate", "POST", `/orders/${remade.id}/regenerate`);

  const generating = await placeOrder(t);
  const songUrl = await uploadedSong(t, admin, "Mia final.mp3");
  await act(generating.id, "upload", "POST", `/orders/${generating.id}/upload`, { songUrl });

  await act(null, "manual-order", "POST", "/orders/create", {
    childName: "Ada",
    childAge: 4,
    parentEmail: "ada-parent@example.com",
    songTitle: "Ada's Song",
    songLyrics: "La la la",
    songUrl: await uploadedSong(t, admin, "Ada.mp3"),
  }, 201);

  const flagged = await flaggedOrder(t);
  await act(flagged.id, "refund", "POST", `/orders/${flagged.id}/refund`);
  await act(flagged.id, null, "POST", `/orders/${flagged.id}/refund`, undefined, 409);

  const recorded = new Set<string>();
  for (const [orderId, actions] of expected) {
    assertEquals(await staffRecord(t, admin, orderId), actions, orderId);
    for (const { action } of actions) recorded.add(action);
  }
  assertEquals(recorded.size, 15, "every staff action of issue 23 is on some order's record");

  // The words staff read in the timeline, among the generation events.
  const events = await timeline(t, admin, song.id);
  const messages = events.filter((event) => event.stage === "STAFF").map((event) => event.message);
  assertEquals(messages, [
    `Take 2 chosen by ${ADMIN_EMAIL}.`,
    `Take 1 offered to the family as another version by ${ADMIN_EMAIL}.`,
    `Streaming status changed from not uploaded to processing by ${ADMIN_EMAIL}.`,
    `Approved by ${ADMIN_EMAIL} after listening to 1:00 of 2:10.`,
    `Held by ${ADMIN_EMAIL}: the scheduled email is cancelled and the song is back in Review.`,
    `Approved by ${ADMIN_EMAIL} after listening to 1:00 of 2:10.`,
    `Send Now by ${ADMIN_EMAIL}.`,
    `Resend by ${ADMIN_EMAIL}.`,
    `Private links turned off by ${ADMIN_EMAIL} (2 links).`,
    `Parent email changed from ann@example.com to ann.new@example.com by ${ADMIN_EMAIL}.`,
  ]);
  assert(events.some((event) => event.stage === "EMAIL_SEND"), "with the generation events");
  const email = events.find((event) => event.context.action === "email-change")!;
  assertEquals(email.context, {
    by: ADMIN_EMAIL,
    action: "email-change",
    emailType: "parent",
    from: "ann@example.com",
    to: "ann.new@example.com",
  });
});

Deno.test("listen: the furthest point of this song is kept, and the approval says what was heard", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const listen = (orderId: string, body: unknown) =>
    staff(t, admin, "POST", `/orders/${orderId}/listen`, body);

  const generating = await placeOrder(t);
  const early = await listen(generating.id, { playedMs: 1000, durationMs: 2000 });
  assertEquals([early.status, early.body.message], [409, REFUSALS.nothingToHear]);
  assertEquals((await listen(crypto.randomUUID(), { playedMs: 1, durationMs: 2 })).status, 404);

  const order = await completedOrder(t);
  for (
    const body of [
      {},
      { playedMs: 1000 },
      { playedMs: -1, durationMs: 2000 },
      { playedMs: 1.5, durationMs: 2000 },
      { playedMs: 1000, durationMs: 0 },
      { playedMs: "1000", durationMs: 2000 },
      { playedMs: 86_400_001, durationMs: 2000 },
      { playedMs: 1000, durationMs: 2000, by: "someone else" },
    ]
  ) {
    const refused = await listen(order.id, body);
    assertEquals(refused.status, 400, JSON.stringify(body));
    assert(refused.body.message, JSON.stringify(body));
  }

  const first = await listen(order.id, { playedMs: 30_000, durationMs: 130_000 });
  assertEquals(first.status, 200);
  const at = new Date(t.clock.now()).toISOString();
  assertEquals(first.body.order.reviewListen, { playedMs: 30_000, durationMs: 130_000, by: ADMIN_EMAIL, at });
  t.clock.advance(60_000);
  await listen(order.id, { playedMs: 102_400, durationMs: 130_000 });
  const paused = await listen(order.id, { playedMs: 5_000, durationMs: 130_000 });
  assertEquals(paused.body.order.reviewListen.playedMs, 102_400, "a shorter report keeps the larger");
  assertEquals((await staffRecord(t, admin, order.id)).length, 0, "listening is not on the record");

  const approved = await staff(t, admin, "POST", `/orders/${order.id}/approve`);
  assertEquals(approved.status, 200);
  const [event] = (await timeline(t, admin, order.id)).filter((event) => event.stage === "STAFF");
  assertEquals(event.message, `Approved by ${ADMIN_EMAIL} after listening to 1:42 of 2:10.`);
  assertEquals([event.context.playedMs, event.context.durationMs], [102_400, 130_000]);

  // Unheard: approved without a listen, or after the song changed.
  const unheard = await completedOrder(t);
  await listen(unheard.id, { playedMs: 90_000, durationMs: 130_000 });
  const chosen = await staff(t, admin, "POST", `/orders/${unheard.id}/take`, { take: 2 });
  assertEquals(chosen.body.order.reviewListen, null, "Take 2 is another song to hear");
  await staff(t, admin, "POST", `/orders/${unheard.id}/approve`);
  const approval = (await timeline(t, admin, unheard.id)).find((event) =>
    event.context.action === "approve"
  )!;
  assertEquals(approval.message, `Approved by ${ADMIN_EMAIL} without a recorded listen.`);
  assertEquals([approval.context.playedMs, approval.context.durationMs], [null, null]);
});

Deno.test("reject: the reason is required, the song is made again, and a scheduled send is cancelled", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  const admin = await adminHeaders(t);
  const reject = (orderId: string, body: unknown) =>
    staff(t, admin, "POST", `/orders/${orderId}/reject`, body);

  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  for (const body of [{ reason: "   " }, {}, { reason: 7 }, { reason: "x".repeat(501) }]) {
    const refused = await reject(order.id, body);
    assertEquals(refused.status, 400, JSON.stringify(body));
    assert(refused.body.message);
  }
  assertEquals((await reject(order.id, { reason: "" })).body.message, "Please say why the song is rejected.");
  const generating = await placeOrder(t);
  const early = await reject(generating.id, { reason: "Too quiet." });
  assertEquals([early.status, early.body.message], [409, REFUSALS.rejectNotFinished]);

  // Approved and waiting: rejecting it cancels the send.
  assertEquals((await staff(t, admin, "POST", `/orders/${order.id}/approve`)).status, 200);
  const answer = await reject(order.id, { reason: "  The name is sung wrong.  " });
  assertEquals(answer.status, 200, answer.body.message);
  assertEquals(
    answer.body.message,
    "The song is being made again. It will be back for review when it is ready.",
  );
  const stored = (await getOrder(t.kv, order.id))!;
  const now = new Date(t.clock.now()).toISOString();
  assertEquals([stored.status, stored.approvalStatus, stored.currentStage], [
    "generating",
    "rejected",
    "TAGS",
  ]);
  assertEquals(stored.rejection, { reason: "The name is sung wrong.", by: ADMIN_EMAIL, at: now });
  assertEquals(answer.body.order.rejection, stored.rejection, "staff see why");
  assertEquals([stored.deliveryDueAt, stored.approvedBy, stored.songTakes], [null, null, null]);
  assertEquals(dueWorkOf(stored).map((work) => work.job), ["generation"], "no send is due any more");

  t.clock.advance(13 * HOUR);
  assertEquals(await deliverSong(t.deps, order.id), "nothing-due", "the send's queued message finds nothing");
  assertEquals(sink.messages.length, 0);

  const events = await timeline(t, admin, order.id);
  const rejection = events.find((event) => event.context.action === "reject")!;
  assertEquals(rejection.message, `Rejected by ${ADMIN_EMAIL}: The name is sung wrong.`);
  assertEquals(rejection.context.reason, "The name is sung wrong.");
  assert(events.some((event) => event.stage === "TAGS" && event.type === "RETRY"), "the pipeline restarts");

  // Once its email went, the song is the family's.
  const sent = await completedOrder(t, { parentEmail: "sent@example.com" });
  await staff(t, admin, "POST", `/orders/${sent.id}/approve`);
  assertEquals((await staff(t, admin, "POST", `/orders/${sent.id}/send-now`)).status, 200);
  const late = await reject(sent.id, { reason: "Too late." });
  assertEquals([late.status, late.body.message], [409, REFUSALS.rejectSent]);
});

Deno.test("reject: the song is made again by the pipeline, back in review with the reason until approved", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  await using worker = clockWorker(t);
  const placed = await placeOrder(t);
  const made = await stepUntil(t, worker, placed.id, (order) => order.status === "completed");
  // Signed in at the clock's time now (placeOrder stamps the real one, and stepping follows it).
  const admin = await adminHeaders(t);
  const takesBefore = made.songTakes!.map((take) => take.blobId);
  await staff(t, admin, "POST", `/orders/${made.id}/listen`, { playedMs: 8_000, durationMs: 8_000 });

  const answer = await staff(t, admin, "POST", `/orders/${made.id}/reject`, { reason: "Wrong name." });
  assertEquals(answer.status, 200, answer.body.message);
  assertEquals(answer.body.order.reviewListen, null, "what was heard was of the song rejected");
  const again = await stepUntil(
    t,
    worker,
    made.id,
    (order) => order.status === "completed" && order.approvalStatus === "pending",
  );
  assertEquals(again.regenerationCount, 1);
  assertEquals(again.rejection?.reason, "Wrong name.", "staff still see why it was made again");
  assertEquals(again.songTakes?.length, 2, "both takes made again");
  assert(again.songTakes!.every((take) => !takesBefore.includes(take.blobId)));

  const approved = await staff(t, admin, "POST", `/orders/${made.id}/approve`);
  assertEquals(approved.status, 200, approved.body.message);
  assertEquals(approved.body.order.rejection, null, "the approval settles the review");
  const actions = (await staffRecord(t, admin, made.id)).map((entry) => entry.action);
  assertEquals(actions, ["reject", "approve"]);
});

Deno.test("hold: an approved song goes back to Review; its scheduled send and stale messages send nothing", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const hold = (orderId: string) => staff(t, admin, "POST", `/orders/${orderId}/hold`);
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });

  const inReview = await hold(order.id);
  assertEquals([inReview.status, inReview.body.message], [
    409,
    "Only an approved song waiting for its email can be held.",
  ]);
  assertEquals((await hold(crypto.randomUUID())).status, 404);

  await staff(t, admin, "POST", `/orders/${order.id}/approve`);
  const held = await hold(order.id);
  assertEquals(held.status, 200, held.body.message);
  assertEquals(held.body.message, "The email is cancelled and the song is back in Review.");
  assertEquals(
    [held.body.order.approvalStatus, held.body.order.deliveryDueAt, held.body.order.approvedBy],
    ["pending", null, null],
  );
  const again = await hold(order.id);
  assertEquals([again.status, again.body.message], [409, REFUSALS.holdNotApproved]);

  // The moment it was due: the sweep and the message queued by the approval find nothing to send.
  t.clock.advance(13 * HOUR);
  await worker.sweep();
  assertEquals(await deliverSong(t.deps, order.id), "nothing-due");
  assertEquals(sink.messages.length, 0);

  // Approved again: a fresh send, due a full delay from now, goes once.
  const approved = await staff(t, admin, "POST", `/orders/${order.id}/approve`);
  assertEquals(approved.body.order.deliveryDueAt, new Date(t.clock.now() + 12 * HOUR).toISOString());
  t.clock.advance(12 * HOUR);
  await worker.sweep();
  await worker.sweep();
  assertEquals(sink.messages.length, 1);
  const sent = await hold(order.id);
  assertEquals([sent.status, sent.body.message], [409, REFUSALS.holdSent]);
  assertMatch(sent.body.message, /already been sent/);

  // A send under way (its claim committed) can no longer be held.
  const sending = await completedOrder(t, { parentEmail: "bea@example.com" });
  await staff(t, admin, "POST", `/orders/${sending.id}/approve`);
  await updateOrder(t.kv, sending.id, (current) => ({
    ...current,
    deliveryClaim: { round: 1, claimedAt: new Date(t.clock.now()).toISOString(), messageIds: {}, sent: [] },
  }));
  const underWay = await hold(sending.id);
  assertEquals([underWay.status, underWay.body.message], [
    409,
    "The song's email is being sent right now, so it can no longer be held.",
  ]);
  const actions = (await staffRecord(t, admin, order.id)).map((entry) => entry.action);
  assertEquals(actions, ["approve", "hold", "approve"], "a refused hold records nothing");
});

Deno.test("hold racing the scheduled send: either held and no email, or refused and exactly one email", async () => {
  await using sink = await startSmtpSink();
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, SMTP_URL: sink.url } });
  await using worker = clockWorker(t);
  const admin = await adminHeaders(t);
  const ROUNDS = 30;
  const outcomes = { held: 0, sent: 0, "refused mid-send": 0 };
  /** Lets the other side run first for `count` turns of the event loop (its store reads and writes). */
  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  for (let round = 0; round < ROUNDS; round++) {
    const parentEmail = `round-${round}@example.com`;
    const order = await completedOrder(t, { parentEmail });
    assertEquals((await staff(t, admin, "POST", `/orders/${order.id}/approve`)).status, 200);
    t.clock.advance(12 * HOUR); // the scheduled send is due this moment

    // Each side starts first in turn, by a few turns of the event loop or none; the sweep or a queued
    // message sends.
    const head = round % 4;
    const send = round % 2 === 0 ? () => worker.sweep() : () => deliverSong(t.deps, order.id);
    const [answer] = await Promise.all([
      (async () => {
        if (round % 3 === 1) await turns(head);
        return await staff(t, admin, "POST", `/orders/${order.id}/hold`);
      })(),
      (async () => {
        if (round % 3 === 2) await turns(head);
        return await send();
      })(),
    ]);
    // Whatever is still due is given every chance to go.
    await worker.sweep();
    await deliverSong(t.deps, order.id);

    const emails = sink.messages.filter((mail) => mail.envelope.to.includes(parentEmail)).length;
    const stored = (await getOrder(t.kv, order.id))!;
    if (answer.status === 200) {
      assertEquals(emails, 0, `round ${round}: held, yet an email went`);
      assertEquals([stored.approvalStatus, stored.emailSentAt ?? null], ["pending", null]);
      outcomes.held++;
    } else {
      assertEquals(answer.status, 409, `round ${round}: ${answer.body.message}`);
      assert(
        [REFUSALS.holdSending, REFUSALS.holdSent].includes(answer.body.message),
        `round ${round}: ${answer.body.message}`,
      );
      assertEquals(emails, 1, `round ${round}: refused, so exactly one email`);
      assertEquals(stored.emailSendCount, 1);
      outcomes.sent++;
      if (answer.body.message === REFUSALS.holdSending) outcomes["refused mid-send"]++;
    }
  }
  console.log(`hold vs send, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
  assertEquals(outcomes.held + outcomes.sent, ROUNDS);
});
