import { assertEquals } from "@std/assert";
import {
  approved,
  BACK_TO_REVIEW,
  bonusTakeOffered,
  deliveryRequestChanged,
  emailSent,
  FAILURE_CLEARED,
  generationFailed,
  generationStarted,
  held,
  listened,
  OUT_OF_PIPELINE,
  rejected,
  remade,
  restarted,
  sendClaimed,
  sendDueNow,
  sendFailed,
  songMade,
  songUploaded,
  takeChosen,
  TAKES_CLEARED,
  UNHEARD,
} from "../../../../domain/order/lifecycle.ts";
import { dueWorkOf } from "../../../../domain/order/due_work.ts";
import type { SongTake } from "../../../../domain/song/takes.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../../domain/order/orders.ts";
import { priceOrder } from "../../../../domain/order/pricing.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");
const T = (ms: number) => new Date(ms).toISOString();
const SONG = { songUrl: "https://x.test/audio/b1.mp3", songBlobId: "b1", songTitle: "Mia's Song" };
const TAKE = (take: 1 | 2): SongTake => ({
  take,
  audioId: `track-${take}`,
  blobId: `b${take}`,
  songUrl: `https://x.test/audio/b${take}.mp3`,
  title: "Mia's Song",
  durationSeconds: 20,
  timing: { state: "owed", dueAt: new Date(NOW).toISOString(), attempts: 0 },
});
const TAKES = [TAKE(1), TAKE(2)];

const pending = (): Order =>
  buildOrder(orderFormSchema.parse({ childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" }), {
    id: crypto.randomUUID(),
    orderNumber: 1000,
    userId: null,
    price: priceOrder(false),
    payment: { kind: "demo" },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: NOW - 60_000,
  });

/** The states an order passes through, each built by the transitions themselves. */
const generating = () => generationStarted(pending(), NOW);
const completed = () => ({ ...generating(), ...songMade(SONG, TAKES, NOW), ...OUT_OF_PIPELINE });
const approvedSong = () => approved(completed(), "boss@example.com", NOW, NOW + 3_600_000);
const sent = () => ({ ...approvedSong(), emailSentAt: T(NOW), deliveryDueAt: null });
const failed = (): Order => ({
  ...generating(),
  currentStage: "SUNO_CREATE",
  status: "failed",
  failureType: "suno",
  error: "refused",
  lastErrorCode: 503,
  failureEmailDueAt: T(NOW),
  retryCount: 4,
});

const REJECTION = { reason: "The name is sung wrong.", by: "boss@example.com", at: T(NOW) };
const LISTEN = { playedMs: 102_000, durationMs: 130_000, by: "boss@example.com", at: T(NOW) };

const BIRTHDAY = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };

const CLAIM = { round: 1, claimedAt: T(NOW), messageIds: { main: "<m>" }, sent: [] };
const claimedSend = () => sendClaimed(sendDueNow(approvedSong(), NOW), CLAIM, NOW + 300_000, null);

/** What each state reads as, in the fields that say where an order is. */
const where = (order: Order) => ({
  status: order.status,
  approval: order.approvalStatus,
  stage: order.currentStage ?? null,
  due: order.deliveryDueAt ?? null,
  sent: order.emailSentAt ?? null,
});

