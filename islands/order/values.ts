import { deliveryAddressees } from "../../domain/delivery/release.ts";
import { hasEmailShape } from "../../domain/email/address.ts";
import { formCompleteness } from "../../domain/order/form_completeness.ts";
import {
  choicesOf,
  defaultValueOf,
  FLAG_FIELD_NAMES,
  type FlagFieldName,
  maxCharsOf,
  ORDER_FIELD_NAMES,
  ORDER_FORM_FIELDS,
  orderField,
  TEXT_FIELD_NAMES,
  type TextFieldName,
} from "../../domain/order/form_fields.ts";
import type { OrderFormInput } from "../../domain/order/orders.ts";
import { plainText } from "../../domain/plain_text.ts";
import { priceOrder } from "../../domain/order/pricing.ts";
import { canonicalTimeZone } from "../../domain/delivery/requested.ts";
import { unsingableNameMessage } from "../../domain/order/sung_name.ts";
import {
  AS_SOON_AS_READY,
  deliveryAtOf,
  type DeliveryChoice,
  deliveryProblem,
  type DeliveryWhen,
  restoreChoice,
} from "./delivery_time.ts";

/**
 * The order form's values as the browser holds them: every parent-fillable field of the song order
 * (customer-side §3, the table in domain/order/form_fields.ts), strings exactly as typed and the two
 * checkboxes as booleans. The server parses the same shape with `orderFormSchema`, so empty strings
 * are fine where a field is optional.
 */
export const TEXT_FIELDS = TEXT_FIELD_NAMES;
export const FLAG_FIELDS = FLAG_FIELD_NAMES;

export type TextField = TextFieldName;
export type FlagField = FlagFieldName;

/**
 * "When should it arrive?": held as the form shows it (the choice, the date box, the time box, the
 * zone picked for them) and sent as the API's `deliveryAt` and `deliveryTimeZone` (orderOf). The
 * zone is "" until one is picked: the browser's own (FormClock) then stands for it.
 */
export type DeliveryValues = {
  deliveryWhen: DeliveryWhen;
  deliveryDate: string;
  deliveryTime: string;
  deliveryTimeZone: string;
};
export type DeliveryField = keyof DeliveryValues;

export type FieldName = TextField | FlagField | DeliveryField;
export type OrderValues = Record<TextField, string> & Record<FlagField, boolean> & DeliveryValues;

/** A blank form with the table's defaults: pop, a female singer, a happy song, no add-ons, as soon as ready. */
export function emptyValues(parentEmail = ""): OrderValues {
  const values = Object.fromEntries(ORDER_FIELD_NAMES.map((field) => [field, defaultValueOf(field)]));
  return {
    ...values,
    ...deliveryValuesOf(AS_SOON_AS_READY),
    deliveryTimeZone: "",
    parentEmail,
  } as OrderValues;
}

export function deliveryChoiceOf(values: DeliveryValues): DeliveryChoice {
  return { when: values.deliveryWhen, date: values.deliveryDate, time: values.deliveryTime };
}

function deliveryValuesOf(choice: DeliveryChoice): Omit<DeliveryValues, "deliveryTimeZone"> {
  return { deliveryWhen: choice.when, deliveryDate: choice.date, deliveryTime: choice.time };
}

/** The zone a chosen day is read in: the one picked, else the browser's own. */
export function deliveryZoneOf(values: Pick<DeliveryValues, "deliveryTimeZone">, clock: FormClock): string {
  return values.deliveryTimeZone || clock.timeZone;
}

/** The form field that holds each part of the choice, and the zone it is read in. */
export const DELIVERY_FIELD: Record<keyof DeliveryChoice | "timeZone", DeliveryField> = {
  when: "deliveryWhen",
  date: "deliveryDate",
  time: "deliveryTime",
  timeZone: "deliveryTimeZone",
};

/**
 * Values read back from storage: only known fields of the right type survive, on top of `base`.
 * Storage is outside our control (another version of the page, a hand edit), so trust nothing.
 */
export function restoreValues(raw: unknown, base: OrderValues): OrderValues {
  if (!raw || typeof raw !== "object") return base;
  const stored = raw as Record<string, unknown>;
  const values = { ...base };
  for (const field of TEXT_FIELDS) {
    const value = stored[field];
    if (typeof value !== "string") continue;
    // Choice fields only take their listed values, so a stale or edited draft cannot select nothing.
    const choices = choicesOf(field);
    if (choices && value !== "" && !choices.includes(value)) continue;
    values[field] = value;
  }
  for (const field of FLAG_FIELDS) {
    if (typeof stored[field] === "boolean") values[field] = stored[field] as boolean;
  }
  const delivery = restoreChoice({
    when: stored.deliveryWhen,
    date: stored.deliveryDate,
    time: stored.deliveryTime,
  });
  const zone = typeof stored.deliveryTimeZone === "string"
    ? canonicalTimeZone(stored.deliveryTimeZone)
    : null;
  return { ...values, ...deliveryValuesOf(delivery), deliveryTimeZone: zone ?? base.deliveryTimeZone };
}

/**
 * Sets one field. Unticking a box takes back what it revealed (customer-side §2): the artist name
 * for streaming; the recipient's name and email for a gift (the gift message stays, as specified).
 */
export function withField(values: OrderValues, field: FieldName, value: string | boolean): OrderValues {
  const next = { ...values, [field]: value } as OrderValues;
  if (field === "addStreamingServices" && value === false) next.streamingArtistName = "";
  if (field === "isGift" && value === false) {
    next.giftRecipientName = "";
    next.giftRecipientEmail = "";
  }
  return next;
}

