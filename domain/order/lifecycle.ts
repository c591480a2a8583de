import type { DeliveryClaim, DeliveryPart, Order } from "./orders.ts";
import type { RequestedDelivery } from "../delivery/requested.ts";
import type { Rejection, ReviewListen } from "../admin/staff_actions.ts";
import { owedEmailDueNow } from "../email/owed.ts";
import { type SongTake, takeLabel } from "../song/takes.ts";
import { failureTypeOf, type GenerationStage, STAGE_LABELS } from "../generation/stages.ts";
import { iso } from "../time.ts";

/**
 * How an order moves, in one place: paid → generating → completed → approved → sent, and the side
 * doors: failed, restarted (from the failed stage), re-made (a finished song made again), uploaded
 * (staff's own song). Each transition is pure and answers the next order; its caller commits it with
 * the events and job messages in one atomic write. The field groups say what a move clears, so two
 * moves that mean the same thing clear the same fields.
 */

/** Customer-side §4: the first stage of generation after payment. */
export const FIRST_GENERATION_STAGE: GenerationStage = "LYRICS";

/** What "back to review" clears: an approval, and the send it scheduled, were for another song. */
export const BACK_TO_REVIEW = {
  approvalStatus: "pending",
  approvedAt: null,
  approvedBy: null,
  deliveryScheduledFor: null,
  emailScheduledFor: null,
  deliveryDueAt: null,
  deliveryAttempts: 0,
  deliveryError: null,
} as const satisfies Partial<Order>;

/** What a new song clears of the one before: its takes, and staff's choices among them. */
export const TAKES_CLEARED = {
  songTakes: null,
  takeChoice: null,
  bonusTake: null,
} as const satisfies Partial<Order>;

/** What a different song clears: what staff heard was of the song before. */
export const UNHEARD = {
  reviewListen: null,
} as const satisfies Partial<Order>;

/** What a fresh run clears of the step it replaces: no claim, retry count or wait is carried over. */
const FRESH_STEP = {
  stepClaim: null,
  stageStartedAt: null,
  stageRetries: 0,
  storageWaitSince: null,
} as const satisfies Partial<Order>;

/** What leaving the pipeline clears: no stage, claim, poll or deadline is left to act on. */
export const OUT_OF_PIPELINE = {
  ...FRESH_STEP,
  currentStage: null,
  nextPollAt: null,
  songDeadlineAt: null,
} as const satisfies Partial<Order>;

/** What a new run clears of the failure before it (the failure email is no longer owed). */
export const FAILURE_CLEARED = {
  error: null,
  failureType: null,
  failureEmailDueAt: null,
} as const satisfies Partial<Order>;

/**
 * Paid (or a demo order placed): `generating`, at the first stage and due now, which puts it in the
 * due-time index the sweeper reads, so a paid order is never left idle. Only a pending order moves.
 */
export function generationStarted(order: Order, now: number): Order {
  if (order.status !== "pending") return order;
  const stamp = iso(now);
  return {
    ...order,
    status: "generating",
    currentStage: FIRST_GENERATION_STAGE,
    generationStartedAt: stamp,
    nextPollAt: stamp,
    stageRetries: 0,
    statusDetail: `${STAGE_LABELS[FIRST_GENERATION_STAGE]} is next.`,
    updatedAt: stamp,
  };
}

/**
 * A paid or demo order as it is created: generating, and owing the family one confirmation email,
 * due now (jobs/confirmation_email.ts). Staff's manual orders are not placed this way: the family
 * hears from us when the song is delivered.
 */
export function orderPlaced(order: Order, now: number): Order {
  return { ...generationStarted(order, now), confirmationEmail: owedEmailDueNow(now) };
}

/**
 * A step of `stage` begins (jobs/generation.ts): the claim is stored before the outside call, so a
 * crash is seen, and the step is due again at `dueAgainAt`, when the worker's lease runs out.
 * `noted`: the claim's write records events (the stage's START, an interrupted step's RETRY).
 */