Deno.test("lifecycle: each move from each state, as a table", () => {
  const table: [string, Order, Partial<ReturnType<typeof where>>][] = [
    ["paid → generating", generating(), { status: "generating", approval: "pending", stage: "LYRICS" }],
    ["generating → completed", completed(), { status: "completed", approval: "pending", stage: null }],
    ["completed → approved", approvedSong(), {
      status: "completed",
      approval: "approved",
      due: T(NOW + 3_600_000),
    }],
    ["approved → send due now", sendDueNow(approvedSong(), NOW), { approval: "approved", due: T(NOW) }],
    ["sent → resend due now", sendDueNow(sent(), NOW), { due: T(NOW), sent: T(NOW) }],
    [
      "send due → claimed, due again when its lease runs out",
      sendClaimed(sendDueNow(approvedSong(), NOW), CLAIM, NOW + 300_000, null),
      {
        approval: "approved",
        due: T(NOW + 300_000),
        sent: null,
      },
    ],
    [
      "claimed → refused, tried again later",
      sendFailed(claimedSend(), { reason: "451", attempts: 1, retryAt: NOW + 5_000 }, NOW),
      {
        due: T(NOW + 5_000),
        sent: null,
      },
    ],
    [
      "claimed → refused the last time, left to staff",
      sendFailed(claimedSend(), { reason: "451", attempts: 8, retryAt: null }, NOW),
      {
        approval: "approved",
        due: null,
        sent: null,
      },
    ],
    ["claimed → sent", emailSent(claimedSend(), 1, "<m>", NOW), { due: null, sent: T(NOW) }],
    [
      "approved → the family moves the day, the one send moves",
      deliveryRequestChanged(
        approvedSong(),
        BIRTHDAY,
        Date.parse(BIRTHDAY.at),
        NOW,
      ),
      { approval: "approved", due: BIRTHDAY.at, sent: null },
    ],
    ["approved → as soon as it's ready", deliveryRequestChanged(approvedSong(), null, NOW + 60_000, NOW), {
      due: T(NOW + 60_000),
    }],
    [
      "in review → the family chooses a day, nothing is scheduled yet",
      deliveryRequestChanged(
        completed(),
        BIRTHDAY,
        null,
        NOW,
      ),
      { approval: "pending", due: null },
    ],
    ["failed → restarted at its stage", restarted(failed(), "SUNO_CREATE", NOW), {
      status: "generating",
      stage: "SUNO_CREATE",
    }],
    ["sent → re-made, back to review", remade(sent(), NOW), {
      status: "generating",
      approval: "pending",
      stage: "TAGS",
      due: null,
      sent: null,
    }],
    ["failed → uploaded", songUploaded(failed(), SONG, "boss@example.com", NOW), {
      status: "completed",
      approval: "pending",
      stage: null,
    }],
    ["approved → uploaded, back to review", songUploaded(approvedSong(), SONG, "boss@example.com", NOW), {
      status: "completed",
      approval: "pending",
      due: null,
    }],
    ["in review → rejected, made again", rejected(completed(), REJECTION, NOW), {
      status: "generating",
      approval: "rejected",
      stage: "TAGS",
      due: null,
    }],
    ["approved → rejected, its send cancelled", rejected(approvedSong(), REJECTION, NOW), {
      status: "generating",
      approval: "rejected",
      stage: "TAGS",
      due: null,
      sent: null,
    }],
    ["rejected → made again, back in review", {
      ...rejected(completed(), REJECTION, NOW),
      ...songMade(SONG, TAKES, NOW),
      ...OUT_OF_PIPELINE,
    }, { status: "completed", approval: "pending", stage: null }],
    ["approved → held, back in review with nothing due", held(approvedSong(), "boss@example.com", NOW), {
      status: "completed",
      approval: "pending",
      due: null,
      sent: null,
    }],
    ["sent now by staff → held, nothing due", held(sendDueNow(approvedSong(), NOW), "boss", NOW), {
      approval: "pending",
      due: null,
    }],
  ];
  for (const [move, order, expected] of table) {
    const actual = where(order);
    assertEquals(
      Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key as keyof typeof actual]])),
      expected,
      move,
    );
  }
});

Deno.test("lifecycle: a moved day is stored and said on the whole schedule, attempts start again", () => {
  const retrying = sendFailed(claimedSend(), { reason: "451", attempts: 3, retryAt: null }, NOW);
  const moved = deliveryRequestChanged(
    { ...retrying, deliveryClaim: null },
    BIRTHDAY,
    Date.parse(BIRTHDAY.at),
    NOW,
  );
  assertEquals(moved.requestedDelivery, BIRTHDAY);
  assertEquals(
    [moved.deliveryScheduledFor, moved.emailScheduledFor, moved.deliveryDueAt],
    [BIRTHDAY.at, BIRTHDAY.at, BIRTHDAY.at],
  );
  assertEquals([moved.deliveryAttempts, moved.deliveryError], [0, null]);
  const waiting = deliveryRequestChanged(completed(), BIRTHDAY, null, NOW);
  assertEquals(waiting.requestedDelivery, BIRTHDAY);
  assertEquals(waiting.deliveryScheduledFor ?? null, null);
});

Deno.test("lifecycle: only a pending order starts generating; a second start changes nothing", () => {
  const started = generating();
  assertEquals(generationStarted(started, NOW + 5000), started);
  const stopped = failed();
  assertEquals(generationStarted(stopped, NOW), stopped);
});

