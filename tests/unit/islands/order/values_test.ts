import { assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../../domain/order/orders.ts";
import {
  emptyValues,
  limitNearing,
  orderOf,
  pendingOrderDataOf,
  problemsOf,
  restoreValues,
  songRecipientOf,
  totalCents,
  withField,
} from "../../../../islands/order/values.ts";

/** The form is checked on 26 November 2026, 14:00 in London. */
const CLOCK = { now: Date.parse("2026-11-26T14:00:00Z"), timeZone: "Europe/London" };

const filled = () => ({
  ...emptyValues(),
  childName: "Mia",
  parentName: "Sam Parent",
  parentEmail: "sam@example.com",
});

Deno.test("a blank form has the spec's defaults and costs the base price", () => {
  const values = emptyValues("me@example.com");
  assertEquals([values.songGenre, values.singerGender, values.songStyle], ["pop", "female", "happy"]);
  assertEquals([values.isGift, values.addStreamingServices], [false, false]);
  assertEquals(values.parentEmail, "me@example.com");
  assertEquals(totalCents(values), 2499);
  assertEquals(totalCents(withField(values, "addStreamingServices", true)), 3499);
});

Deno.test("unticking streaming clears the artist name; unticking gift clears recipient name and email only", () => {
  let values = withField(filled(), "addStreamingServices", true);
  values = withField(values, "streamingArtistName", "Mia's Band");
  assertEquals(withField(values, "addStreamingServices", false).streamingArtistName, "");

  values = { ...values, isGift: true, giftRecipientName: "Jo", giftRecipientEmail: "jo@example.com" };
  values = withField(values, "giftMessage", "Love you");
  const ungifted = withField(values, "isGift", false);
  assertEquals([ungifted.giftRecipientName, ungifted.giftRecipientEmail], ["", ""]);
  assertEquals(ungifted.giftMessage, "Love you");
});

Deno.test("problems come in page order with the spec's email and artist-name messages", () => {
  const blank = { ...emptyValues(), addStreamingServices: true };
  assertEquals(problemsOf(blank, CLOCK).map((problem) => problem.field), [
    "childName",
    "streamingArtistName",
    "parentName",
    "parentEmail",
  ]);
  const email = problemsOf(blank, CLOCK).find((problem) => problem.field === "parentEmail")!;
  assertEquals(email.title, "Email Required");
  assertEquals(email.description, "Please enter your email address to receive your child's song.");
  const artist = problemsOf(blank, CLOCK).find((problem) => problem.field === "streamingArtistName")!;
  assertEquals(artist.title, "Artist Name Required");
  assertEquals(artist.description, "Please enter an artist profile name for the streaming platforms.");

  assertEquals(problemsOf({ ...filled(), childName: "   " }, CLOCK).map((problem) => problem.field), [
    "childName",
  ]);
  assertEquals(problemsOf({ ...filled(), parentEmail: "not-an-email" }, CLOCK)[0].title, "Invalid Email");
  assertEquals(problemsOf(filled(), CLOCK), []);
  // Gift recipients are marked required but not enforced (customer-side §5).
  assertEquals(problemsOf({ ...filled(), isGift: true }, CLOCK), []);
});

Deno.test("the order sent is the form as typed, plus a kept referral code, and the server accepts it", () => {
  const values = { ...filled(), childAge: "newborn", childGender: "girl" };
  const order = orderOf(values, "MIA-7K3Q", "Europe/London");
  assertEquals(order.referralCode, "MIA-7K3Q");
  assertEquals("referralCode" in orderOf(values, null, "Europe/London"), false);
  const parsed = orderFormSchema.parse(order);
  assertEquals([parsed.childName, parsed.childAge, parsed.songGenre], ["Mia", "newborn", "pop"]);
  // Untouched optional choices are empty strings, which the server reads as "not given".
  assertEquals(orderFormSchema.parse(orderOf(filled(), null, "Europe/London")).childGender, undefined);
});

Deno.test("pending order data is the form plus song choices and status pending", () => {
  const pending = pendingOrderDataOf({ ...filled(), songGenre: "lullaby" });
  assertEquals(pending.status, "pending");
  assertEquals([pending.songStyle, pending.songGenre, pending.singerGender], ["happy", "lullaby", "female"]);
  assertEquals(pending.childName, "Mia");
});

Deno.test("a stored draft restores only known fields of the right type and listed choices", () => {
  const base = emptyValues("me@example.com");
  const restored = restoreValues({
    childName: "Mia",
    childAge: "99",
    songGenre: "kids",
    isGift: true,
    addStreamingServices: "yes",
    favoriteColor: 7,
    injected: "<script>",
  }, base);
  assertEquals(restored.childName, "Mia");
  assertEquals(restored.childAge, "", "an age that is not offered is dropped");
  assertEquals(restored.songGenre, "kids");
  assertEquals(restored.isGift, true);
  assertEquals(restored.addStreamingServices, false);
  assertEquals(restored.favoriteColor, "");
  assertEquals(restored.parentEmail, "me@example.com");
  assertEquals("injected" in restored, false);
  assertEquals(restoreValues(null, base), base);
  assertEquals(restoreValues("text", base), base);
});

Deno.test("a blank form sends its song as soon as it's ready; the order says so with an empty deliveryAt", () => {
  const values = filled();
  assertEquals([values.deliveryWhen, values.deliveryDate, values.deliveryTime], ["ready", "", "08:00"]);
  const order = orderOf(values, null, "Europe/London");
  assertEquals([order.deliveryAt, order.deliveryTimeZone], ["", "Europe/London"]);
  assertEquals(orderFormSchema.parse(order).requestedDelivery, null);
  // The form's own boxes are not part of the order.
  assertEquals(["deliveryWhen", "deliveryDate", "deliveryTime"].filter((key) => key in order), []);
});

Deno.test("a chosen day is sent on the family's clock, and the server reads the same moment", () => {
  const values = {
    ...filled(),
    deliveryWhen: "chosen" as const,
    deliveryDate: "2027-03-14",
    deliveryTime: "08:00",
  };
  const order = orderOf(values, null, "Europe/London");
  assertEquals([order.deliveryAt, order.deliveryTimeZone], ["2027-03-14T08:00", "Europe/London"]);
  assertEquals(orderFormSchema.parse(order).requestedDelivery, {
    at: "2027-03-14T08:00:00.000Z",
    timeZone: "Europe/London",
  });
  // Going back to "as soon as it's ready" keeps the day in the boxes but sends none.
  const asap = orderOf({ ...values, deliveryWhen: "ready" }, null, "Europe/London");
  assertEquals(asap.deliveryAt, "");
});

Deno.test("a chosen day is checked last, on the date box, with the studio's 24-hour rule", () => {
  const chosen = { ...filled(), deliveryWhen: "chosen" as const };
  const missing = problemsOf(chosen, CLOCK);
  assertEquals(missing.map((problem) => [problem.field, problem.title]), [["deliveryDate", "Choose a Day"]]);
  assertEquals(missing[0].description, "Please choose the day the song should arrive.");

  const tomorrowMorning = problemsOf({ ...chosen, deliveryDate: "2026-11-27", deliveryTime: "08:00" }, CLOCK);
  assertEquals(tomorrowMorning.map((problem) => problem.field), ["deliveryDate"]);
  assertEquals(
    tomorrowMorning[0].description,
    "We need at least 24 hours to make your song, so please choose Friday 27 November, 14:00 in London or later.",
  );
  assertEquals(problemsOf({ ...chosen, deliveryDate: "2026-11-27", deliveryTime: "14:00" }, CLOCK), []);
  assertEquals(
    problemsOf({ ...chosen, deliveryDate: "2026-11-27", deliveryTime: "" }, CLOCK)[0].field,
    "deliveryTime",
  );
  assertEquals(
    problemsOf({ ...emptyValues(), deliveryWhen: "chosen" }, CLOCK).map((problem) => problem.field).at(-1),
    "deliveryDate",
    "after the contact details",
  );
});

Deno.test("the delivery choice survives storage; anything the boxes could not hold is dropped", () => {
  const stored = { ...filled(), deliveryWhen: "chosen", deliveryDate: "2027-03-14", deliveryTime: "07:30" };
  const restored = restoreValues(JSON.parse(JSON.stringify(stored)), emptyValues());
  assertEquals([restored.deliveryWhen, restored.deliveryDate, restored.deliveryTime], [
    "chosen",
    "2027-03-14",
    "07:30",
  ]);
  const odd = restoreValues(
    { deliveryWhen: "someday", deliveryDate: "next week", deliveryTime: 8 },
    emptyValues(),
  );
  assertEquals([odd.deliveryWhen, odd.deliveryDate, odd.deliveryTime], ["ready", "", "08:00"]);
  assertEquals(restoreValues({}, emptyValues()).deliveryWhen, "ready", "an older draft has no choice");
});

Deno.test("a chosen day may be timed in another zone (a gift's recipient's): checked, kept and sent in it", () => {
  const inSydney = {
    ...filled(),
    deliveryWhen: "chosen" as const,
    deliveryDate: "2026-11-27",
    deliveryTime: "14:00",
    deliveryTimeZone: "Australia/Sydney",
  };
  // 14:00 in Sydney on the 27th is 3:00 in London that day: 13 hours away, too soon; 14:00 in London
  // (the browser's zone, when none is picked) is 24 hours away.
  assertEquals(problemsOf(inSydney, CLOCK).map((problem) => problem.field), ["deliveryDate"]);
  assertEquals(problemsOf({ ...inSydney, deliveryTimeZone: "" }, CLOCK), []);
  const later = { ...inSydney, deliveryDate: "2026-12-12", deliveryTime: "08:00" };
  assertEquals(problemsOf(later, CLOCK), []);
  const order = orderOf(later, null, CLOCK.timeZone);
  assertEquals([order.deliveryAt, order.deliveryTimeZone], ["2026-12-12T08:00", "Australia/Sydney"]);
  assertEquals(
    orderOf({ ...later, deliveryTimeZone: "" }, null, CLOCK.timeZone).deliveryTimeZone,
    "Europe/London",
  );
  assertEquals(
    "deliveryTimeZone" in orderFormSchema.parse(order),
    false,
    "the schema reads it, it is not a field",
  );

  const restored = restoreValues(JSON.parse(JSON.stringify(later)), emptyValues());
  assertEquals(restored.deliveryTimeZone, "Australia/Sydney");
  assertEquals(
    restoreValues({ deliveryTimeZone: "+05:00" }, emptyValues()).deliveryTimeZone,
    "",
    "no offsets",
  );
  assertEquals(restoreValues({ deliveryTimeZone: "Mars/Base" }, emptyValues()).deliveryTimeZone, "");
});

Deno.test("the song goes to a gift's recipient only with their address; the form names them", () => {
  const gift = {
    ...filled(),
    isGift: true,
    giftRecipientName: " Grandma Jo ",
    giftRecipientEmail: "jo@example.com",
  };
  assertEquals(songRecipientOf(gift), "Grandma Jo");
  assertEquals(songRecipientOf({ ...gift, giftRecipientName: "" }), "the recipient");
  assertEquals(
    songRecipientOf({ ...gift, giftRecipientEmail: " " }),
    null,
    "no address: the giver receives it",
  );
  assertEquals(
    songRecipientOf({ ...gift, giftRecipientEmail: "SAM@example.com" }),
    null,
    "the giver's own address",
  );
  assertEquals(songRecipientOf({ ...gift, isGift: false }), null);
});

Deno.test("a name that cannot be sung is refused on the name box; names of every language are kept", () => {
  for (
    const childName of [
      "Zoë",
      "José",
      "陈",
      "Émilie",
      "O'Brien",
      "Anne-Marie",
      "Mary Ann",
      "D’Angelo",
      "Nguyễn",
    ]
  ) {
    assertEquals(problemsOf({ ...filled(), childName }, CLOCK), [], childName);
  }
  const [problem] = problemsOf({ ...filled(), childName: "Zoë 🦄" }, CLOCK);
  assertEquals([problem.field, problem.title], ["childName", "Name As It's Sung"]);
  assertEquals(
    problem.description,
    "“🦄” can't be sung. Please write the name in letters, as it should be sung (spaces, hyphens and apostrophes are fine).",
  );
  assertEquals(problemsOf({ ...filled(), childName: "Mia #1" }, CLOCK)[0].field, "childName");
});

Deno.test("a long answer over its limit stops the order on its own box, never cut", () => {
  const gift = { ...filled(), isGift: true, giftMessage: "x".repeat(2001) };
  const [problem] = problemsOf(gift, CLOCK);
  assertEquals([problem.field, problem.title], ["giftMessage", "Gift message is too long"]);
  assertEquals(
    problem.description,
    "Please shorten the gift message to at most 2,000 characters (it has 2,001).",
  );
  assertEquals(problemsOf({ ...gift, giftMessage: "x".repeat(2000) }, CLOCK), []);
});

Deno.test("the limit is announced as it nears, in a few steps, not at every keystroke", () => {
  assertEquals(limitNearing(0, 2000), "");
  assertEquals(limitNearing(1800, 2000), "", "200 left: room enough");
  assertEquals(limitNearing(1801, 2000), "Fewer than 200 characters left.");
  assertEquals(
    limitNearing(1850, 2000),
    "Fewer than 200 characters left.",
    "the same words: nothing new is read",
  );
  assertEquals(limitNearing(1901, 2000), "Fewer than 100 characters left.");
  assertEquals(limitNearing(1995, 2000), "Fewer than 10 characters left.");
  assertEquals(limitNearing(2000, 2000), "2,000-character limit reached.");
  assertEquals(limitNearing(2400, 2000), "Over the 2,000-character limit. Please shorten it.");
});
