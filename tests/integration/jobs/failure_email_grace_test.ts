import { assert, assertEquals } from "@std/assert";
import { type Order, orderFormSchema } from "../../../domain/order/orders.ts";
import { FAILURE_WORDS } from "../../../domain/order/parent_words.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { FAILURE_EMAIL_SENT_WORDS } from "../../../jobs/failure_email.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { listEvents } from "../../../kv/events.ts";
import { getOrder } from "../../../kv/orders.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { adminHeaders, clockWorker, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { orderForm } from "../orders/helpers.ts";

/**
 * Issue 23: when a song's generation gives up, the family hears of it only after
 * FAILURE_EMAIL_GRACE_MINUTES, so staff may retry or upload a song first; an order fixed by then
 * sends no failure email. The worker runs on the test's clock, queue-less, sweeping when told.
 */
const MINUTE = 60_000;
const GRACE = 30 * MINUTE;

/** The local lyricist, refusing outright (a 400, never retried) while `refusing` says so. */
function switchableLyricist(): Lyricist & { refusing: boolean } {
  const local = createLocalLyricist();
  return {
    ...local,
    refusing: true,
    writeLyrics(request, signal) {
      if (!this.refusing) return local.writeLyrics(request, signal);
      return Promise.reject(
        new ProviderCallError("The model refused the request.", {
          provider: "openai",
          endpoint: "/v1/chat/completions",
          method: "POST",
          httpStatus: 400,
          durationMs: 1,
        }),
      );
    },
  };
}

async function studio(grace: string) {
  const words = switchableLyricist();
  const t = await createTestApp({
    env: { ...DELIVERY_ENV, FAILURE_EMAIL_GRACE_MINUTES: grace, SWEEP_SECONDS: "3600" },
    providers: { words },
  });
  return { t, words };
}

/**
 * A paid-like order placed on the test's clock, run by sweeps (the clock standing still) until its
 * generation gives up and its confirmation email is out.
 */
async function failedOrder(t: TestApp, worker: ReturnType<typeof clockWorker>): Promise<Order> {
  const form = orderFormSchema.parse(orderForm({ childName: "Fay", parentEmail: "fay@example.com" }));
  const placed = await createDemoOrder(t.deps, form, "user-1");
  for (let sweeps = 0; sweeps < 5; sweeps++) {
    await worker.sweep();
    const order = await getOrder(t.kv, placed.id);
    if (order?.status === "failed" && order.confirmationEmail?.sentAt) return order;
  }
  throw new Error("the order did not fail");
}

/** Failure emails the family got (the dev mailbox), and the order's record of sending one. */
async function failureEmails(t: TestApp, orderId: string) {
  const mailed = (await listDevMail(t.kv)).filter((mail) => mail.subject.startsWith("We hit a snag"));
  const recorded = (await listEvents(t.kv, orderId)).filter((event) =>
    event.message === FAILURE_EMAIL_SENT_WORDS
  );
  assertEquals(mailed.length, recorded.length, "each email sent is recorded once");
  return mailed.length;
}

/** Sweeps at each of `minutes` after the failure (the clock only moves forward). */
async function sweepAt(
  t: TestApp,
  worker: ReturnType<typeof clockWorker>,
  failedAt: number,
  minutes: number,
) {
  t.clock.set(Math.max(t.clock.now(), failedAt + minutes * MINUTE));
  await worker.sweep();
  await worker.sweep();
}

Deno.test("a failed order's family is told after the grace, not before, and once", async () => {
  const { t } = await studio("30");
  await using _app = t;
  await using worker = clockWorker(t);
  const failed = await failedOrder(t, worker);
  const failedAt = t.clock.now();
  assertEquals(failed.failureEmailDueAt, new Date(failedAt + GRACE).toISOString());
  assertEquals(failed.statusDetail, "Failed at Lyrics Generation.");

  for (const minutes of [0, 1, 15, 29]) {
    await sweepAt(t, worker, failedAt, minutes);
    assertEquals(await failureEmails(t, failed.id), 0, `${minutes} min after the failure`);
  }
  // Staff see when the family will be told.
  const admin = await adminHeaders(t);
  const detail = await (await t.request(`/api/admin/orders/${failed.id}`, { headers: admin })).json();
  assertEquals(detail.failureEmailDueAt, failed.failureEmailDueAt);

  await sweepAt(t, worker, failedAt, 30);
  assertEquals(await failureEmails(t, failed.id), 1, "told when the grace ran out");
  for (const minutes of [31, 60, 24 * 60]) {
    await sweepAt(t, worker, failedAt, minutes);
    assertEquals(await failureEmails(t, failed.id), 1, `still once, ${minutes} min after the failure`);
  }
  assertEquals((await getOrder(t.kv, failed.id))?.failureEmailSent, true);
});

