/**
 * Orders in the states the staff side shows, written straight into the store (no pipeline run), for
 * the staff-side browser tests and their accessibility views (tests/e2e/accessibility/admin_views.ts).
 */
import { discountReview } from "../../../domain/referral/discount_review.ts";
import { songUrlFor } from "../../../domain/song/download.ts";
import { buildEvent, type EventDraft } from "../../../domain/generation/events.ts";
import type { Order } from "../../../domain/order/orders.ts";
import type { SongTake, TakeNumber } from "../../../domain/song/takes.ts";
import { type TimedLyrics, timedLyricsFromAlignedWords } from "../../../domain/song/timed_lyrics.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { addEvents } from "../../../kv/events.ts";
import { putTimedLyrics } from "../../../kv/lyrics_timing.ts";
import { getOrderBySession, updateOrder } from "../../../kv/orders.ts";
import {
  planMelody,
  renderSongMp3,
  songDurationSeconds,
  type SynthRequest,
} from "../../../providers/music/synth.ts";
import type { TestApp } from "../../helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import { orderForm, payLocally, startCheckout } from "../../integration/orders/helpers.ts";

/**
 * Moves the app's clock past the seeding, which stamps orders with the real time: staff's calls then
 * answer with a newer order than the seeding wrote, as in a running studio (the dashboard keeps a
 * call's answer only when it is at least as new as the row it has).
 */
export function afterSeeding(t: TestApp) {
  t.clock.set(Date.now() + 60_000);
}

/** A completed order waiting for review, with a real MP3 from the local synthesiser. */
export async function songOrder(t: TestApp, childName: string, parentEmail = "parent@example.com") {
  const placed = await placeOrder(t, { childName, parentEmail });
  const blob = await t.deps.blobs.put(synthMp3(), { contentType: "audio/mpeg", now: t.clock.now() });
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: `${childName}'s Big Day`,
    songLyrics:
      `[Verse]\n${childName} wakes up with the sun\nEvery day is so much fun\n\n[Chorus]\nSing it loud`,
    songTags: "pop, happy",
    songUrl: songUrlFor(t.config.appUrl, blob.id),
    songBlobId: blob.id,
    completedAt: new Date(t.clock.now()).toISOString(),
  })))!;
}

export const REQUEST_ID = "req_0123456789abcdefghijklmnop";
export const TASK_ID = "task-fedcba9876543210-zyxwv";

/** A failed order with a full timeline: the music service gave up after three retries. */
export async function failedWithTimeline(t: TestApp, childName: string): Promise<Order> {
  const placed = await placeOrder(t, { childName, parentEmail: "parent@example.com" });
  const start = Date.parse("2026-01-15T08:00:00Z");
  const at = (minutes: number) => start + minutes * 60_000;
  const drafts: [EventDraft, number][] = [
    // Written late on purpose: the timeline is ordered by stage first.
    [
      {
        stage: "PAYMENT_VERIFY",
        type: "SUCCESS",
        message: "Demo order: no payment needed.",
        provider: "app",
      },
      3,
    ],
    [{ stage: "LYRICS", type: "START", message: "Writing the lyrics." }, 0],
    [{
      stage: "LYRICS",
      type: "SUCCESS",
      message: "Lyrics written.",
      provider: "openai",
      httpStatus: 200,
      method: "POST",
      endpoint: "/v1/chat/completions",
      durationMs: 4210,
      requestId: REQUEST_ID,
    }, 1],
    [{ stage: "TAGS", type: "SUCCESS", message: "Style chosen.", provider: "openai", httpStatus: 200 }, 2],
    [{
      stage: "SUNO_CREATE",
      type: "SUCCESS",
      message: "Song task created.",
      provider: "suno",
      httpStatus: 200,
      method: "POST",
      endpoint: "/api/v1/generate",
      durationMs: 830,
      code: 200,
      taskId: TASK_ID,
    }, 4],
    ...[1, 2, 3].map((retry): [EventDraft, number] => [{
      stage: "SUNO_STATUS",
      type: "RETRY",
      message: "The music service answered 503.",
      provider: "suno",
      httpStatus: 503,
      method: "GET",
      endpoint: "/api/v1/generate/record-info",
      retryCount: retry,
      taskId: TASK_ID,
    }, 10 + retry * 30]),
    [{
      stage: "SUNO_STATUS",
      type: "ERROR",
      message: "The music service answered 503.",
      provider: "suno",
      httpStatus: 503,
      method: "GET",
      endpoint: "/api/v1/generate/record-info",
      retryCount: 3,
      taskId: TASK_ID,
    }, 125],
  ];
  const events = drafts.map(([draft, minutes], index) => buildEvent(draft, at(minutes), index));
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "SUNO_STATUS",
    failureType: "suno",
    error: "Song Status Check failed: the music service answered 503.",
    lastErrorCode: 503,
    retryCount: 3,
    statusDetail: "Failed at Song Status Check.",
    generationStartedAt: new Date(start).toISOString(),
    nextPollAt: null,
    // Within FAILURE_EMAIL_GRACE_MINUTES: the family has not been told yet (the browser's clock is real).
    failureEmailSent: false,
    failureEmailDueAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  }), (operation, next) => addEvents(operation, next.id, events)))!;
}