Deno.test("lifecycle: a run that gives up owes the family its failure email when told to, not before", () => {
  const GRACE_MS = 30 * 60_000;
  const stopped = generationFailed(
    generating(),
    "SUNO_CREATE",
    { error: "Song Creation failed.", httpStatus: 503 },
    NOW + GRACE_MS,
  );
  assertEquals([stopped.status, stopped.failureType, stopped.statusDetail], [
    "failed",
    "suno",
    "Failed at Song Creation.",
  ]);
  assertEquals(
    [stopped.failureEmailSent, stopped.failureEmailDueAt, stopped.failureEmailAttempts],
    [false, T(NOW + GRACE_MS), 0],
  );
  assertEquals(dueWorkOf(stopped), [{ job: "failure-email", dueAt: NOW + GRACE_MS, lane: "customer" }]);
  // Fixed within the grace: nothing is owed any more, by a restart or an upload alike.
  assertEquals(dueWorkOf(restarted(stopped, "SUNO_CREATE", NOW + 60_000)).map((work) => work.job), [
    "generation",
  ]);
  assertEquals(dueWorkOf(songUploaded(stopped, SONG, "boss", NOW + 60_000)), []);
  // No grace: told at once, as before.
  assertEquals(
    generationFailed(generating(), "LYRICS", { error: "x", httpStatus: 401 }, NOW).failureEmailDueAt,
    T(NOW),
  );
});

Deno.test("lifecycle: moves that mean the same clear the same fields", () => {
  const pick = (order: Order, fields: object) =>
    Object.fromEntries(Object.keys(fields).map((key) => [key, order[key as keyof Order]]));
  // Back to review: a re-made song and an uploaded one forget the approval and its send alike.
  assertEquals(pick(remade(sent(), NOW), BACK_TO_REVIEW), BACK_TO_REVIEW);
  assertEquals(pick(songUploaded(sent(), SONG, "boss", NOW), BACK_TO_REVIEW), BACK_TO_REVIEW);
  // A new run owes no failure email and shows no old error.
  assertEquals(pick(restarted(failed(), "TAGS", NOW), FAILURE_CLEARED), FAILURE_CLEARED);
  assertEquals(pick(songUploaded(failed(), SONG, "boss", NOW), FAILURE_CLEARED), FAILURE_CLEARED);
  // An uploaded song leaves the pipeline entirely.
  assertEquals(pick(songUploaded(failed(), SONG, "boss", NOW), OUT_OF_PIPELINE), OUT_OF_PIPELINE);
  // Each new run has its own retry budget, and is counted.
  const again = restarted(failed(), "SUNO_CREATE", NOW);
  assertEquals([again.retryCount, again.regenerationCount, again.lastErrorCode], [0, 1, 503]);
  assertEquals(remade(sent(), NOW).lastErrorCode, null);
  // A new song forgets the takes of the one before, and staff's choices among them.
  const chosen = bonusTakeOffered(takeChosen(sent(), TAKE(2), "boss", NOW), true, "boss", NOW);
  assertEquals(pick(remade(chosen, NOW), TAKES_CLEARED), TAKES_CLEARED);
  assertEquals(pick(songUploaded(chosen, SONG, "boss", NOW), TAKES_CLEARED), TAKES_CLEARED);
});

Deno.test("lifecycle: a made song keeps both takes and delivers Take 1 until staff choose", () => {
  const made = completed();
  assertEquals(made.songTakes, TAKES);
  assertEquals([made.takeChoice, made.bonusTake, made.songBlobId], [null, null, "b1"]);
});

Deno.test("lifecycle: choosing a take makes it the song; after the email went, it goes again", () => {
  const inReview = takeChosen(completed(), TAKE(2), "boss", NOW);
  assertEquals([inReview.songUrl, inReview.songBlobId], [TAKE(2).songUrl, "b2"]);
  assertEquals(inReview.takeChoice, { take: 2, by: "boss", at: T(NOW) });
  assertEquals(inReview.deliveryDueAt ?? null, null, "nothing is sent before approval");

  const waiting = takeChosen(approvedSong(), TAKE(2), "boss", NOW);
  assertEquals(
    waiting.deliveryDueAt,
    approvedSong().deliveryDueAt,
    "the scheduled send carries the new take",
  );

  const delivered = takeChosen(sent(), TAKE(2), "boss", NOW + 5);
  assertEquals([delivered.deliveryDueAt, delivered.emailScheduledFor], [T(NOW + 5), T(NOW + 5)]);

  const resendWaiting = { ...sent(), deliveryDueAt: T(NOW + 60_000) };
  assertEquals(takeChosen(resendWaiting, TAKE(2), "boss", NOW).deliveryDueAt, T(NOW + 60_000), "not doubled");
});

