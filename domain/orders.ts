import { z } from "zod";
import { CHILD_AGES } from "./child_age.ts";
import { CHILD_GENDERS, SINGER_GENDERS, SONG_GENRES, SONG_STYLES } from "./order_choices.ts";
import type { DiscountReview, RefundRecord } from "./discount_review.ts";
import type { StreamingStatus } from "./admin_orders.ts";
import type { FailureType } from "./stages.ts";

// Re-exported for the server modules that read them from here; the lists and labels live apart so
// islands can import them without zod (islands import those modules directly, never this one).
export { CHILD_AGES, type ChildAge, childAgeLabel } from "./child_age.ts";
export {
  CHILD_GENDERS,
  SINGER_GENDERS,
  type SingerGender,
  SONG_GENRES,
  SONG_STYLES,
  type SongGenre,
  type SongStyle,
} from "./order_choices.ts";

/**
 * The song order (customer-side §3) and the form a parent fills to make one. Lengths follow
 * ARCHITECTURE.md §10: names 100, emails 254, free text 2,000. Unknown fields are dropped and a
 * client's prices or status are never read: the server decides those.
 */
export const ORDER_STATUSES = ["pending", "generating", "completed", "failed"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NAME = 100;
const EMAIL = 254;
const TEXT = 2000;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`);
const optionalText = (max: number, label: string) => text(max, label).optional().default("");
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(values).default(fallback),
  );

export const emailField = (label: string) =>
  text(EMAIL, label).pipe(z.email({ error: `Please enter a valid ${label.toLowerCase()}.` }))
    .transform((value) => value.toLowerCase());

/** Everything a parent can fill on /order; the same fields travel as `order` in the checkout request. */
export const orderFormSchema = z.object({
  childName: text(NAME, "Child's name").min(1, "Please enter your child's name."),
  phoneticSpelling: optionalText(NAME, "Phonetic spelling"),
  childGender: z.preprocess((value) => (value === "" ? undefined : value), z.enum(CHILD_GENDERS).optional()),
  childAge: z.preprocess((value) => (value === "" ? undefined : value), z.enum(CHILD_AGES).optional()),
  childBirthday: optionalText(40, "Birthday"),
  favoriteColor: optionalText(NAME, "Favorite color"),
  bestFriend: optionalText(NAME, "Best friend"),
  favoriteActivity: optionalText(TEXT, "Favorite activity"),
  petName: optionalText(NAME, "Pet's name"),
  parentCallName: optionalText(NAME, "What your child calls you"),
  favoriteSaying: optionalText(TEXT, "Favorite saying"),
  favoriteToy: optionalText(TEXT, "Favorite toy"),
  dreamAspiration: optionalText(TEXT, "Dream"),
  favoritePlace: optionalText(TEXT, "Favorite place"),
  specialTalent: optionalText(TEXT, "Special talent"),
  childFriends: optionalText(TEXT, "Friends"),
  childActivities: optionalText(TEXT, "Activities"),
  extraDetails: optionalText(TEXT, "Extra details"),
  additionalDetails: optionalText(TEXT, "Additional details"),
  songStyle: optionalChoice(SONG_STYLES, "happy"),
  songGenre: optionalChoice(SONG_GENRES, "pop"),
  singerGender: optionalChoice(SINGER_GENDERS, "female"),
  parentName: text(NAME, "Your name").min(1, "Please enter your name."),
  parentEmail: text(EMAIL, "Email").min(1, "Please enter your email address to receive your child's song.")
    .pipe(z.email({ error: "Please enter a valid email address." })).transform((value) =>
      value.toLowerCase()
    ),
  isGift: z.boolean().optional().default(false),
  giftRecipientName: optionalText(NAME, "Recipient's name"),
  giftRecipientEmail: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    emailField("Recipient's email").optional(),
  ),
  giftMessage: optionalText(TEXT, "Gift message"),
  addStreamingServices: z.boolean().optional().default(false),
  streamingArtistName: optionalText(NAME, "Artist profile name"),
  referralCode: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
    z.string().regex(
      /^[A-Z0-9_-]{3,20}$/,
      "Code must contain only letters, numbers, underscores, and hyphens",
    )
      .optional(),
  ),
}).superRefine((form, context) => {
  if (form.addStreamingServices && !form.streamingArtistName) {
    context.addIssue({
      code: "custom",
      path: ["streamingArtistName"],
      message: "Please enter an artist profile name for the streaming platforms.",
    });
  }
}).transform((form) => ({
  ...form,
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
export interface Order extends Omit<OrderForm, "referralCode" | "childAge"> {
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
  completedAt?: string | null;
  /** When the generation worker next looks at this order (a poll, a retry, or a lease running out). */
  nextPollAt?: string | null;
  /** Retries of the current stage; the limit reads this, `retryCount` counts them all. */
  stageRetries?: number;
  /** When the music task is given up on if it has not finished. */
  songDeadlineAt?: string | null;
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

  // Staff's work on the order (issue 7). Absent until an admin acts.
  /** Staff-side §4: set by an admin on orders with the streaming add-on; 'not uploaded' when absent. */
  streamingStatus?: StreamingStatus;
  /** The instruction of the last lyrics regeneration ("" when none was given). */
  lyricsCustomInput?: string | null;
  lastLyricsRegeneratedAt?: string | null;

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

  // Money rules (issue 16). Staff only: never part of a customer's view.
  /** The discount broke our rules (domain/discount_review.ts); absent for a clean payment. */
  discountReview?: DiscountReview | null;
  /** A refund staff made through the payment provider. */
  refund?: RefundRecord | null;
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
