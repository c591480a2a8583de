import type { SongTake, TakeChoice, TakeDecision } from "../song/takes.ts";
import { z } from "zod";
import { emailText } from "../email/address_schema.ts";
import { plainString, refuseUnsingable } from "../text_schema.ts";
import {
  type ChoiceFieldSpec,
  type FlagFieldSpec,
  ORDER_FORM_FIELDS,
  type TextFieldSpec,
  tooLongMessage,
} from "./form_fields.ts";
import { isReferralCode, REFERRAL_CODE_MESSAGE } from "../referral/code.ts";
import {
  canonicalTimeZone,
  instantOf,
  type RequestedDelivery,
  TIME_ZONE_MAX_CHARS,
} from "../delivery/requested.ts";
import type { DiscountReview, RefundRecord } from "../referral/discount_review.ts";
import type { StreamingStatus } from "../song/streaming_status.ts";
import type { Rejection, ReviewListen } from "../admin/staff_actions.ts";
import type { FailureType } from "../generation/stages.ts";
import type { OrderStatus } from "./status.ts";

// Re-exported for the server modules that read them from here; the lists and labels live apart so
// islands import those modules directly, never this one (the architecture test keeps zod out of them).
export { CHILD_AGES, type ChildAge, childAgeLabel } from "./child_age.ts";
export {
  CHILD_GENDERS,
  SINGER_GENDERS,
  type SingerGender,
  SONG_GENRES,
  SONG_STYLES,
  type SongGenre,
  type SongStyle,
} from "./choices.ts";
export type { OrderStatus } from "./status.ts";

/**
 * The song order (customer-side §3) and the form a parent fills to make one. Each field's name,
 * length, requirement, choices and default come from the form's one table,
 * domain/order/form_fields.ts, which the /order page reads too. Unknown fields are dropped and a
 * client's prices or status are never read: the server decides those.
 */
const F = ORDER_FORM_FIELDS;

/** Trimmed, refused (never cut) over its limit, and for a name that is sung, letters only. */
const text = (field: TextFieldSpec) => {
  const trimmed = plainString(undefined, { lines: field.kind === "longText" }).max(
    field.max,
    tooLongMessage(field),
  );
  return field.sung ? trimmed.superRefine(refuseUnsingable) : trimmed;
};
const optionalText = (field: TextFieldSpec) => text(field).optional().default("");
const requiredText = (field: TextFieldSpec & { missing: string }) => text(field).min(1, field.missing);
/** An address, lower-cased; `missing` makes it required. */
const email = (field: TextFieldSpec & { invalid: string }, missing?: string) =>
  emailText({
    missing,
    tooLong: tooLongMessage(field),
    invalid: field.invalid,
  }).transform((value) => value.toLowerCase());
/** A choice left out (or sent empty) is no answer. */
const choice = <T extends readonly [string, ...string[]]>(field: ChoiceFieldSpec<T>) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(field.values).optional());
/** A choice left out, empty or null is the field's default. */
const defaultedChoice = <T extends readonly [string, ...string[]]>(
  field: ChoiceFieldSpec<T> & { default: T[number] },
) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(field.values).default(field.default),
  );
const flag = (field: FlagFieldSpec) => z.boolean().optional().default(field.default);

/**
 * Delivery on a chosen day: the date-and-time box's value in the buyer's own time zone, and that zone.
 * Both empty: as soon as the song is ready. Whether the studio can honour the day depends on the
 * clock, so the command that takes the form checks it (domain/delivery/requested.ts, requestRefusal).
 */
export const requestedDeliveryFields = {
  deliveryAt: z.string().trim().max(16).optional().default(""),
  deliveryTimeZone: z.string().trim().max(TIME_ZONE_MAX_CHARS).optional().default(""),
};

export const DELIVERY_TIME_INVALID = "Please choose a delivery date and time, or leave them empty.";
export const TIME_ZONE_INVALID = "That time zone was not recognised. Please choose one from the list.";

export function checkRequestedDelivery(
  form: { deliveryAt: string; deliveryTimeZone: string },
  context: z.RefinementCtx,
) {
  if (!form.deliveryAt) return;
  const timeZone = canonicalTimeZone(form.deliveryTimeZone);
  if (!timeZone) {
    context.addIssue({ code: "custom", path: ["deliveryTimeZone"], message: TIME_ZONE_INVALID });
  } else if (instantOf(form.deliveryAt, timeZone) === null) {
    context.addIssue({ code: "custom", path: ["deliveryAt"], message: DELIVERY_TIME_INVALID });
  }
}