/**
 * Who the song's email goes to, as the form's sentences name them: a gift's recipient ("Jo", or "the
 * recipient" before a name is typed) when the gift has their address, else null, the one ordering.
 * The rule is the delivery's own (domain/delivery/release.ts).
 */
export function songRecipientOf(
  values: Pick<OrderValues, "isGift" | "giftRecipientName" | "giftRecipientEmail" | "parentEmail">,
): string | null {
  const [first] = deliveryAddressees({
    isGift: values.isGift,
    giftRecipientEmail: values.giftRecipientEmail.trim().toLowerCase(),
    parentEmail: values.parentEmail.trim().toLowerCase(),
  });
  return first.role === "recipient" ? values.giftRecipientName.trim() || "the recipient" : null;
}

/** The price shown before checkout; the server computes the charged price, discounts included. */
export function totalCents(values: Pick<OrderValues, "addStreamingServices">): number {
  return priceOrder(values.addStreamingServices).totalPrice;
}

export function completeness(values: OrderValues): number {
  return formCompleteness(values);
}

/**
 * What a screen reader is told politely as a long answer nears its limit: a sentence that changes
 * only at a few steps (under 200, 100, 50 and 10 left; reached; passed), so it is not read at every
 * keystroke. "" while there is room.
 */
export function limitNearing(count: number, max: number): string {
  const limit = max.toLocaleString("en-US");
  if (count > max) return `Over the ${limit}-character limit. Please shorten it.`;
  if (count === max) return `${limit}-character limit reached.`;
  const step = [10, 50, 100, 200].find((left) => max - count < left);
  return step ? `Fewer than ${step} characters left.` : "";
}

export interface Problem {
  field: FieldName;
  title: string;
  description: string;
}

/** When the form is checked, and the browser's own zone (a chosen day's zone until another is picked). */
export interface FormClock {
  now: number;
  timeZone: string;
}

/**
 * What stops a submit, in the order the fields appear on the page (the first one gets the toast
 * and the focus). Email and artist-name messages are the spec's (§5); the others are ours.
 */
export function problemsOf(values: OrderValues, clock: FormClock): Problem[] {
  const problems: Problem[] = [];
  // Counted as the server will count them: only what a person can see (domain/plain_text.ts).
  const childName = plainText(values.childName);
  const unsingable = unsingableNameMessage(childName);
  if (!childName) {
    problems.push({
      field: "childName",
      title: "Child's Name Required",
      description: "Please enter your child's name so we can put it in the song.",
    });
  } else if (unsingable) {
    problems.push({ field: "childName", title: "Name As It's Sung", description: unsingable });
  }
  if (values.addStreamingServices && !plainText(values.streamingArtistName)) {
    problems.push({
      field: "streamingArtistName",
      title: "Artist Name Required",
      description: ORDER_FORM_FIELDS.streamingArtistName.missing,
    });
  }
  if (!plainText(values.parentName)) {
    problems.push({
      field: "parentName",
      title: "Your Name Required",
      description: "Please enter your name so we know who the song is from.",
    });
  }
  const email = plainText(values.parentEmail);
  if (!email) {
    problems.push({
      field: "parentEmail",
      title: "Email Required",
      description: ORDER_FORM_FIELDS.parentEmail.missing,
    });
  } else if (!hasEmailShape(email)) {
    problems.push({
      field: "parentEmail",
      title: "Invalid Email",
      description: ORDER_FORM_FIELDS.parentEmail.invalid,
    });
  }
  // A long answer the box let through (it never cuts a paste): said, never cut here either.
  for (const field of TEXT_FIELDS) {
    const max = maxCharsOf(field);
    const length = plainText(values[field], { lines: orderField(field).kind === "longText" }).length;
    if (max && length > max) {
      const called = orderField(field).label;
      problems.push({
        field,
        title: `${called} is too long`,
        description: `Please shorten the ${called.toLowerCase()} to at most ${
          max.toLocaleString("en-US")
        } characters (it has ${length.toLocaleString("en-US")}).`,
      });
    }
  }
  // "When should it arrive?" comes after the contact details and the gift.
  const delivery = deliveryProblem(deliveryChoiceOf(values), clock.now, deliveryZoneOf(values, clock));
  if (delivery) {
    problems.push({
      field: DELIVERY_FIELD[delivery.part],
      title: delivery.title,
      description: delivery.message,
    });
  }
  return problems;
}

/**
 * The `order` sent to the server: the form as typed, the chosen delivery moment as a wall-clock time
 * (`deliveryAt` "" is as soon as it's ready) with the zone it is read in (the one picked, else
 * `timeZone`, the browser's), and the kept referral code if there is one.
 */
export function orderOf(values: OrderValues, referralCode: string | null, timeZone: string): OrderFormInput {
  const { deliveryWhen: _when, deliveryDate: _date, deliveryTime: _time, deliveryTimeZone, ...form } = values;
  const order: OrderFormInput = {
    ...form,
    deliveryAt: deliveryAtOf(deliveryChoiceOf(values)),
    deliveryTimeZone: deliveryTimeZone || timeZone,
  };
  if (referralCode) order.referralCode = referralCode;
  return order;
}

/** Customer-side §3, stored pending order data: the form fields, the song choices, status pending. */
export function pendingOrderDataOf(values: OrderValues) {
  return {
    ...values,
    songStyle: values.songStyle || ORDER_FORM_FIELDS.songStyle.default,
    songGenre: values.songGenre || ORDER_FORM_FIELDS.songGenre.default,
    singerGender: values.singerGender || ORDER_FORM_FIELDS.singerGender.default,
    status: "pending" as const,
  };
}
