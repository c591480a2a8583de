import { assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../../domain/orders.ts";
import {
  emptyValues,
  orderOf,
  pendingOrderDataOf,
  problemsOf,
  restoreValues,
  totalCents,
  withField,
} from "../../../../islands/order/values.ts";

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
  assertEquals(problemsOf(blank).map((problem) => problem.field), [
    "childName",
    "streamingArtistName",
    "parentName",
    "parentEmail",
  ]);
  const email = problemsOf(blank).find((problem) => problem.field === "parentEmail")!;
  assertEquals(email.title, "Email Required");
  assertEquals(email.description, "Please enter your email address to receive your child's song.");
  const artist = problemsOf(blank).find((problem) => problem.field === "streamingArtistName")!;
  assertEquals(artist.title, "Artist Name Required");
  assertEquals(artist.description, "Please enter an artist profile name for the streaming platforms.");

  assertEquals(problemsOf({ ...filled(), childName: "   " }).map((problem) => problem.field), ["childName"]);
  assertEquals(problemsOf({ ...filled(), parentEmail: "not-an-email" })[0].title, "Invalid Email");
  assertEquals(problemsOf(filled()), []);
  // Gift recipients are marked required but not enforced (customer-side §5).
  assertEquals(problemsOf({ ...filled(), isGift: true }), []);
});

Deno.test("the order sent is the form as typed, plus a kept referral code, and the server accepts it", () => {
  const values = { ...filled(), childAge: "newborn", childGender: "girl" };
  const order = orderOf(values, "MIA-7K3Q");
  assertEquals(order.referralCode, "MIA-7K3Q");
  assertEquals("referralCode" in orderOf(values, null), false);
  const parsed = orderFormSchema.parse(order);
  assertEquals([parsed.childName, parsed.childAge, parsed.songGenre], ["Mia", "newborn", "pop"]);
  // Untouched optional choices are empty strings, which the server reads as "not given".
  assertEquals(orderFormSchema.parse(orderOf(filled(), null)).childGender, undefined);
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