/** The checked box values as the stored request (null: as soon as the song is ready). */
export function requestedDeliveryOf(deliveryAt: string, deliveryTimeZone: string): RequestedDelivery | null {
  const timeZone = deliveryAt ? canonicalTimeZone(deliveryTimeZone) : null;
  const at = timeZone ? instantOf(deliveryAt, timeZone) : null;
  return timeZone && at !== null ? { at: new Date(at).toISOString(), timeZone } : null;
}

/** The family's change of their song's delivery time from My Songs: empty `deliveryAt` is "as soon as it's ready". */
export const deliveryTimeChangeSchema = z.object(requestedDeliveryFields)
  .superRefine((change, context) => checkRequestedDelivery(change, context))
  .transform((change) => requestedDeliveryOf(change.deliveryAt, change.deliveryTimeZone));

/** Everything a parent can fill on /order; the same fields travel as `order` in the checkout request. */
export const orderFormSchema = z.object({
  childName: requiredText(F.childName),
  phoneticSpelling: optionalText(F.phoneticSpelling),
  childGender: choice(F.childGender),
  childAge: choice(F.childAge),
  childBirthday: optionalText(F.childBirthday),
  favoriteColor: optionalText(F.favoriteColor),
  bestFriend: optionalText(F.bestFriend),
  favoriteActivity: optionalText(F.favoriteActivity),
  petName: optionalText(F.petName),
  parentCallName: optionalText(F.parentCallName),
  favoriteSaying: optionalText(F.favoriteSaying),
  favoriteToy: optionalText(F.favoriteToy),
  dreamAspiration: optionalText(F.dreamAspiration),
  favoritePlace: optionalText(F.favoritePlace),
  specialTalent: optionalText(F.specialTalent),
  childFriends: optionalText(F.childFriends),
  childActivities: optionalText(F.childActivities),
  extraDetails: optionalText(F.extraDetails),
  additionalDetails: optionalText(F.additionalDetails),
  songStyle: defaultedChoice(F.songStyle),
  songGenre: defaultedChoice(F.songGenre),
  singerGender: defaultedChoice(F.singerGender),
  parentName: requiredText(F.parentName),
  parentEmail: email(F.parentEmail, F.parentEmail.missing),
  isGift: flag(F.isGift),
  giftRecipientName: optionalText(F.giftRecipientName),
  giftRecipientEmail: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    email(F.giftRecipientEmail).optional(),
  ),
  giftMessage: optionalText(F.giftMessage),
  addStreamingServices: flag(F.addStreamingServices),
  streamingArtistName: optionalText(F.streamingArtistName),
  referralCode: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
    z.string().refine(isReferralCode, REFERRAL_CODE_MESSAGE).optional(),
  ),
  ...requestedDeliveryFields,
}).superRefine((form, context) => {
  // A field required only with its box ticked (the streaming add-on's artist name).
  const { streamingArtistName: artist } = F;
  if (form[artist.required] && !form.streamingArtistName) {
    context.addIssue({ code: "custom", path: ["streamingArtistName"], message: artist.missing });
  }
  checkRequestedDelivery(form, context);
}).transform(({ deliveryAt, deliveryTimeZone, ...form }) => ({
  ...form,
  requestedDelivery: requestedDeliveryOf(deliveryAt, deliveryTimeZone),
  // Unchecked boxes carry nothing of what they revealed (customer-side §2).
  streamingArtistName: form.addStreamingServices ? form.streamingArtistName : "",
  giftRecipientName: form.isGift ? form.giftRecipientName : "",
  giftRecipientEmail: form.isGift ? form.giftRecipientEmail : undefined,
  giftMessage: form.isGift ? form.giftMessage : "",
}));

export type OrderForm = z.output<typeof orderFormSchema>;
export type OrderFormInput = z.input<typeof orderFormSchema>;

/** Order ids are ours (UUIDs); anything else in an address cannot be an order and is not looked up. */
export function isOrderId(value: string | undefined): value is string {
  return !!value && /^[\w-]{1,64}$/.test(value);
}

/**
 * How an order was paid for: a checkout session, a demo user's order that skips payment, or an order
 * staff created by hand with a song they uploaded (staff-side §2, Create Manual Order; `createdBy` is
 * the admin's username).
 */
