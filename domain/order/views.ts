import { allows } from "./guards.ts";
import { childDetailsOf, ORDER_FIELD_NAMES } from "./form_fields.ts";
import type { RequestedDelivery } from "../delivery/requested.ts";
import { deliveryStateOf, isReleased } from "../delivery/release.ts";
import type { Order } from "./orders.ts";
import { familyStatusOf } from "./family_status.ts";
import { giftGoesToRecipient, type SongRemoval, songRemovalOf } from "./song_removal.ts";
import { failureWords, progressWords } from "./parent_words.ts";
import { anotherVersionDownloadPath } from "../song/download.ts";
import { bonusTakeOf, deliveredTake } from "../song/takes.ts";
import { everyLineTimed, type TimedLyrics } from "../song/timed_lyrics.ts";

/**
 * What each kind of reader may see of an order (ARCHITECTURE.md §7). Knowing an order's id grants
 * the public view only: what the reveal page and the order-processing page show, and nothing about
 * the people (no emails, prices or payment). The song itself (audio, title, lyrics) appears in
 * customers' views only once it has been delivered (domain/delivery/release.ts, isReleased); so does a gift's
 * card (who it is from and their message), which is part of the present being unwrapped. Their status
 * is the family's (domain/order/family_status.ts): a failure is not told before its email.
 */
export interface PublicOrderView extends OrderStanding {
  id: string;
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
  /** A gift's card, once its song is delivered; null for other orders. */
  gift: GiftCard | null;
  /** When each word of the delivered song is sung, once released; null: the plain lyrics. */
  songTiming: TimedLyrics | null;
  /** The other take, once released and while staff offer it. */
  anotherVersion: AnotherVersion | null;
}

/**
 * Where an order stands, as the family's order page (/order-processing, the confirmation email's button)
 * tells it: every reader's view carries it, the public one included, since that page is opened from an
 * email without signing in. Nothing about the people: the number the confirmation email already gave,
 * the family's status, the step while it is made, review and the scheduled send, and the chosen day
 * (with the zone it was chosen in) until the song has arrived, when the day no longer matters.
 */
export interface OrderStanding {
  orderNumber: number;
  status: Order["status"];
  /** A failure in plain words, once the family may know of it (domain/order/parent_words.ts). */
  error: string | null;
  /** While generating: where the song stands, in a parent's words ("We're recording your song."). */
  progress: string | null;
  delivery: ReturnType<typeof deliveryStateOf>;
  /** When the approved song's email goes. */
  deliveryScheduledFor: string | null;
  /** The family's chosen moment until the song arrives; null: as soon as it is ready, or arrived. */
  requestedDelivery: RequestedDelivery | null;
}

export function orderStanding(order: Order): OrderStanding {
  const status = familyStatusOf(order);
  return {
    orderNumber: order.orderNumber,
    status,
    error: failureWords(order),
    progress: status === "generating" ? progressWords(order.currentStage) : null,
    delivery: deliveryStateOf(order),
    deliveryScheduledFor: order.status === "completed" ? order.deliveryScheduledFor ?? null : null,
    requestedDelivery: isReleased(order) ? null : order.requestedDelivery ?? null,
  };
}

/** Customer-side, reveal: the take not delivered, offered by staff as "Another version". */
export interface AnotherVersion {
  songUrl: string;
  /** Saved as the song's file name with " (version 2)" (domain/song/download.ts). */
  downloadUrl: string;
  timing: TimedLyrics | null;
}

/** Timed lyrics by the blob id of the take they belong to (kv/lyrics_timing.ts reads them). */
export type TimingsByBlob = ReadonlyMap<string, TimedLyrics>;

/** Who sent a gift (the parent name as typed on the form) and what they wrote; the message may be empty. */
export interface GiftCard {
  from: string;
  message: string;
}

export function publicOrderView(order: Order, timings: TimingsByBlob = new Map()): PublicOrderView {
  return {
    id: order.id,
    ...orderStanding(order),
    childName: firstName(order.childName),
    childAge: order.childAge ?? null,
    childFriends: order.childFriends,
    songStyle: order.songStyle,
    songGenre: order.songGenre,
    ...releasedSong(order),
    customerReferralCode: order.customerReferralCode,
    createdAt: order.createdAt,
    gift: releasedGiftCard(order),
    ...releasedTakes(order, timings),
  };
}