export function stepClaimed(
  order: Order,
  claim: { stage: GenerationStage; attemptId: string },
  now: number,
  dueAgainAt: number,
  noted: boolean,
): Order {
  const { stage } = claim;
  return {
    ...order,
    currentStage: stage,
    stepClaim: { ...claim, claimedAt: iso(now) },
    stageStartedAt: order.stageStartedAt ?? iso(now),
    nextPollAt: iso(dueAgainAt),
    // While polling, the last word from the music service says more than "in progress".
    statusDetail: stage === "SUNO_STATUS" && order.statusDetail?.startsWith("The music service")
      ? order.statusDetail
      : `${STAGE_LABELS[stage]} in progress.`,
    lastEventAt: noted ? iso(now) : order.lastEventAt ?? null,
    updatedAt: iso(now),
  };
}

/**
 * Song creation was interrupted by a crash: its callback, which names the attempt, may yet tell us
 * the task id, so the step is not run again before `until`.
 */
export function stepAwaitsCallback(order: Order, until: number): Order {
  return {
    ...order,
    nextPollAt: iso(until),
    statusDetail: "Waiting to hear whether the music service took the song before the worker stopped.",
  };
}

/** A step's outcome settles it: its claim is let go, and the outcome is the order's latest news. */
export function stepSettled(order: Order, now: number): Order {
  return { ...order, stepClaim: null, updatedAt: iso(now), lastEventAt: iso(now) };
}

/** A stage is done: what it `made` is kept, and stage `to` is due `delayMs` later, with retries of its own. */
export function stageAdvanced(
  order: Order,
  to: GenerationStage,
  made: Partial<Order>,
  now: number,
  delayMs = 0,
): Order {
  return {
    ...stepSettled(order, now),
    ...made,
    currentStage: to,
    stageStartedAt: null,
    stageRetries: 0,
    nextPollAt: iso(now + delayMs),
    statusDetail: `${STAGE_LABELS[to]} is next.`,
  };
}

/**
 * The stage is not done yet (the song is still being made, or waits for our storage): looked at again
 * `delayMs` later, costing no retry. `noted`: the wait records an event on the order's timeline.
 */
export function stageWaiting(
  order: Order,
  wait: { delayMs: number; statusDetail: string; patch?: Partial<Order>; noted: boolean },
  now: number,
): Order {
  return {
    ...stepSettled(order, now),
    ...wait.patch,
    lastEventAt: wait.noted ? iso(now) : order.lastEventAt ?? null,
    stageRetries: 0,
    nextPollAt: iso(now + wait.delayMs),
    statusDetail: wait.statusDetail,
  };
}

/** The pipeline's last stage made the song (`made`: songMade's fields): nothing of it is due again. */
export function stageCompleted(order: Order, made: Partial<Order>, now: number): Order {
  return { ...stepSettled(order, now), ...made, stageStartedAt: null, stageRetries: 0, nextPollAt: null };
}

/**
 * A step of `stage` failed and is tried again `delayMs` later, at `retry.at` (a failed song task is
 * made again from its creation): one more retry of the stage and of the run.
 */
export function stageRetried(
  order: Order,
  stage: GenerationStage,
  retry: { at: GenerationStage; delayMs: number; httpStatus: number | null; message: string },
  now: number,
): Order {
  const seconds = Math.ceil(retry.delayMs / 1000);
  return {
    ...stepSettled(order, now),
    currentStage: retry.at,
    stageStartedAt: retry.at === stage ? order.stageStartedAt ?? null : null,
    stageRetries: (order.stageRetries ?? 0) + 1,
    retryCount: order.retryCount + 1,
    lastErrorCode: retry.httpStatus,
    nextPollAt: iso(now + retry.delayMs),
    statusDetail: `${STAGE_LABELS[stage]}: ${retry.message} Trying again in ${seconds} s.`,
  };
}

