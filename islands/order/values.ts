import { hasEmailShape } from "../../domain/email_address.ts";
import { formCompleteness } from "../../domain/form_completeness.ts";
import {
  choicesOf,
  defaultValueOf,
  FLAG_FIELD_NAMES,
  type FlagFieldName,
  ORDER_FIELD_NAMES,
  ORDER_FORM_FIELDS,
  TEXT_FIELD_NAMES,
  type TextFieldName,
} from "../../domain/order_form_fields.ts";
import type { OrderFormInput } from "../../domain/orders.ts";
import { priceOrder } from "../../domain/pricing.ts";
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
 * (customer-side §3, the table in domain/order_form_fields.ts), strings exactly as typed and the two
 * checkboxes as booleans. The server parses the same shape with `orderFormSchema`, so empty strings
 * are fine where a field is optional.
 */
export const TEXT_FIELDS = TEXT_FIELD_NAMES;
export const FLAG_FIELDS = FLAG_FIELD_NAMES;

export type TextField = TextFieldName;
export type FlagField = FlagFieldName;

/**
 * "When should it arrive?": held as the form shows it (the choice, the date box, the time box) and
 * sent as the API's `deliveryAt` and `deliveryTimeZone` (orderOf).
 */
export type DeliveryValues = {
  deliveryWhen: DeliveryWhen;
  deliveryDate: string;
  deliveryTime: string;
};
export type DeliveryField = keyof DeliveryValues;

export type FieldName = TextField | FlagField | DeliveryField;
export type OrderValues = Record<TextField, string> & Record<FlagField, boolean> & DeliveryValues;

/** A blank form with the table's defaults: pop, a female singer, a happy song, no add-ons, as soon as ready. */
export function emptyValues(parentEmail = ""): OrderValues {
  const values = Object.fromEntries(ORDER_FIELD_NAMES.map((field) => [field, defaultValueOf(field)]));
  return { ...values, ...deliveryValuesOf(AS_SOON_AS_READY), parentEmail } as OrderValues;
}

export function deliveryChoiceOf(values: DeliveryValues): DeliveryChoice {
  return { when: values.deliveryWhen, date: values.deliveryDate, time: values.deliveryTime };
}

export function deliveryValuesOf(choice: DeliveryChoice): DeliveryValues {
  return { deliveryWhen: choice.when, deliveryDate: choice.date, deliveryTime: choice.time };
}

/** The form field that holds each part of the choice. */
export const DELIVERY_FIELD: Record<keyof DeliveryChoice, DeliveryField> = {
  when: "deliveryWhen",
  date: "deliveryDate",
  time: "deliveryTime",
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
  return { ...values, ...deliveryValuesOf(delivery) };
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

/** The price shown before checkout; the server computes the charged price, discounts included. */
export function totalCents(values: Pick<OrderValues, "addStreamingServices">): number {
  return priceOrder(values.addStreamingServices).totalPrice;
}

export function completeness(values: OrderValues): number {
  return formCompleteness(values);
}

export interface Problem {
  field: FieldName;
  title: string;
  description: string;
}

/** When the form is checked and on whose clock: the chosen delivery day depends on both. */
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
  if (!values.childName.trim()) {
    problems.push({
      field: "childName",
      title: "Child's Name Required",
      description: "Please enter your child's name so we can put it in the song.",
    });
  }
  if (values.addStreamingServices && !values.streamingArtistName.trim()) {
    problems.push({
      field: "streamingArtistName",
      title: "Artist Name Required",
      description: ORDER_FORM_FIELDS.streamingArtistName.missing,
    });
  }
  if (!values.parentName.trim()) {
    problems.push({
      field: "parentName",
      title: "Your Name Required",
      description: "Please enter your name so we know who the song is from.",
    });
  }
  const email = values.parentEmail.trim();
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
  // "When should it arrive?" comes after the contact details and the gift.
  const delivery = deliveryProblem(deliveryChoiceOf(values), clock.now, clock.timeZone);
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
 * The `order` sent to the server: the form as typed, the chosen delivery moment on the family's
 * clock (`deliveryAt` "" is as soon as it's ready) with the zone that clock is in, and the kept
 * referral code if there is one.
 */
export function orderOf(values: OrderValues, referralCode: string | null, timeZone: string): OrderFormInput {
  const { deliveryWhen: _when, deliveryDate: _date, deliveryTime: _time, ...form } = values;
  const order: OrderFormInput = {
    ...form,
    deliveryAt: deliveryAtOf(deliveryChoiceOf(values)),
    deliveryTimeZone: timeZone,
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
