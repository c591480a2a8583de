import { deliveryStateOf, isReleased } from "./delivery.ts";
import type { Order } from "./orders.ts";
import { STAGE_LABELS } from "./stages.ts";

/**
 * What each kind of reader may see of an order (ARCHITECTURE.md §7). Knowing an order's id grants
 * the public view only: what the reveal page and the order-processing page show, and nothing about
 * the people (no emails, parent name, prices or payment). The song itself (audio, title, lyrics)
 * appears in customers' views only once it has been delivered (domain/delivery.ts, isReleased).
 */
export interface PublicOrderView {
  id: string;
  status: Order["status"];
  childName: string;
  childAge: string | null;
  childFriends: string;
  songStyle: string;
  songGenre: string;
  songUrl: string | null;
  songTitle: string | null;
  songLyrics: string | null;
  /** Meant to be shared with friends, so it is not personal data. */
  customerReferralCode: string | null;
  createdAt: string;
}

export function publicOrderView(order: Order): PublicOrderView {
  return {
    id: order.id,
    status: order.status,
    childName: firstName(order.childName),
    childAge: order.childAge ?? null,
    childFriends: order.childFriends,
    songStyle: order.songStyle,
    songGenre: order.songGenre,
    ...releasedSong(order),
    customerReferralCode: order.customerReferralCode,
    createdAt: order.createdAt,
  };
}

/** The whole order for staff, minus the job system's own bookkeeping. */
export function adminOrderView(order: Order) {
  const {
    payment: _payment,
    stepClaim: _stepClaim,
    stageStartedAt: _stageStartedAt,
    stageRetries: _stageRetries,
    failureEmail: _failureEmail,
    failureEmailDueAt: _failureEmailDueAt,
    failureEmailAttempts: _failureEmailAttempts,
    songBlobId: _songBlobId,
    deliveryClaim: _deliveryClaim,
    claimTokenHash: _claimTokenHash,
    ...visible
  } = order;
  return visible;
}

/**
 * The owner's view: the staff view without the studio's working material (style tags, provider
 * task), and with the song only once it is delivered.
 */
export function ownerOrderView(order: Order) {
  const {
    songTags: _songTags,
    songTaskId: _songTaskId,
    // Staff's judgement of the payment (issue 16) is never the family's to see.
    discountReview: _discountReview,
    refund: _refund,
    ...visible
  } = adminOrderView(order);
  return { ...visible, ...releasedSong(order) };
}

/**
 * Someone the song was shared with by its link (a gift's recipient): the owner's view without what
 * the order cost or who paid with which code.
 */
export function recipientOrderView(order: Order) {
  const {
    basePrice: _basePrice,
    streamingPrice: _streamingPrice,
    totalPrice: _totalPrice,
    discountAmount: _discountAmount,
    promoCode: _promoCode,
    referralCodeUsed: _referralCodeUsed,
    ...visible
  } = ownerOrderView(order);
  return visible;
}

/** Customer-side §3, My Songs list item, with what the card needs to say where the song stands. */
export interface MySongsItem {
  id: string;
  songTitle: string | null;
  childName: string;
  orderNumber: number;
  status: Order["status"];
  createdAt: string;
  completedAt: string | null;
  songUrl: string | null;
  error: string | null;
  songStyle: string;
  childAge: string | null;
  childFriends: string;
  /** While generating: the stage's label (customer-side §4, e.g. 'Lyrics Generation'). */
  stageLabel: string | null;
  delivery: ReturnType<typeof deliveryStateOf>;
  deliveryScheduledFor: string | null;
  /** Own orders can be deleted and retried; a song shared by its link can only be removed from the list. */
  access: "owner" | "shared";
}

export function mySongsItem(order: Order, access: MySongsItem["access"]): MySongsItem {
  const song = releasedSong(order);
  return {
    id: order.id,
    songTitle: song.songTitle,
    childName: order.childName,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    completedAt: order.completedAt ?? null,
    songUrl: song.songUrl,
    error: order.status === "failed" ? order.error ?? null : null,
    songStyle: order.songStyle,
    childAge: order.childAge ?? null,
    childFriends: order.childFriends,
    stageLabel: order.status === "generating" && order.currentStage
      ? STAGE_LABELS[order.currentStage as keyof typeof STAGE_LABELS] ?? order.currentStage
      : null,
    delivery: deliveryStateOf(order),
    deliveryScheduledFor: order.status === "completed" ? order.deliveryScheduledFor ?? null : null,
    access,
  };
}

function releasedSong(order: Order) {
  const released = isReleased(order);
  return {
    songUrl: released ? order.songUrl ?? null : null,
    songTitle: released ? order.songTitle ?? null : null,
    songLyrics: released ? order.songLyrics ?? null : null,
  };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