/** The bonus take's audio and download, held back with the song until it is delivered. */
function releasedAnotherVersion(order: Order): { songUrl: string; downloadUrl: string } | null {
  const bonus = isReleased(order) ? bonusTakeOf(order) : null;
  return bonus && { songUrl: bonus.songUrl, downloadUrl: anotherVersionDownloadPath(order.id) };
}

/** The delivered take's timing and the bonus take, held back with the song until it is delivered. */
function releasedTakes(order: Order, timings: TimingsByBlob) {
  if (!isReleased(order)) return { songTiming: null, anotherVersion: null };
  const bonus = bonusTakeOf(order);
  const another = releasedAnotherVersion(order);
  const delivered = deliveredTake(order);
  // Every line of the words, whatever part of the song the timing covers.
  const timingOf = (blobId: string) => {
    const timing = timings.get(blobId);
    return timing ? everyLineTimed(order.songLyrics ?? null, timing) : null;
  };
  return {
    songTiming: timingOf(delivered?.blobId ?? order.songBlobId ?? ""),
    anotherVersion: bonus && another && { ...another, timing: timingOf(bonus.blobId) },
  };
}

/**
 * Held back with the song: before delivery the card would spoil the surprise for whoever holds the
 * id. Only the name and the message leave the order, never the addresses.
 */
function releasedGiftCard(order: Order): GiftCard | null {
  if (!order.isGift || !isReleased(order)) return null;
  return { from: order.parentName.trim(), message: order.giftMessage.trim() };
}

/**
 * Every field staff see of an order, listed: what the family told us, who and what it cost, how the
 * song is being made and where its delivery stands. A field added to the order outside the form
 * reaches the dashboard only when someone adds it here (the exact key set is fixed by
 * tests/unit/domain/order/views_test.ts).
 */
export const ADMIN_ORDER_FIELDS = [
  // What the family told us (the order form).
  ...ORDER_FIELD_NAMES,
  // Who and when.
  "id",
  "orderNumber",
  "userId",
  "createdAt",
  "updatedAt",
  // What it cost, and staff's judgement of the discount.
  "basePrice",
  "streamingPrice",
  "totalPrice",
  "discountAmount",
  "promoCode",
  "referralCodeUsed",
  "customerReferralCode",
  "discountReview",
  "refund",
  // How the song is being made.
  "status",
  "currentStage",
  "generationStartedAt",
  "retryCount",
  "regenerationCount",
  "lyricsRegenerationCount",
  "promptVersions",
  "songLyrics",
  "songTags",
  "songTitle",
  "songTaskId",
  "songUrl",
  "songTakes",
  "takeChoice",
  "bonusTake",
  "completedAt",
  "nextPollAt",
  "songDeadlineAt",
  "storageWaitSince",
  "lastErrorCode",
  "error",
  "failureType",
  "statusDetail",
  "lastEventAt",
  "lastRegeneratedAt",
  "failureEmailSent",
  // When the family is told of a failure, unless staff fix the order first (FAILURE_EMAIL_GRACE_MINUTES).
  "failureEmailDueAt",
  "lyricsCustomInput",
  "lastLyricsRegeneratedAt",
  "streamingStatus",
  // Review and delivery.
  "requestedDelivery",
  "reviewListen",
  "rejection",
  "approvalStatus",
  "approvedAt",
  "approvedBy",
  "deliveryScheduledFor",
  "emailScheduledFor",
  "emailSentAt",
  "emailMessageId",
  "emailSendCount",
  "deliveryDueAt",
  "deliveryAttempts",
  "deliveryError",
  "claimTokenCreatedAt",
  "tokenRevoked",
  "linkLastOpenedAt",
  // The giver deleted a gift its recipient keeps (domain/order/song_removal.ts).
  "giverRemovedAt",
] as const satisfies readonly (keyof Order)[];

export type AdminOrderView = Pick<Order, typeof ADMIN_ORDER_FIELDS[number]>;

export function adminOrderView(order: Order): AdminOrderView {
  const view: Partial<Record<keyof Order, unknown>> = {};
  // Only the fields the order has, as a stored order would answer them (an absent one stays absent).
  for (const field of ADMIN_ORDER_FIELDS) if (field in order) view[field] = order[field];
  return view as AdminOrderView;
}

/**
 * The family's own order (its owner: the account that paid, or the account of its address): what they
 * told us, what it cost, and the song once delivered. Listed field by field, so a field added to the
 * order reaches customers only when someone adds it here (the exact key sets are fixed by
 * tests/unit/domain/order/views_test.ts). Never here: staff names and judgements (approvedBy,
 * reviewListen, rejection, discountReview, refund), the studio's working material (prompts, tags, provider ids, lyrics
 * instructions), the mail server's replies, user ids and the job system's bookkeeping.
 */