export type PaymentRecord =
  | { kind: "checkout"; sessionId: string; provider: "stripe" | "local"; amountPaid: number }
  | { kind: "demo" }
  | { kind: "manual"; createdBy: string };

/** The stored order. Fields of later stages (song, delivery, approval) join with their issues. */
export interface Order extends Omit<OrderForm, "referralCode" | "childAge" | "requestedDelivery"> {
  /** The family's chosen moment for the song's email; absent or null: as soon as it is ready. */
  requestedDelivery?: RequestedDelivery | null;
  /**
   * One of the form's choices (CHILD_AGES), or a whole number of years as text ("14") for an order
   * staff created by hand (staff-side §5: ages 1 to 18).
   */
  childAge?: string;
  id: string;
  orderNumber: number;
  userId: string | null;
  status: OrderStatus;
  basePrice: number;
  streamingPrice: number;
  /** What was charged, in cents, after any discount. */
  totalPrice: number;
  discountAmount: number;
  promoCode: string | null;
  referralCodeUsed: string | null;
  customerReferralCode: string | null;
  payment: PaymentRecord;
  currentStage: string | null;
  generationStartedAt: string | null;
  approvalStatus: "pending" | "approved" | "rejected";
  retryCount: number;
  regenerationCount: number;
  lyricsRegenerationCount: number;
  createdAt: string;
  updatedAt: string;
  /** The system prompt versions that wrote this song's lyrics and tags (0: the default that ships). */
  promptVersions?: { lyrics?: number; tags?: number };

  // Generation (jobs/generation). Absent on orders stored before it existed: read them with `?? null`.
  songLyrics?: string | null;
  /** Style tags from the tags step, sent to the music API as `style`. */
  songTags?: string | null;
  songTitle?: string | null;
  songTaskId?: string | null;
  /** Our own address of the audio (served from the blob store with Range support). */
  songUrl?: string | null;
  songBlobId?: string | null;
  /**
   * Both takes the music service made (domain/song/takes.ts); absent on older orders and null for a
   * song staff uploaded, whose one song is `songUrl`.
   */
  songTakes?: SongTake[] | null;
  /** Staff's choice of the delivered take; absent or null: Take 1. */
  takeChoice?: TakeChoice | null;
  /** Set while staff offer the take not delivered as "Another version". */
  bonusTake?: TakeDecision | null;
  completedAt?: string | null;
  /** When the generation worker next looks at this order (a poll, a retry, or a lease running out). */
  nextPollAt?: string | null;
  /** Retries of the current stage; the limit reads this, `retryCount` counts them all. */
  stageRetries?: number;
  /** When the music task is given up on if it has not finished. */
  songDeadlineAt?: string | null;
  /**
   * Since when the finished song has waited for our audio storage (the bucket away): set by the song
   * step, cleared when the song is kept. Staff's "Needs attention" lists these orders.
   */
  storageWaitSince?: string | null;
  lastErrorCode?: number | null;
  error?: string | null;
  failureType?: FailureType | null;
  statusDetail?: string | null;
  lastEventAt?: string | null;
  /** A step's outside call in flight: set before the call, cleared with its result (crash detection). */
  stepClaim?: StepClaim | null;
  /** When the first step of the current stage began (START recorded); null between stages. */
  stageStartedAt?: string | null;
  lastRegeneratedAt?: string | null;
  failureEmailSent?: boolean;
  /** When the failure email is next tried; null once sent or given up. */
  failureEmailDueAt?: string | null;
  failureEmailAttempts?: number;
  /** The failure email's claim: its Message-ID is fixed before sending so a resend after a crash dedupes. */
  failureEmail?: { messageId: string; claimedAt: string } | null;
  /**
   * The family's order confirmation (jobs/confirmation_email.ts), owed from the write that creates a
   * paid or demo order. Absent on orders from before it and on staff's manual orders: nothing owed.
   */
  confirmationEmail?: OwedEmailState | null;

  // Staff's work on the order. Absent until an admin acts.
  /** Staff-side §4: set by an admin on orders with the streaming add-on; 'not uploaded' when absent. */
  streamingStatus?: StreamingStatus;
  /** The instruction of the last lyrics regeneration ("" when none was given). */
  lyricsCustomInput?: string | null;
  lastLyricsRegeneratedAt?: string | null;

  // Review (staff only: never part of a customer's view).
  /** How much of this song staff heard before deciding; cleared whenever the song changes. */
  reviewListen?: ReviewListen | null;
  /** Why staff sent the song back to be made again; kept until the next approval. */
  rejection?: Rejection | null;

