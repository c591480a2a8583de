import { CHILD_AGES, childAgeLabel } from "./child_age.ts";
import { EMAIL_MAX_CHARS } from "../email/address.ts";
import {
  CHILD_GENDER_LABELS,
  CHILD_GENDERS,
  SINGER_GENDER_LABELS,
  SINGER_GENDERS,
  SONG_GENRE_LABELS,
  SONG_GENRES,
  SONG_STYLE_LABELS,
  SONG_STYLES,
} from "./choices.ts";
import { formatCents, STREAMING_PRICE_CENTS } from "./pricing.ts";

/**
 * The order form's fields (customer-side §2, §3): the one table that says what each field is called,
 * how long it may be, whether it is required, its choices and its default. The API's
 * schema (`orderFormSchema` in domain/order/orders.ts) and the /order island (islands/order/) both read
 * it, so the browser never ships the validation library. Listed in the schema's order, which is the
 * order the API names problems in.
 */

/** ARCHITECTURE.md §10: names 100, free text 2,000 (emails 254, domain/email/address.ts). */
export const NAME_MAX_CHARS = 100;
export const TEXT_MAX_CHARS = 2000;
const BIRTHDAY_MAX_CHARS = 40;
/**
 * The page's one-line boxes stop at 100 characters, also for the answers the server takes up to
 * 2,000 of (an older page or another client may send longer ones); multi-line and email boxes stop
 * at the server's limit.
 */
export const ONE_LINE_INPUT_MAX = NAME_MAX_CHARS;

export type OrderFlag = "isGift" | "addStreamingServices";

export interface TextFieldSpec {
  /** The control: a one-line box, a date, an email address, or a multi-line answer. */
  kind: "text" | "date" | "email" | "longText";
  /** The form's label. */
  label: string;
  /** What the API's messages call it, when not its label ("Dream must be at most …"). */
  called?: string;
  max: number;
  /** Required always, or only with that box ticked; the page marks it (*) and the API refuses it empty. */
  required?: "always" | OrderFlag;
  /** The API's message for a required field left empty (the page's own toast may say more). */
  missing?: string;
  /** An email field's message for an address that is not one. */
  invalid?: string;
  /** Marked required on the page but not enforced (customer-side §5: the gift's recipient). */
  markedRequired?: true;
  /** One of the 13 fields form completeness counts (customer-side §3, analytics). */
  tracked?: true;
  /** Sung as written (the child's name): letters only, no emoji or symbols (domain/order/sung_name.ts). */
  sung?: true;
}

export interface ChoiceFieldSpec<Values extends readonly [string, ...string[]]> {
  kind: "choice";
  label: string;
  values: Values;
  options: readonly { value: Values[number]; label: string }[];
  /** What the API stores when nothing is chosen, and what a blank form shows; none: left unanswered. */
  default?: Values[number];
  tracked?: true;
}

export interface FlagFieldSpec {
  kind: "flag";
  label: string;
  default: false;
}

export type OrderFieldSpec = TextFieldSpec | ChoiceFieldSpec<readonly [string, ...string[]]> | FlagFieldSpec;

const choice = <const Values extends readonly [string, ...string[]]>(
  label: string,
  values: Values,
  labelOf: (value: Values[number]) => string,
) => ({
  kind: "choice" as const,
  label,
  values,
  options: values.map((value: Values[number]) => ({ value, label: labelOf(value) })),
});

/**
 * What the family tells us about the child, with their notes and requests: what the song is written
 * from (domain/prompts/defaults.ts) and what every view of the song says back (domain/order/views.ts).
 * Not the choices of sound, nor who pays, receives or streams it.
 */