/** What the family reads of the order: its My Songs card, its page as the owner and as anyone with the id. */
async function familyViews(t: TestApp, orderId: string) {
  const family = await sessionHeaders(t, "fay@example.com");
  const items = await (await t.request("/api/orders/user", { headers: family })).json();
  const card = items.find((item: { id: string }) => item.id === orderId);
  const own = await (await t.request(`/api/orders/${orderId}`, { headers: family })).json();
  const open = await (await t.request(`/api/orders/${orderId}`)).json();
  // The order-processing page confirms its start too, and reads the status it is answered.
  const started = await (await t.request(`/api/guest/orders/${orderId}/start-generation`, { method: "POST" }))
    .json();
  return {
    statuses: [card.status, own.status, open.status, started.status],
    errors: [card.error, own.error],
    progress: card.progress,
  };
}

Deno.test("the family's pages show a song being made during the grace, and the failure after its email", async () => {
  const { t } = await studio("30");
  await using _app = t;
  await using worker = clockWorker(t);
  const failed = await failedOrder(t, worker);
  const failedAt = t.clock.now();

  for (const minutes of [0, 29]) {
    await sweepAt(t, worker, failedAt, minutes);
    const seen = await familyViews(t, failed.id);
    assertEquals(
      seen.statuses,
      ["generating", "generating", "generating", "generating"],
      `${minutes} min after`,
    );
    assertEquals(seen.errors, [null, null]);
    assertEquals(seen.progress, "We're writing the words.");
  }

  await sweepAt(t, worker, failedAt, 30);
  assertEquals(await failureEmails(t, failed.id), 1);
  const told = await familyViews(t, failed.id);
  assertEquals(told.statuses, ["failed", "failed", "failed", "failed"]);
  assertEquals(told.errors, [FAILURE_WORDS, FAILURE_WORDS]);
  assertEquals(told.progress, null);
});

Deno.test("an order staff Regenerate within the grace never sends the failure email", async () => {
  const { t, words } = await studio("30");
  await using _app = t;
  await using worker = clockWorker(t);
  const failed = await failedOrder(t, worker);
  const failedAt = t.clock.now();
  await sweepAt(t, worker, failedAt, 10);

  words.refusing = false;
  const admin = await adminHeaders(t);
  const regenerated = await t.request(`/api/admin/orders/${failed.id}/regenerate`, {
    method: "POST",
    headers: admin,
  });
  assertEquals(regenerated.status, 200);
  const restarted = (await getOrder(t.kv, failed.id))!;
  assertEquals([restarted.status, restarted.failureEmailDueAt], ["generating", null]);

  for (const minutes of [20, 30, 31, 90]) {
    await sweepAt(t, worker, failedAt, minutes);
    assertEquals(await failureEmails(t, failed.id), 0, `${minutes} min after the failure`);
  }
  const after = (await getOrder(t.kv, failed.id))!;
  assert(after.status !== "failed", `the order was fixed, not failed again (${after.error})`);
  assertEquals(after.failureEmailSent, false);
});

Deno.test("an order staff upload a song to within the grace never sends the failure email", async () => {
  const { t } = await studio("30");
  await using _app = t;
  await using worker = clockWorker(t);
  const failed = await failedOrder(t, worker);
  const failedAt = t.clock.now();
  await sweepAt(t, worker, failedAt, 29);

  const admin = await adminHeaders(t);
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "fay.mp3", { type: "audio/mpeg" }),
  );
  const uploaded = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: admin,
    body: form,
  });
  assertEquals(uploaded.status, 201);
  const { songUrl } = await uploaded.json();
  const attached = await t.request(
    `/api/admin/orders/${failed.id}/upload`,
    jsonBody({ songUrl }, { headers: admin }),
  );
  assertEquals(attached.status, 200);

  for (const minutes of [30, 31, 24 * 60]) {
    await sweepAt(t, worker, failedAt, minutes);
    assertEquals(await failureEmails(t, failed.id), 0, `${minutes} min after the failure`);
  }
  const after = (await getOrder(t.kv, failed.id))!;
  assertEquals([after.status, after.failureEmailSent, after.failureEmailDueAt], ["completed", false, null]);
});

Deno.test("with FAILURE_EMAIL_GRACE_MINUTES=0 the family is told at once, as before", async () => {
  const { t } = await studio("0");
  await using _app = t;
  await using worker = clockWorker(t);
  const failed = await failedOrder(t, worker);
  // Due the moment it failed, so the sweep that failed it may have sent it already.
  await worker.sweep();
  assertEquals(await failureEmails(t, failed.id), 1, "without moving the clock");
  await sweepAt(t, worker, t.clock.now(), 60);
  assertEquals(await failureEmails(t, failed.id), 1);
});
