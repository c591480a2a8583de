import type { Order } from "./orders.ts";
import { isInProgress } from "./status.ts";
import { hasTwoTakes } from "../song/takes.ts";

/**
 * What may be done to an order now, and the words that say why not: the one home of the rules
 * staff-side §4 gives for the row buttons and §7 for the admin API (and customer-side §7 for the
 * customer's retry). The dashboard draws its buttons from `allows` (domain/admin/row_actions.ts), and each
 * command refuses with `refusalOf` against the order as stored, inside its atomic write, so a button is
 * never offered for something the server will not do and two clicks at once cannot both pass.
 * The moves these guard are in domain/order/lifecycle.ts.
 */
export type OrderCommand =
  | "approve"
  | "sendNow"
  | "resend"
  | "upload"
  | "regenerateLyrics"
  | "regenerateOrder"
  | "retry"
  | "refund"
  | "changeDeliveryTime"
  | "chooseTake"
  | "offerBonusTake"
  | "listen"
  | "reject"
  | "hold";

/** The order facts the guards read: a list row carries them as well as a stored order. */
export type GuardFacts =
  & Pick<Order, "status" | "approvalStatus" | "emailSentAt" | "songUrl">
  & Partial<
    Pick<
      Order,
      | "discountReview"
      | "refund"
      | "deliveryClaim"
      | "emailScheduledFor"
      | "deliveryScheduledFor"
      | "songTakes"
      | "takeChoice"
      | "bonusTake"
    >
  >;

export const REFUSALS = {
  notFinished: "Only a finished song can be approved.",
  alreadyApproved: "This song has already been approved.",
  noSong: "This order has no song yet. Upload one first.",
  notApproved: "Approve the song before sending it.",
  // Said once for any number of orders (bulk answers group refusals), so it names no date.
  earlyNotConfirmed:
    "The family chose a later day for this song, so it was not sent early. Send it now only after confirming that.",
  dayChanged:
    "The family changed the day they chose after you were asked, so the song was not sent early. Look at their new day before sending it.",
  alreadySent: "This song's email has already been sent. Use Resend to send it again.",
  notSent: "This song's email has not been sent yet, so there is nothing to resend.",
  hasSong: "This order already has a song. Use Regenerate to make a new one instead of uploading over it.",
  notUploadable:
    "A song can be uploaded only while an order is being made, after it failed, or when it has no song.",
  lyricsBusy: "Cannot regenerate lyrics while processing",
  notRegenerable: "Only a failed order or a finished song can be regenerated.",
  notFailed: "Only a song whose generation failed can be retried.",
  refundNotOffered:
    "A refund is offered only for a paid order whose discount broke the rules, and only once.",
  // The family's words: they asked to change when their song arrives.
  alreadyDelivered: "Your song has already been delivered, so its delivery time can no longer be changed.",
  onItsWay: "Your song is on its way right now, so its delivery time can no longer be changed.",
  oneTake: "This song has one take only, so there is no other to choose.",
  takeNotFinished: "A take can be chosen only for a finished song.",
  sendingTake: "The song's email is being sent right now. Choose the take once it has gone.",
  nothingToHear: "This order has no finished song to listen to yet.",
  rejectNotFinished: "Only a finished song can be rejected.",
  rejectSent:
    "This song's email has already been sent, so it can no longer be rejected. Use Regenerate to make a new one.",
  rejectSending: "The song's email is being sent right now, so it can no longer be rejected.",
  holdNotApproved: "Only an approved song waiting for its email can be held.",
  holdSent: "This song's email has already been sent, so it can no longer be held.",
  holdSending: "The song's email is being sent right now, so it can no longer be held.",
} as const;

const hasSong = (order: GuardFacts) => order.status === "completed" && !!order.songUrl;
const approval = (order: GuardFacts) => order.approvalStatus ?? "pending";

const GUARDS: Record<OrderCommand, (order: GuardFacts) => string | null> = {
  approve: (order) => {
    if (order.status !== "completed") return REFUSALS.notFinished;
    return approval(order) === "pending" ? null : REFUSALS.alreadyApproved;
  },
  sendNow: (order) => {
    if (order.emailSentAt) return REFUSALS.alreadySent;
    if (!hasSong(order)) return REFUSALS.noSong;
    return approval(order) === "approved" ? null : REFUSALS.notApproved;
  },
  resend: (order) => {
    if (hasSong(order) && order.emailSentAt) return null;
    return order.songUrl ? REFUSALS.notSent : REFUSALS.noSong;
  },
  // Also a failed order: the table offers no Upload button there (adminActionsOf), but Error Details
  // advises a manual upload after repeated failures and offers it in the dialog.
  upload: (order) => {
    if (isInProgress(order.status) || order.status === "failed") return null;
    if (order.status === "completed") return order.songUrl ? REFUSALS.hasSong : null;
    return REFUSALS.notUploadable;
  },
  regenerateLyrics: (order) =>
    order.status === "generating" || order.status === "pending" ? REFUSALS.lyricsBusy : null,
  regenerateOrder: (order) => order.status === "failed" || hasSong(order) ? null : REFUSALS.notRegenerable,
  retry: (order) => order.status === "failed" ? null : REFUSALS.notFailed,
  refund: (order) => order.discountReview && !order.refund ? null : REFUSALS.refundNotOffered,
  // A send under way, or one staff made due at once (Send Now), is not moved by the family.
  changeDeliveryTime: (order) => {
    if (order.emailSentAt) return REFUSALS.alreadyDelivered;
    const sentEarly = !!order.emailScheduledFor && order.emailScheduledFor !== order.deliveryScheduledFor;
    return order.deliveryClaim || sentEarly ? REFUSALS.onItsWay : null;
  },
  // After the email went, the family's link would change song under them: the move sends it again.
  chooseTake: (order) => takeRefusal(order) ?? (order.deliveryClaim ? REFUSALS.sendingTake : null),
  // An addition to what the family has: offered or withdrawn at any time, without an email.
  offerBonusTake: takeRefusal,
  listen: (order) => hasSong(order) ? null : REFUSALS.nothingToHear,
  // Approved and waiting counts too: its scheduled send is cancelled with it. Once a send is under
  // way, the email may already have left, so the song is no longer staff's to take back.
  reject: (order) => {
    if (!hasSong(order)) return REFUSALS.rejectNotFinished;
    if (order.emailSentAt) return REFUSALS.rejectSent;
    return order.deliveryClaim ? REFUSALS.rejectSending : null;
  },
  // The claim of a send and a hold both check the stored order, so exactly one of them wins.
  hold: (order) => {
    if (order.emailSentAt) return REFUSALS.holdSent;
    if (order.deliveryClaim) return REFUSALS.holdSending;
    return approval(order) === "approved" && hasSong(order) ? null : REFUSALS.holdNotApproved;
  },
};

function takeRefusal(order: GuardFacts): string | null {
  if (!hasTwoTakes(order)) return REFUSALS.oneTake;
  return order.status === "completed" ? null : REFUSALS.takeNotFinished;
}

/** Why `command` cannot be done to `order` now, in words staff (or, for retry, the customer) can act on. */
export function refusalOf(order: GuardFacts, command: OrderCommand): string | null {
  return GUARDS[command](order);
}

export function allows(order: GuardFacts, command: OrderCommand): boolean {
  return refusalOf(order, command) === null;
}