/** The music service took the song as task `taskId`; it is given up on at `deadlineAt` if not finished. */
export function songTaskTaken(taskId: string, deadlineAt: number) {
  return { songTaskId: taskId, songDeadlineAt: iso(deadlineAt) } as const satisfies Partial<Order>;
}

/** The music service's callback says the song may be ready: the next look is due now. */
export function pollDueNow(order: Order, now: number): Order {
  return { ...order, nextPollAt: iso(now), updatedAt: iso(now) };
}

/** A new run of the pipeline from `stage`: its own retry budget; regenerationCount counts the runs. */
function newRun(order: Order, stage: GenerationStage, now: number): Order {
  return {
    ...order,
    ...FRESH_STEP,
    ...FAILURE_CLEARED,
    ...UNHEARD,
    status: "generating",
    currentStage: stage,
    retryCount: 0,
    regenerationCount: (order.regenerationCount ?? 0) + 1,
    lastRegeneratedAt: iso(now),
    nextPollAt: iso(now),
    lastEventAt: iso(now),
    updatedAt: iso(now),
  };
}

/**
 * A failed order back in the pipeline at the stage that failed (customer-side §7, retry): what the
 * earlier stages made is kept, so a failed song does not cost new lyrics.
 */
export function restarted(order: Order, stage: GenerationStage, now: number): Order {
  return { ...newRun(order, stage, now), statusDetail: `Retrying from ${STAGE_LABELS[stage]}.` };
}

/**
 * A finished song made again from the lyrics it has now (staff-side §4, Regenerate): new style,
 * title and audio. It is another song, so it needs review again and nothing of its send stands.
 */
export function remade(order: Order, now: number): Order {
  return {
    ...newRun(order, "TAGS", now),
    ...BACK_TO_REVIEW,
    ...TAKES_CLEARED,
    songTaskId: null,
    songDeadlineAt: null,
    completedAt: null,
    lastErrorCode: null,
    emailSentAt: null,
    statusDetail: `Making the song again from ${STAGE_LABELS.TAGS}.`,
  };
}

/**
 * Staff rejected the song in review (or approved and not yet sent): it is made again like `remade`,
 * its scheduled send cancelled, and it stays "rejected" until the new song is made, with the reason
 * kept for staff until the next approval.
 */
export function rejected(order: Order, rejection: Rejection, now: number): Order {
  return {
    ...remade(order, now),
    approvalStatus: "rejected",
    rejection,
    statusDetail: `Rejected by ${rejection.by}; making the song again from ${STAGE_LABELS.TAGS}.`,
  };
}

/**
 * Staff held an approved song before its email went: back in Review, its scheduled send gone, so
 * a delivery message still queued for it finds nothing due. What staff heard of it still stands.
 */
export function held(order: Order, by: string, now: number): Order {
  return {
    ...order,
    ...BACK_TO_REVIEW,
    statusDetail: `Held by ${by}; the email is cancelled and the song is back in Review.`,
    updatedAt: iso(now),
  };
}

/**
 * Staff heard the song up to `listen.playedMs` (several reports as the player pauses and ends): the
 * furthest point is kept, so a shorter report answers the order unchanged (the same object).
 */
export function listened(order: Order, listen: ReviewListen): Order {
  const heard = { ...listen, playedMs: Math.min(listen.playedMs, listen.durationMs) };
  if (order.reviewListen && order.reviewListen.playedMs >= heard.playedMs) return order;
  return { ...order, reviewListen: heard };
}

/** The song a stage (or staff) made, waiting for review like any other. */
export interface MadeSong {
  songUrl: string;
  songBlobId: string;
  songTitle: string;
}

/**
 * The pipeline's last stage has the audio: completed and waiting for review, Take 1 to be delivered
 * unless staff choose the other (`takes` is null for a song staff made by hand: one song, no takes).
 * The step that made it is settled by `stageCompleted`.
 */