Deno.test("lifecycle: offering the other take records who and when, and withdrawing clears it", () => {
  const offered = bonusTakeOffered(completed(), true, "boss", NOW);
  assertEquals(offered.bonusTake, { by: "boss", at: T(NOW) });
  assertEquals(bonusTakeOffered(offered, false, "boss", NOW).bonusTake, null);
});

Deno.test("lifecycle: a hold cancels the send exactly and forgets the approval, not the song or the listen", () => {
  const heard = listened(approvedSong(), LISTEN);
  const back = held(heard, "ann", NOW + 5);
  const pick = (order: Order, fields: object) =>
    Object.fromEntries(Object.keys(fields).map((key) => [key, order[key as keyof Order]]));
  assertEquals(pick(back, BACK_TO_REVIEW), BACK_TO_REVIEW);
  assertEquals([back.songUrl, back.songTakes, back.reviewListen], [heard.songUrl, TAKES, LISTEN]);
  assertEquals(back.statusDetail, "Held by ann; the email is cancelled and the song is back in Review.");
  assertEquals(back.updatedAt, T(NOW + 5));
});

Deno.test("lifecycle: a rejection is made again like Regenerate, keeps its reason until the next approval", () => {
  const base = approvedSong();
  const rejectedSong = rejected(base, REJECTION, NOW);
  const pickRest = ({ approvalStatus: _a, rejection: _r, statusDetail: _s, ...rest }: Order) => rest;
  assertEquals(
    pickRest(rejectedSong),
    pickRest(remade(base, NOW)),
    "the same move as a re-make, both takes made again",
  );
  assertEquals([rejectedSong.approvalStatus, rejectedSong.rejection], ["rejected", REJECTION]);
  assertEquals(
    rejectedSong.statusDetail,
    "Rejected by boss@example.com; making the song again from Music Tags.",
  );

  const madeAgain = { ...rejectedSong, ...songMade(SONG, TAKES, NOW + 1), ...OUT_OF_PIPELINE };
  assertEquals(
    [madeAgain.approvalStatus, madeAgain.rejection],
    ["pending", REJECTION],
    "staff still see why",
  );
  const approvedAgain = approved(madeAgain, "boss", NOW + 2, NOW + 3);
  assertEquals(approvedAgain.rejection, null, "the approval settles the review");
});

Deno.test("lifecycle: the furthest point heard of a song is kept; a different song is unheard", () => {
  const first = listened(completed(), { ...LISTEN, playedMs: 30_000 });
  assertEquals(first.reviewListen?.playedMs, 30_000);
  const further = listened(first, LISTEN);
  assertEquals(further.reviewListen, LISTEN);
  assertEquals(
    listened(further, { ...LISTEN, playedMs: 10_000, by: "other" }),
    further,
    "less keeps the larger",
  );
  assertEquals(listened(further, LISTEN), further, "the same is already so");
  assertEquals(
    listened(completed(), { ...LISTEN, playedMs: 140_000 }).reviewListen?.playedMs,
    130_000,
    "no further than the song lasts",
  );

  const pick = (order: Order) => ({ reviewListen: order.reviewListen });
  assertEquals(pick({ ...further, ...songMade(SONG, TAKES, NOW) }), UNHEARD);
  assertEquals(pick(songUploaded(further, SONG, "boss", NOW)), UNHEARD);
  assertEquals(pick(remade(further, NOW)), UNHEARD);
  assertEquals(pick(takeChosen(further, TAKE(2), "boss", NOW)), UNHEARD);
  assertEquals(pick(restarted({ ...failed(), reviewListen: LISTEN }, "TAGS", NOW)), UNHEARD);
  // Approving, holding or sending the same song keeps what was heard of it.
  assertEquals(approved(further, "boss", NOW, NOW + 1).reviewListen, LISTEN);
  assertEquals(sendDueNow(further, NOW).reviewListen, LISTEN);
});
