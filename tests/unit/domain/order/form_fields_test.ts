import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { hasEmailShape } from "../../../../domain/email/address.ts";
import { TRACKED_FORM_FIELDS } from "../../../../domain/order/form_completeness.ts";
import {
  calledOf,
  defaultValueOf,
  inputMaxLength,
  markedRequired,
  ORDER_FIELD_NAMES,
  ORDER_FORM_FIELDS,
  orderField,
  type OrderFieldName,
  TEXT_FIELD_NAMES,
  type TextFieldName,
  type TextFieldSpec,
} from "../../../../domain/order/form_fields.ts";
import { orderFormSchema, requestedDeliveryFields } from "../../../../domain/order/orders.ts";
import {
  AboutYourChild,
  ContactInformation,
  SongCustomization,
} from "../../../../islands/order/sections.tsx";
import {
  DELIVERY_FIELD,
  emptyValues,
  FLAG_FIELDS,
  problemsOf,
  TEXT_FIELDS,
} from "../../../../islands/order/values.ts";

/**
 * The order form's one table (domain/order/form_fields.ts) is what both the API's schema and the
 * /order island read: each field the table lists is accepted, required, limited and defaulted by the
 * schema as the table says, and shown by the form with the table's label, choices and mark.
 */

const minimal = { childName: "Mia", parentName: "Sam Parent", parentEmail: "sam@example.com" };
/** Every box ticked, so each field is both shown and kept. */
const ticked = { ...minimal, isGift: true, addStreamingServices: true, streamingArtistName: "Mia's Band" };

type Issue = { path: PropertyKey[]; message: string };
const firstIssue = (body: unknown): Issue | null => {
  const parsed = orderFormSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0];
};
/** The fields typed as text (not chosen, not ticked). */
const textFields = TEXT_FIELD_NAMES.filter((name) => orderField(name).kind !== "choice");
const spec = (name: OrderFieldName) => orderField(name) as TextFieldSpec;
/** `length` characters of a valid value for the field (an address for email fields). */
const valueOfLength = (name: OrderFieldName, length: number) =>
  spec(name).kind === "email"
    ? `${"a".repeat(length - "@example.com".length)}@example.com`
    : "a".repeat(length);

Deno.test("the schema and the form hold exactly the table's fields", () => {
  // The referral code and the delivery time have rules of their own (domain/referral/code.ts,
  // domain/delivery/requested.ts), so they are not rows of the table.
  const schemaFields = Object.keys(orderFormSchema.in.shape)
    .filter((name) => name !== "referralCode" && !(name in requestedDeliveryFields));
  assertEquals(schemaFields.toSorted(), [...ORDER_FIELD_NAMES].sort());
  assertEquals([...TEXT_FIELDS, ...FLAG_FIELDS].toSorted(), [...ORDER_FIELD_NAMES].sort());
  const deliveryBoxes = new Set<string>(Object.values(DELIVERY_FIELD));
  assertEquals(
    Object.keys(emptyValues()).filter((name) => !deliveryBoxes.has(name)).toSorted(),
    [...ORDER_FIELD_NAMES].sort(),
  );
});

Deno.test("defaults: a blank form shows the table's, and the schema stores them for a field left out", () => {
  const blank = emptyValues();
  const stored = orderFormSchema.parse(minimal) as Record<string, unknown>;
  for (const name of ORDER_FIELD_NAMES) {
    const fallback = defaultValueOf(name);
    assertEquals(blank[name], fallback, `form ${name}`);
    if (name in minimal) continue;
    // A choice without a default stays unanswered, an email left out stays absent.
    const expected = fallback === "" && (orderField(name).kind === "choice" || spec(name).kind === "email")
      ? undefined
      : fallback;
    assertEquals(stored[name], expected, `schema ${name}`);
  }
  assertEquals([blank.songStyle, blank.songGenre, blank.singerGender], ["happy", "pop", "female"]);
  assertEquals([blank.isGift, blank.addStreamingServices], [false, false]);
  // The blank form as sent (choices as typed, empty strings) is read back as the same defaults.
  const sent = orderFormSchema.parse({ ...blank, ...minimal }) as Record<string, unknown>;
  for (const name of ["songStyle", "songGenre", "singerGender"] as const) {
    assertEquals(sent[name], ORDER_FORM_FIELDS[name].default);
  }
});

