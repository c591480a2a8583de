import type { Order } from "../../../domain/order/orders.ts";
import { songUrlFor } from "../../../domain/song/download.ts";
import type { SongTake, TakeNumber } from "../../../domain/song/takes.ts";
import { owedEmailSent } from "../../../domain/email/owed.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createSession } from "../../../kv/sessions.ts";
import { upsertUserOnSignIn } from "../../../kv/users.ts";
import { jsonBody, type TestApp } from "../../helpers.ts";
import { clockWorker, placeOrder, runPipeline, settled } from "../jobs/helpers.ts";

export { clockWorker };

const timingSettled = (order: Order) => (order.songTakes ?? []).every((take) => take.timing.state !== "owed");

/**
 * A song made by the real pipeline (the local lyricist and synthesiser), then approved and delivered
 * in storage, for tests of pages that show delivered songs (the delivery itself has its own tests).
 * The pipeline runs on the test's clock, so the app must have no worker of its own (no `jobs: true`).
 */
export async function deliveredOrder(
  t: TestApp,
  overrides: Parameters<typeof placeOrder>[1] = {},
  userId = "user-1",
): Promise<Order> {
  const placed = await placeOrder(t, overrides, userId);
  // With its timed lyrics settled too, so a page shows what it will always show.
  const made = await runPipeline(t, placed.id, (order) => settled(order) && timingSettled(order));
  if (made.status !== "completed") throw new Error(`the song was not made: ${made.error}`);
  const now = new Date(t.clock.now()).toISOString();
  const delivered = await updateOrder(t.kv, made.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    approvedAt: now,
    approvedBy: "admin@example.com",
    deliveryScheduledFor: now,
    emailScheduledFor: now,
    emailSentAt: now,
    emailSendCount: 1,
  }));
  return delivered!;
}

/**
 * An order whose song is made and waiting for review, set up in storage without running the
 * pipeline (for tests on a TestClock). Like a made song it has two takes, each a small stored blob
 * (so downloads work), without timed lyrics; Take 1 is the song.
 */
export async function completedOrder(
  t: TestApp,
  overrides: Parameters<typeof placeOrder>[1] = {},
  userId = "user-1",
): Promise<Order> {
  const placed = await placeOrder(t, overrides, userId);
  const takes = await Promise.all(([1, 2] as const).map((take) => storedTake(t, take)));
  const blob = { id: takes[0].blobId };
  const made = await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: `${order.childName}'s Song`,
    songLyrics: `Verse one for ${order.childName}\nChorus line`,
    songTags: "pop, happy",
    songUrl: songUrlFor(t.config.appUrl, blob.id),
    songBlobId: blob.id,
    songTakes: takes,
    completedAt: new Date(t.clock.now()).toISOString(),
    // Its confirmation went when it was placed: the emails under test are the song's.
    confirmationEmail: order.confirmationEmail &&
      owedEmailSent(order.confirmationEmail, Date.parse(order.createdAt)),
  }));
  return made!;
}

/** A take of a test song: a few MP3-looking bytes of its own, its timing not to be had. */
async function storedTake(t: TestApp, take: TakeNumber): Promise<SongTake> {
  const blob = await t.deps.blobs.put(new Uint8Array([0xff, 0xfb, 0x90, 0x00, take, 2, 3, 4]), {
    contentType: "audio/mpeg",
    now: t.clock.now(),
  });
  return {
    take,
    audioId: `test-track-${take}`,
    blobId: blob.id,
    songUrl: songUrlFor(t.config.appUrl, blob.id),
    title: null,
    durationSeconds: 8,
    timing: { state: "absent", reason: "A test song has no timed lyrics.", attempts: 0 },
  };
}

export const ADMIN_EMAIL = "boss@example.com";

/** The app's env for delivery tests: an admin, and queue-less jobs so only the test's sweeps act. */
export const DELIVERY_ENV = { ADMIN_EMAILS: ADMIN_EMAIL, JOB_QUEUE: "off" } as const;

/**
 * A Bearer header for `email`, with the user and session made in storage as a sign-in would make
 * them (the sign-in flow has its own tests; here the mail may be going to an SMTP sink).
 */
export async function sessionHeaders(t: TestApp, email: string): Promise<Record<string, string>> {
  const { user } = await upsertUserOnSignIn(t.kv, email, t.config, t.clock.now());
  return { authorization: `Bearer ${await createSession(t.kv, user.id, t.clock.now())}` };
}

export const adminHeaders = (t: TestApp) => sessionHeaders(t, ADMIN_EMAIL);

/** A staff call to one of the admin order endpoints. */
export async function adminCall(
  t: TestApp,
  headers: Record<string, string>,
  orderId: string,
  action: "approve" | "send-now" | "resend-email" | "revoke-links",
  /** What staff confirmed, where the call takes it (Send Now before the family's day names that day). */
  body?: unknown,
) {
  const init = body === undefined ? { method: "POST", headers } : jsonBody(body, { headers });
  const response = await t.request(`/api/admin/orders/${orderId}/${action}`, init);
  return { status: response.status, body: await response.json() };
}