const CHILD_DETAIL_FIELDS = {
  childName: {
    kind: "text",
    label: "Child's name",
    max: NAME_MAX_CHARS,
    required: "always",
    missing: "Please enter your child's name.",
    tracked: true,
    sung: true,
  },
  phoneticSpelling: {
    kind: "text",
    label: "How to pronounce it",
    called: "Phonetic spelling",
    max: NAME_MAX_CHARS,
  },
  childGender: {
    ...choice("Boy or girl", CHILD_GENDERS, (gender) => CHILD_GENDER_LABELS[gender]),
    tracked: true,
  },
  childAge: { ...choice("Age", CHILD_AGES, childAgeLabel), tracked: true },
  childBirthday: { kind: "date", label: "Birthday", max: BIRTHDAY_MAX_CHARS },
  favoriteColor: { kind: "text", label: "Favorite color", max: NAME_MAX_CHARS, tracked: true },
  bestFriend: {
    kind: "text",
    label: "Best friend's name",
    called: "Best friend",
    max: NAME_MAX_CHARS,
    tracked: true,
  },
  favoriteActivity: { kind: "text", label: "Favorite activity", max: TEXT_MAX_CHARS, tracked: true },
  petName: { kind: "text", label: "Pet's name", max: NAME_MAX_CHARS, tracked: true },
  parentCallName: { kind: "text", label: "What your child calls you", max: NAME_MAX_CHARS },
  favoriteSaying: { kind: "text", label: "Favorite saying", max: TEXT_MAX_CHARS },
  favoriteToy: { kind: "text", label: "Favorite toy", max: TEXT_MAX_CHARS, tracked: true },
  dreamAspiration: {
    kind: "text",
    label: "Dream for when they grow up",
    called: "Dream",
    max: TEXT_MAX_CHARS,
  },
  favoritePlace: { kind: "text", label: "Favorite place", max: TEXT_MAX_CHARS, tracked: true },
  specialTalent: { kind: "text", label: "Special talent", max: TEXT_MAX_CHARS, tracked: true },
  childFriends: {
    kind: "text",
    label: "Friends' names",
    called: "Friends",
    max: TEXT_MAX_CHARS,
    tracked: true,
  },
  childActivities: {
    kind: "text",
    label: "Hobbies and activities",
    called: "Activities",
    max: TEXT_MAX_CHARS,
  },
  extraDetails: {
    kind: "longText",
    label: "Anything else we should know?",
    called: "Extra details",
    max: TEXT_MAX_CHARS,
  },
  additionalDetails: {
    kind: "longText",
    label: "Requests for the song",
    called: "Additional details",
    max: TEXT_MAX_CHARS,
  },
} as const satisfies Record<string, OrderFieldSpec>;

export const ORDER_FORM_FIELDS = {
  ...CHILD_DETAIL_FIELDS,
  songStyle: { ...choice("Mood", SONG_STYLES, (style) => SONG_STYLE_LABELS[style]), default: "happy" },
  songGenre: { ...choice("Music genre", SONG_GENRES, (genre) => SONG_GENRE_LABELS[genre]), default: "pop" },
  singerGender: {
    ...choice("Singer's voice", SINGER_GENDERS, (gender) => SINGER_GENDER_LABELS[gender]),
    default: "female",
  },
  parentName: {
    kind: "text",
    label: "Your name",
    max: NAME_MAX_CHARS,
    required: "always",
    missing: "Please enter your name.",
    tracked: true,
  },
  parentEmail: {
    kind: "email",
    label: "Your email",
    called: "Email",
    max: EMAIL_MAX_CHARS,
    required: "always",
    missing: "Please enter your email address to receive your child's song.",
    invalid: "Please enter a valid email address.",
    tracked: true,
  },
  isGift: { kind: "flag", label: "This song is a gift", default: false },
  giftRecipientName: { kind: "text", label: "Recipient's name", max: NAME_MAX_CHARS, markedRequired: true },
  giftRecipientEmail: {
    kind: "email",
    label: "Recipient's email",
    max: EMAIL_MAX_CHARS,
    invalid: "Please enter a valid recipient's email.",
    markedRequired: true,
  },
  giftMessage: { kind: "longText", label: "Gift message", max: TEXT_MAX_CHARS },
  addStreamingServices: {
    kind: "flag",
    label: `Put the song on streaming platforms (+$${formatCents(STREAMING_PRICE_CENTS)})`,
    default: false,
  },
  streamingArtistName: {
    kind: "text",
    label: "Artist profile name",
    max: NAME_MAX_CHARS,
    required: "addStreamingServices",
    missing: "Please enter an artist profile name for the streaming platforms.",
  },
} as const satisfies Record<string, OrderFieldSpec>;