export function ownerOrderView(order: Order) {
  return {
    ...aboutTheSong(order),
    parentEmail: order.parentEmail,
    giftRecipientEmail: order.giftRecipientEmail,
    basePrice: order.basePrice,
    streamingPrice: order.streamingPrice,
    totalPrice: order.totalPrice,
    discountAmount: order.discountAmount,
    promoCode: order.promoCode,
    referralCodeUsed: order.referralCodeUsed,
    /** The family's chosen moment for the email; null: as soon as the song is ready. */
    requestedDelivery: order.requestedDelivery ?? null,
    /** Staff gave the whole payment back (the record itself, who and why, is staff's). */
    refunded: !!order.refund,
  };
}
export type OwnerOrderView = ReturnType<typeof ownerOrderView>;

/**
 * Someone the song was shared with by its link (a gift's recipient): the song and what was said
 * about the child, who it is from and their message; not what it cost or anyone's address.
 */
export function recipientOrderView(order: Order) {
  return aboutTheSong(order);
}
export type RecipientOrderView = ReturnType<typeof recipientOrderView>;

/** What the owner and a recipient both see. */
function aboutTheSong(order: Order) {
  return {
    id: order.id,
    ...orderStanding(order),
    createdAt: order.createdAt,
    completedAt: order.completedAt ?? null,
    ...childDetailsOf(order),
    childAge: order.childAge ?? null,
    songStyle: order.songStyle,
    songGenre: order.songGenre,
    singerGender: order.singerGender,
    parentName: order.parentName,
    isGift: order.isGift,
    giftRecipientName: order.giftRecipientName,
    giftMessage: order.giftMessage,
    addStreamingServices: order.addStreamingServices,
    streamingArtistName: order.streamingArtistName,
    streamingStatus: order.streamingStatus ?? null,
    customerReferralCode: order.customerReferralCode,
    ...releasedSong(order),
  };
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
  /** While generating: where the song stands, in a parent's words ("We're recording your song."). */
  progress: string | null;
  delivery: ReturnType<typeof deliveryStateOf>;
  deliveryScheduledFor: string | null;
  /** The family's chosen moment (own orders only); null: as soon as the song is ready. */
  requestedDelivery: RequestedDelivery | null;
  /** Whether the family may still move the delivery: until its email is on its way. */
  deliveryTimeChangeable: boolean;
  /** Own orders can be deleted and retried; a song shared by its link can only be removed from the list. */
  access: "owner" | "shared";
  /** The other take staff offer as "Another version" (as on the reveal), once the song is delivered. */
  anotherVersion: { songUrl: string; downloadUrl: string } | null;
  /** What Delete Song would do (domain/order/song_removal.ts): the dialog says it before, the toast after. */
  removal: SongRemoval;
  /**
   * The recipient a gift is emailed to, named to its giver (own orders only; "" when the form left the
   * name empty); null for every other song.
   */
  giftRecipientName: string | null;
}

export function mySongsItem(order: Order, access: MySongsItem["access"]): MySongsItem {
  const song = releasedSong(order);
  return {
    id: order.id,
    songTitle: song.songTitle,
    childName: order.childName,
    orderNumber: order.orderNumber,
    status: familyStatusOf(order),
    createdAt: order.createdAt,
    completedAt: order.completedAt ?? null,
    songUrl: song.songUrl,
    error: failureWords(order),
    songStyle: order.songStyle,
    childAge: order.childAge ?? null,
    childFriends: order.childFriends,
    progress: familyStatusOf(order) === "generating" ? progressWords(order.currentStage) : null,
    delivery: deliveryStateOf(order),
    deliveryScheduledFor: order.status === "completed" ? order.deliveryScheduledFor ?? null : null,
    requestedDelivery: access === "owner" ? order.requestedDelivery ?? null : null,
    deliveryTimeChangeable: access === "owner" && allows(order, "changeDeliveryTime"),
    access,
    anotherVersion: releasedAnotherVersion(order),
    removal: songRemovalOf(order, access),
    giftRecipientName: access === "owner" && giftGoesToRecipient(order)
      ? order.giftRecipientName.trim()
      : null,
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

/** The child's name as pages anyone may open show it: the first word only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