Deno.test("required fields are refused empty with the table's message, and the page marks them", () => {
  for (const name of textFields) {
    const { required, missing } = spec(name);
    if (!required) {
      assertEquals(firstIssue({ ...ticked, [name]: "" }), null, `${name} is optional`);
      continue;
    }
    const body = required === "always"
      ? { ...ticked, [name]: "" }
      : { ...ticked, [required]: true, [name]: "" };
    const issue = firstIssue(body);
    assertEquals([issue?.path, issue?.message], [[name], missing], name);
    assert(markedRequired(name), `${name} is marked on the page`);
  }
  // Marked but not enforced (customer-side §5): the gift's recipient.
  assertEquals(ORDER_FIELD_NAMES.filter(markedRequired), [
    "childName",
    "parentName",
    "parentEmail",
    "giftRecipientName",
    "giftRecipientEmail",
    "streamingArtistName",
  ]);
  // The page's own checks give the table's words where the spec fixes them.
  const problems = problemsOf({ ...emptyValues(), addStreamingServices: true }, {
    now: Date.now(),
    timeZone: "UTC",
  });
  const described = Object.fromEntries(problems.map((problem) => [problem.field, problem.description]));
  assertEquals(described.parentEmail, ORDER_FORM_FIELDS.parentEmail.missing);
  assertEquals(described.streamingArtistName, ORDER_FORM_FIELDS.streamingArtistName.missing);
});

Deno.test("lengths: the schema refuses more than the table's maximum; one-line boxes stop there, long answers are counted", () => {
  for (const name of textFields) {
    const { max, kind } = spec(name);
    assertEquals(firstIssue({ ...ticked, [name]: valueOfLength(name, max) }), null, `${name} at ${max}`);
    const issue = firstIssue({ ...ticked, [name]: valueOfLength(name, max + 1) });
    assertEquals(
      [issue?.path, issue?.message],
      [[name], `${calledOf(spec(name))} must be at most ${max.toLocaleString("en-US")} characters.`],
      name,
    );
    // A date box takes what the date picker writes; a one-line box stops at or below the limit. A
    // long answer takes a paste whole (a box that stops cuts it without a word): its count says the
    // limit and the form asks for less (values_test.ts).
    if (kind === "longText") assertEquals(inputMaxLength(name), undefined, name);
    else if (kind !== "date") assert(inputMaxLength(name)! <= max, name);
    if (kind === "email") assertEquals(inputMaxLength(name), max, name);
  }
});

Deno.test("choices: the schema takes exactly the table's values, which the form offers", () => {
  for (const name of ORDER_FIELD_NAMES) {
    const field = orderField(name);
    if (field.kind !== "choice") continue;
    for (const value of field.values) {
      const parsed = orderFormSchema.parse({ ...minimal, [name]: value }) as Record<string, unknown>;
      assertEquals(parsed[name], value, `${name} ${value}`);
    }
    assertEquals(firstIssue({ ...minimal, [name]: "not-a-choice" })?.path, [name]);
    assertEquals(field.options.map((option) => option.value), [...field.values]);
  }
});

Deno.test("email fields: the page's shape check never refuses an address the schema takes", () => {
  const addresses = [
    "sam@example.com",
    "a@b.co",
    "first.last+tag@sub.example.org",
    "a@b.c",
    "bad",
    "a b@c.de",
  ];
  for (const address of addresses) {
    const accepted = firstIssue({ ...minimal, parentEmail: address }) === null;
    if (accepted) assert(hasEmailShape(address), address);
  }
  assertEquals(
    firstIssue({ ...minimal, parentEmail: "bad" })?.message,
    ORDER_FORM_FIELDS.parentEmail.invalid,
  );
  assertEquals(
    firstIssue({ ...ticked, giftRecipientEmail: "bad" })?.message,
    ORDER_FORM_FIELDS.giftRecipientEmail.invalid,
  );
});

Deno.test("the form shows each field with the table's label, choices, mark and length", () => {
  const values = { ...emptyValues(), isGift: true, addStreamingServices: true };
  const form = { values, errors: new Map(), set() {} };
  const html = renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(AboutYourChild, { form }),
      createElement(SongCustomization, { form }),
      createElement(ContactInformation, { form, clock: { now: Date.now(), timeZone: "UTC" } }),
    ),
  );
  const escaped = (text: string) => text.replaceAll("'", "&#x27;");
  for (const name of ORDER_FIELD_NAMES) {
    const field = orderField(name);
    assertStringIncludes(html, escaped(field.label), name);
    if (field.kind === "choice") {
      for (const option of field.options) assertStringIncludes(html, `value="${option.value}"`, name);
      continue;
    }
    if (field.kind === "flag") continue;
    const typed = name as TextFieldName;
    const control = html.match(new RegExp(`<(input|textarea)[^>]*id="order-${name}"[^>]*>`))?.[0] ?? "";
    const boxMax = inputMaxLength(typed);
    if (boxMax === undefined) assert(!/maxLength/i.test(control), name);
    else assertStringIncludes(control, `maxLength="${boxMax}"`, name);
    assertEquals(control.includes(`aria-required="true"`), markedRequired(name), name);
  }
});

Deno.test("form completeness counts the table's 13 tracked fields", () => {
  assertEquals(TRACKED_FORM_FIELDS.length, 13);
  assert(TRACKED_FORM_FIELDS.every((name) => ORDER_FIELD_NAMES.includes(name)));
});