/** Issue 23: an order whose generation failed writing its lyrics, so it has no lyrics and no title. */
export async function failedAtLyrics(t: TestApp, childName: string): Promise<Order> {
  const placed = await placeOrder(t, { childName, parentEmail: "parent@example.com" });
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "LYRICS",
    failureType: "lyrics",
    error: "Lyrics Generation failed: the lyrics service is unavailable.",
    lastErrorCode: 503,
    nextPollAt: null,
    songTitle: null,
    songLyrics: null,
    failureEmailSent: false,
    failureEmailDueAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  })))!;
}

/**
 * A paid order (the local checkout) whose discount fulfilment judged against the rules: how it is
 * flagged is covered by tests/integration/orders/money_rules_test.ts.
 */
export async function flaggedOrder(t: TestApp): Promise<Order> {
  const { body } = await startCheckout(t, orderForm({ parentEmail: "alice+2@example.com" }));
  await payLocally(t, body.sessionId);
  const order = (await getOrderBySession(t.kv, body.sessionId))!;
  const review = discountReview("self", "ALICE-7K3Q", {
    buyer: order.parentEmail,
    amountDiscount: 1250,
    amountTotal: order.totalPrice,
    now: t.clock.now(),
  });
  return (await updateOrder(t.kv, order.id, (current) => ({ ...current, discountReview: review })))!;
}

export const TAKES_LYRICS = [
  "[Verse]",
  "Pia wakes up with the sun",
  "Runs outside to have some fun",
  "",
  "[Chorus]",
  "Sing it loud and sing it clear",
  "Pia's song for all to hear",
].join("\n");

/** The words as the local synthesiser sings them in this take: what its timed lyrics would be. */
function timingOf(request: SynthRequest): TimedLyrics {
  const melody = planMelody(request);
  const lyrics = timedLyricsFromAlignedWords(melody.words.map((word, index) => ({
    word: `${index > 0 && word.line !== melody.words[index - 1].line ? "\n" : ""}${word.text}`,
    startS: word.start,
    endS: word.end,
    success: true,
  })));
  if (!lyrics || lyrics.lines.length < 3) throw new Error("the synthesiser sang too few lines to test");
  return lyrics;
}

export interface TwoTakes {
  order: Order;
  takes: SongTake[];
  /** Take 2's timed lyrics (Take 1's are still owed). */
  timing: TimedLyrics;
}

/**
 * A finished order with both takes stored (issue 21), as the pipeline leaves it: Take 1 delivered by
 * default, its timed lyrics still owed; Take 2's stored.
 */
export async function twoTakeOrder(t: TestApp, childName: string, overrides: Partial<Order> = {}) {
  const placed = await placeOrder(t, { childName, parentEmail: "parent@example.com" });
  const now = new Date().toISOString();
  const takes: SongTake[] = [];
  let timing: TimedLyrics | null = null;
  for (const take of [1, 2] as TakeNumber[]) {
    const request: SynthRequest = {
      lyrics: TAKES_LYRICS,
      title: `${childName}'s Big Day`,
      style: "pop",
      singer: "female",
      take,
    };
    const blob = await t.deps.blobs.put(renderSongMp3(request), {
      contentType: "audio/mpeg",
      now: Date.now(),
    });
    if (take === 2) {
      timing = timingOf(request);
      await putTimedLyrics(t.kv, blob.id, timing);
    }
    takes.push({
      take,
      audioId: `audio-${take}`,
      blobId: blob.id,
      songUrl: songUrlFor(t.config.appUrl, blob.id),
      title: take === 1 ? `${childName}'s Big Day` : `${childName}'s Big Day (Take 2)`,
      durationSeconds: songDurationSeconds(request),
      timing: take === 2
        ? { state: "stored", storedAt: now, lines: timing!.lines.length }
        : { state: "owed", dueAt: new Date(Date.now() + 5 * 60_000).toISOString(), attempts: 1 },
    });
  }
  const order = await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: `${childName}'s Big Day`,
    songLyrics: TAKES_LYRICS,
    songTags: "pop",
    songTakes: takes,
    // The order's song is always the delivered take's (domain/song/takes.ts).
    songUrl: takes[0].songUrl,
    songBlobId: takes[0].blobId,
    completedAt: now,
    // Older than the app's test clock, as a stored order is: the dashboard keeps the newer of a
    // call's answer and its own copy by this.
    updatedAt: new Date(t.clock.now() - 60_000).toISOString(),
    ...overrides,
  }));
  return { order: order!, takes, timing: timing! } satisfies TwoTakes;
}

/** Approved and its email sent at `at` (now unless said), so the family's page has the song. */
export async function markDelivered(t: TestApp, orderId: string, at = new Date().toISOString()) {
  return (await updateOrder(t.kv, orderId, (order) => ({
    ...order,
    approvalStatus: "approved",
    approvedAt: at,
    approvedBy: "boss@example.com",
    deliveryScheduledFor: at,
    emailScheduledFor: at,
    emailSentAt: at,
    emailSendCount: 1,
  })))!;
}