export type OrderFormFields = typeof ORDER_FORM_FIELDS;
export type OrderFieldName = keyof OrderFormFields;
/** The two tick boxes. */
export type FlagFieldName = {
  [Name in OrderFieldName]: OrderFormFields[Name] extends FlagFieldSpec ? Name : never;
}[OrderFieldName];
/** Every field the form holds as text: typed answers and choices. */
export type TextFieldName = Exclude<OrderFieldName, FlagFieldName>;
export type ChoiceFieldName = {
  [Name in OrderFieldName]: OrderFormFields[Name] extends { kind: "choice" } ? Name : never;
}[OrderFieldName];

const FIELDS: Record<OrderFieldName, OrderFieldSpec> = ORDER_FORM_FIELDS;

/** Every field's name, in the table's order. */
export const ORDER_FIELD_NAMES = Object.keys(ORDER_FORM_FIELDS) as OrderFieldName[];

export type ChildDetailName = keyof typeof CHILD_DETAIL_FIELDS;
export const CHILD_DETAIL_NAMES = Object.keys(CHILD_DETAIL_FIELDS) as ChildDetailName[];

/** The child's details as `source` (an order) holds them, each named even when it was left unanswered. */
export function childDetailsOf<Source extends { [Name in ChildDetailName]?: unknown }>(
  source: Source,
): Pick<Source, ChildDetailName> {
  const details = Object.fromEntries(CHILD_DETAIL_NAMES.map((name) => [name, source[name]]));
  return details as Pick<Source, ChildDetailName>;
}

export const TEXT_FIELD_NAMES: readonly TextFieldName[] = ORDER_FIELD_NAMES.filter(
  (name): name is TextFieldName => FIELDS[name].kind !== "flag",
);

export const FLAG_FIELD_NAMES: readonly FlagFieldName[] = ORDER_FIELD_NAMES.filter(
  (name): name is FlagFieldName => FIELDS[name].kind === "flag",
);

/** One field's entry, whatever its kind. */
export function orderField(name: OrderFieldName): OrderFieldSpec {
  return FIELDS[name];
}

/** What the API's messages call a field. */
export function calledOf(spec: TextFieldSpec): string {
  return spec.called ?? spec.label;
}

/** Whether the page marks a field required (*): enforced, or only marked (the gift's recipient). */
export function markedRequired(name: OrderFieldName): boolean {
  const spec = FIELDS[name];
  return spec.kind !== "choice" && spec.kind !== "flag" && (!!spec.required || !!spec.markedRequired);
}

/**
 * How many characters the page's box for a typed field takes (see ONE_LINE_INPUT_MAX). A multi-line
 * answer takes more than its limit: a box that stops at it cuts a pasted message without a word, so
 * its count shows the limit instead and the form asks for a shorter one.
 */
export function inputMaxLength(name: TextFieldName): number | undefined {
  const spec = FIELDS[name];
  if (spec.kind === "choice" || spec.kind === "flag" || spec.kind === "longText") return undefined;
  return spec.kind === "text" || spec.kind === "date" ? ONE_LINE_INPUT_MAX : spec.max;
}

/** The most a typed field may hold, as the API counts (after trimming); 0 for choices and flags. */
export function maxCharsOf(name: OrderFieldName): number {
  const spec = FIELDS[name];
  return spec.kind === "choice" || spec.kind === "flag" ? 0 : spec.max;
}

/** The API's words for an answer over its limit: "Gift message must be at most 2,000 characters." */
export function tooLongMessage(spec: TextFieldSpec): string {
  return `${calledOf(spec)} must be at most ${spec.max.toLocaleString("en-US")} characters.`;
}

/** A field's value on a blank form: its default choice, an unticked box, or nothing typed. */
export function defaultValueOf(name: OrderFieldName): string | boolean {
  const spec = FIELDS[name];
  if (spec.kind === "flag") return spec.default;
  return spec.kind === "choice" ? spec.default ?? "" : "";
}

/** The listed values of a choice field, or undefined for a field typed freely. */
export function choicesOf(name: OrderFieldName): readonly string[] | undefined {
  const spec = FIELDS[name];
  return spec.kind === "choice" ? spec.values : undefined;
}

/** Customer-side §3, analytics: the fields form completeness counts. */
export const TRACKED_FIELD_NAMES: readonly OrderFieldName[] = ORDER_FIELD_NAMES.filter((name) => {
  const spec = FIELDS[name];
  return spec.kind !== "flag" && spec.tracked === true;
});