export function songMade(song: MadeSong, takes: SongTake[] | null, now: number) {
  return {
    ...song,
    songTakes: takes,
    takeChoice: null,
    bonusTake: null,
    ...UNHEARD,
    status: "completed",
    approvalStatus: "pending",
    completedAt: iso(now),
    // Kept: nothing waits for our storage any more, and nothing of the pipeline is due.
    storageWaitSince: null,
    nextPollAt: null,
    statusDetail: "The song is ready for review.",
  } as const satisfies Partial<Order>;
}

/**
 * Staff's own song replaces whatever the pipeline was doing: no stage, claim, poll or error, no
 * failure email still to send, and approval starts again (an earlier one was of another song).
 */
export function songUploaded(order: Order, song: MadeSong, uploadedBy: string, now: number): Order {
  return {
    ...order,
    ...OUT_OF_PIPELINE,
    ...FAILURE_CLEARED,
    ...BACK_TO_REVIEW,
    ...TAKES_CLEARED,
    ...UNHEARD,
    ...song,
    status: "completed",
    completedAt: iso(now),
    lastErrorCode: null,
    statusDetail: `Song uploaded by ${uploadedBy}.`,
    lastEventAt: iso(now),
    updatedAt: iso(now),
  };
}

/**
 * Staff chose the take the family gets: it becomes the order's song. Once the email has gone, the
 * family's link would change song under them, so the email goes again at once (a send already
 * waiting is not doubled).
 */
export function takeChosen(order: Order, take: SongTake, chosenBy: string, now: number): Order {
  const chosen: Order = {
    ...order,
    ...UNHEARD,
    songUrl: take.songUrl,
    songBlobId: take.blobId,
    takeChoice: { take: take.take, by: chosenBy, at: iso(now) },
    statusDetail: `${takeLabel(take.take)} chosen by ${chosenBy}.`,
    updatedAt: iso(now),
  };
  if (!order.emailSentAt || order.deliveryDueAt) return chosen;
  return {
    ...sendDueNow(chosen, now),
    statusDetail: `${takeLabel(take.take)} chosen by ${chosenBy}; sending it again now.`,
  };
}

/** Staff offer the take not delivered as "Another version", or stop offering it. */
export function bonusTakeOffered(order: Order, offered: boolean, by: string, now: number): Order {
  return { ...order, bonusTake: offered ? { by, at: iso(now) } : null, updatedAt: iso(now) };
}

/** Approved by staff (staff-side §4): the email is due `dueAt`. */
export function approved(order: Order, approvedBy: string, now: number, dueAt: number): Order {
  return {
    ...order,
    approvalStatus: "approved",
    approvedAt: iso(now),
    approvedBy,
    // The approval settles the review; why the song was made again stays in its timeline.
    rejection: null,
    statusDetail: `Approved by ${approvedBy}; the email goes out at its scheduled time.`,
    deliveryScheduledFor: iso(dueAt),
    emailScheduledFor: iso(dueAt),
    deliveryDueAt: iso(dueAt),
    deliveryAttempts: 0,
    updatedAt: iso(now),
  };
}

/**
 * The family chose another moment for the song's email, or "as soon as it's ready" (null). An approved
 * send still waiting moves to `sendAt` (domain/delivery/requested.ts, scheduledSendAt): the one send
 * is rescheduled, never joined by a second.
 */
export function deliveryRequestChanged(
  order: Order,
  request: RequestedDelivery | null,
  sendAt: number | null,
  now: number,
): Order {
  const waiting = order.approvalStatus === "approved" && !order.emailSentAt && sendAt !== null;
  return {
    ...order,
    requestedDelivery: request,
    ...(waiting && {
      statusDetail: "The family changed the delivery time; the email goes out at the new time.",
      deliveryScheduledFor: iso(sendAt),
      emailScheduledFor: iso(sendAt),
      deliveryDueAt: iso(sendAt),
      deliveryAttempts: 0,
      deliveryError: null,
    }),
    updatedAt: iso(now),
  };
}