  // Approval and delivery (jobs/delivery). Absent until a song is approved.
  approvedAt?: string | null;
  /** The admin's username. */
  approvedBy?: string | null;
  /** When the approved song is to reach the customer (approval + DELIVERY_DELAY_HOURS). */
  deliveryScheduledFor?: string | null;
  /** When the pending delivery email is due: the schedule, or the moment of a Send Now or Resend. */
  emailScheduledFor?: string | null;
  /** The last successful delivery: until the first one the customer sees no song (the surprise). */
  emailSentAt?: string | null;
  emailMessageId?: string | null;
  /** Completed sends: 1 after the scheduled email, one more per resend. */
  emailSendCount?: number;
  /** When the delivery worker next looks (due time, retry backoff, or a lease running out); null when no send is pending. */
  deliveryDueAt?: string | null;
  /** Tries of the pending send, reset when it succeeds. */
  deliveryAttempts?: number;
  /** The pending send's claim: Message-IDs fixed and links stored before any mail leaves. */
  deliveryClaim?: DeliveryClaim | null;
  /** Why the last delivery try failed, for staff; null after a success. */
  deliveryError?: string | null;
  /** The newest order link's hash (older links stay valid until revoked; all live in kv/order_links). */
  claimTokenHash?: string | null;
  claimTokenCreatedAt?: string | null;
  /** Set when staff turned the order's links off; the next send issues fresh ones. */
  tokenRevoked?: boolean;
  linkLastOpenedAt?: string | null;
  /**
   * When the giver deleted a gift its recipient already held (domain/order/song_removal.ts): it left the
   * giver's list only; the recipient keeps the song and its link.
   */
  giverRemovedAt?: string | null;

  // Money rules. Staff only: never part of a customer's view.
  /** The discount broke our rules (domain/referral/discount_review.ts); absent for a clean payment. */
  discountReview?: DiscountReview | null;
  /** A refund staff made through the payment provider. */
  refund?: RefundRecord | null;

  /**
   * The family's browser asked not to be tracked (DNT or GPC) when they checked out
   * (domain/analytics/consent.ts): the order's later events, sent without their request, are not
   * sent either. Absent: no such signal.
   */
  analyticsRefused?: boolean;
}

/**
 * An email the order owes the family, sent exactly once (jobs/owed_email.ts); its moves are in
 * domain/email/owed.ts.
 */
export interface OwedEmailState {
  /** When it is next tried; null once sent or given up. */
  dueAt: string | null;
  /** Tries so far, the successful one included. */
  attempts: number;
  /** Fixed in a claim before the first try, so a resend after a crash carries the same id. */
  messageId?: string;
  claimedAt?: string;
  sentAt?: string;
}

/** Which emails of a send went out: the main one, and for a gift the parent's copy. */
export type DeliveryPart = "main" | "copy";

export interface DeliveryClaim {
  /** Which send this is (emailSendCount + 1). */
  round: number;
  claimedAt: string;
  messageIds: Partial<Record<DeliveryPart, string>>;
  /** Parts the mail server accepted: a retry after a crash sends only the rest. */
  sent: DeliveryPart[];
}

export interface StepClaim {
  stage: string;
  attemptId: string;
  claimedAt: string;
}

export interface NewOrderFacts {
  id: string;
  orderNumber: number;
  userId: string | null;
  price: { basePrice: number; streamingPrice: number; discountAmount: number; totalPrice: number };
  payment: PaymentRecord;
  promoCode: string | null;
  referralCodeUsed: string | null;
  customerReferralCode: string | null;
  now: number;
}

/** A new, paid order as stored: the form plus what the server decided. Generation has not started. */
export function buildOrder(form: OrderForm, facts: NewOrderFacts): Order {
  const { referralCode: _typedCode, ...fields } = form;
  const stamp = new Date(facts.now).toISOString();
  return {
    ...fields,
    id: facts.id,
    orderNumber: facts.orderNumber,
    userId: facts.userId,
    status: "pending",
    ...facts.price,
    promoCode: facts.promoCode,
    referralCodeUsed: facts.referralCodeUsed,
    customerReferralCode: facts.customerReferralCode,
    payment: facts.payment,
    currentStage: null,
    generationStartedAt: null,
    approvalStatus: "pending",
    retryCount: 0,
    regenerationCount: 0,
    lyricsRegenerationCount: 0,
    createdAt: stamp,
    updatedAt: stamp,
  };
}