/** Send Now or Resend: the song's email is due at once. */
export function sendDueNow(order: Order, now: number): Order {
  return {
    ...order,
    statusDetail: order.emailSentAt ? "Sending the email again now." : "Sending the email now.",
    emailScheduledFor: iso(now),
    deliveryDueAt: iso(now),
    deliveryAttempts: 0,
    updatedAt: iso(now),
  };
}

/**
 * A run that gave up: failed at `stage`, with what staff read about it, and the family's one failure
 * email due at `tellFamilyAt` (jobs/failure_email.ts): now plus FAILURE_EMAIL_GRACE_MINUTES, so staff
 * may fix the order first, and a restart or upload meanwhile clears what is owed (FAILURE_CLEARED).
 */
export function generationFailed(
  order: Order,
  stage: GenerationStage,
  failure: { error: string; httpStatus: number | null },
  tellFamilyAt: number,
): Order {
  return {
    ...order,
    status: "failed",
    failureType: failureTypeOf(stage),
    error: failure.error,
    lastErrorCode: failure.httpStatus,
    nextPollAt: null,
    storageWaitSince: null,
    statusDetail: `Failed at ${STAGE_LABELS[stage]}.`,
    failureEmailSent: false,
    failureEmailDueAt: iso(tellFamilyAt),
    failureEmailAttempts: 0,
  };
}

/**
 * A send under way (jobs/delivery.ts): the claim names its round, its message ids and the parts already
 * gone, and the send is due again when the sender's lease runs out, so a worker that dies mid-send
 * leaves it to the next one. The newest private link minted for it is the one staff see.
 */
export function sendClaimed(
  order: Order,
  claim: DeliveryClaim,
  dueAgainAt: number,
  newestLink: { tokenHash: string; createdAt: string } | null,
): Order {
  return {
    ...order,
    deliveryClaim: claim,
    deliveryDueAt: iso(dueAgainAt),
    ...(newestLink && {
      claimTokenHash: newestLink.tokenHash,
      claimTokenCreatedAt: newestLink.createdAt,
      tokenRevoked: false,
    }),
  };
}

/**
 * A send the mail server refused, for the `attempts`th time: tried again at `retryAt`, or, when that is
 * null (the last try), left for staff to send. What staff read keeps the mail server's words.
 */
export function sendFailed(
  order: Order,
  failure: { reason: string; attempts: number; retryAt: number | null },
  now: number,
): Order {
  const gaveUp = failure.retryAt === null;
  return {
    ...order,
    deliveryAttempts: failure.attempts,
    deliveryDueAt: gaveUp ? null : iso(failure.retryAt!),
    deliveryError: `The delivery email could not be sent: ${failure.reason}`,
    statusDetail: gaveUp
      ? "The delivery email could not be sent; it waits for staff to send it."
      : "The delivery email could not be sent; trying again shortly.",
    updatedAt: iso(now),
  };
}

/** One email of send `claim` went (a gift's copy goes apart from the recipient's): a retry sends the rest. */
export function sendPartSent(order: Order, claim: DeliveryClaim, part: DeliveryPart, now: number): Order {
  return { ...order, deliveryClaim: { ...claim, sent: [...claim.sent, part] }, updatedAt: iso(now) };
}

/** What staff read once send `round` went (a resend is round 2 and on). */
export function sentDetail(round: number): string {
  return round === 1 ? "The song was delivered by email." : `The song was sent again (send ${round}).`;
}

/** The song's email went: nothing of the send is left due. */
export function emailSent(order: Order, round: number, messageId: string | null, now: number): Order {
  return {
    ...order,
    statusDetail: sentDetail(round),
    emailSentAt: iso(now),
    emailMessageId: messageId,
    emailSendCount: round,
    deliveryClaim: null,
    deliveryDueAt: null,
    deliveryAttempts: 0,
    deliveryError: null,
    updatedAt: iso(now),
  };
}
