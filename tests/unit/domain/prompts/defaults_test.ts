import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { SONG_GENRE_BRIEFS } from "../../../../domain/order/choices.ts";
import { buildOrder, type OrderFormInput, orderFormSchema } from "../../../../domain/order/orders.ts";
import {
  briefOf,
  cleanLyrics,
  cleanTags,
  cleanTitle,
  DEFAULT_LYRICS_PROMPT,
  DEFAULT_TAGS_PROMPT,
  LYRICS_MAX_CHARS,
  lyricsUserMessage,
  TAGS_MAX_CHARS,
  tagsUserMessage,
  TITLE_MAX_CHARS,
} from "../../../../domain/prompts/defaults.ts";

function order(form: Partial<OrderFormInput> = {}) {
  const parsed = orderFormSchema.parse({
    childName: "Mia",
    phoneticSpelling: "MEE-ah",
    childAge: "5",
    favoriteColor: "purple",
    petName: "Biscuit",
    parentName: "Sam Parent",
    parentEmail: "sam@example.com",
    songGenre: "country",
    singerGender: "child",
    songStyle: "silly",
    ...form,
  });
  return buildOrder(parsed, {
    id: "order-1",
    orderNumber: 1000,
    userId: null,
    price: { basePrice: 2499, streamingPrice: 0, discountAmount: 0, totalPrice: 2499 },
    payment: { kind: "demo" },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: Date.parse("2026-01-15T12:00:00Z"),
  });
}

Deno.test("the default lyrics prompt asks for the song's shape, the name rules and a JSON answer", () => {
  for (const marker of ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Bridge]"]) {
    assertStringIncludes(DEFAULT_LYRICS_PROMPT, marker);
  }
  assertStringIncludes(DEFAULT_LYRICS_PROMPT, "never write the phonetic spelling in the lyrics");
  assertStringIncludes(DEFAULT_LYRICS_PROMPT, "Admin instruction");
  assertStringIncludes(DEFAULT_LYRICS_PROMPT, "brand names");
  assertStringIncludes(DEFAULT_LYRICS_PROMPT, '{"lyrics": "..."}');
  assertStringIncludes(DEFAULT_TAGS_PROMPT, '{"tags": "...", "title": "..."}');
  assertStringIncludes(DEFAULT_TAGS_PROMPT, "At most 200 characters");
  assertStringIncludes(DEFAULT_TAGS_PROMPT, "at most 80 characters");
});

Deno.test("a brief carries the order's song fields and the admin's instruction only when it says something", () => {
  const brief = briefOf(order({ isGift: true, giftMessage: "Love, Gran" }), "  mention the beach  ");
  assertEquals(brief.childName, "Mia");
  assertEquals(brief.phoneticSpelling, "MEE-ah");
  assertEquals(brief.childAge, "5");
  assertEquals(brief.petName, "Biscuit");
  assertEquals(brief.giftMessage, "Love, Gran");
  assertEquals([brief.songGenre, brief.singerGender, brief.songStyle], ["country", "child", "silly"]);
  assertEquals(brief.customInput, "mention the beach");
  assert(!("parentEmail" in brief), "the parent's contact details are not the lyricist's business");
  assert(!("customInput" in briefOf(order(), "   ")));
  assert(!("customInput" in briefOf(order())));
});

Deno.test("the lyrics message labels each filled detail and leaves the empty ones out", () => {
  const message = lyricsUserMessage(
    briefOf(order({ favoriteToy: "a red\n  fire truck" }), "Add a line about snow"),
  );
  const lines = message.split("\n");
  assert(lines.includes("Child's name: Mia"));
  assert(lines.some((line) => line.startsWith("How the name is pronounced") && line.endsWith(": MEE-ah")));
  assert(lines.includes("Age: 5 years"));
  assert(lines.includes("Favorite color: purple"));
  assert(lines.includes("Favorite toy: a red fire truck"), "free text is one line");
  assert(lines.includes("Pet's name: Biscuit"));
  assert(lines.includes(`Song genre: country (${SONG_GENRE_BRIEFS.country})`));
  assert(lines.includes("Singer: child vocals"));
  assert(lines.includes("Song style: silly"));
  assert(lines.includes("Admin instruction: Add a line about snow"));
  for (const label of ["Best friend", "Dream", "Gift message", "Birthday", "Gender"]) {
    assert(!message.includes(`${label}:`), label);
  }
  assert(!message.includes("undefined"));
  assert(!/:\s*$/m.test(message), "no label without a value");
  assert(!/\n\n\n/.test(message));
});

Deno.test("a newborn's age reads 'under 1 year'; a name spelled as it sounds needs no guide", () => {
  const message = lyricsUserMessage(briefOf(order({ childAge: "newborn", phoneticSpelling: "mia" })));
  assertStringIncludes(message, "Age: under 1 year");
  assert(!message.includes("pronounced"));
  assert(!lyricsUserMessage(briefOf(order({ childAge: undefined }))).includes("Age:"));
});

Deno.test("a gift's message is never given to the lyricist; its giver is, by first name, for a dedication at most", () => {
  const gift = briefOf(order({ isGift: true, giftRecipientName: "Ann Lee", giftMessage: "Love you, Ann!" }));
  assertEquals(gift.giftFrom, "Sam", "the order's full name is Sam Parent");
  const message = lyricsUserMessage(gift);
  // The message is the giver's to the one receiving the gift, who reads it in the gift email.
  assert(!message.includes("Love you"), message);
  assert(!message.includes("Sam Parent"));
  assert(!message.includes("Ann"), "the recipient is not in the child's song either");
  assertStringIncludes(
    message,
    "This song is a gift from (at most a one-line dedication at the end; the song is still about the child): Sam",
  );
  assert(
    !lyricsUserMessage(briefOf(order({ giftMessage: "Love you" }))).includes("gift"),
    "no gift, no giver",
  );
  assert(!DEFAULT_LYRICS_PROMPT.includes("a gift message"), "the system prompt does not ask for it either");
});

Deno.test("the tags message carries the song's shape and the lyrics, never the phonetic spelling", () => {
  const message = tagsUserMessage(briefOf(order()), "  [Verse 1]\nMia, Mia  \n");
  assertStringIncludes(message, "Child's name: Mia");
  assertStringIncludes(message, `Song genre: country (${SONG_GENRE_BRIEFS.country})`);
  assertStringIncludes(message, "Singer: child vocals");
  assertStringIncludes(message, "Song style: silly");
  assert(message.endsWith("Lyrics:\n[Verse 1]\nMia, Mia"));
  assert(!message.includes("MEE-ah"));
  assert(!message.includes("Admin instruction"));
});

Deno.test("lyrics are tidied but keep their lines and sections", () => {
  assertEquals(
    cleanLyrics("  [Verse 1]\r\nLa   la la  \r\n\r\n\r\n\r\n[Chorus]\n\tSing\u00a0it \n\n"),
    "[Verse 1]\nLa la la\n\n[Chorus]\nSing it",
  );
});

Deno.test("long lyrics are cut at a line break, at a section when that keeps most of the song", () => {
  const verse = (n: number) => `[Verse ${n}]\n${"Sing a little song for you and me\n".repeat(8).trim()}`;
  const long = Array.from({ length: 20 }, (_, index) => verse(index + 1)).join("\n\n");
  const cut = cleanLyrics(long);
  assert(cut.length <= LYRICS_MAX_CHARS && cut.length > LYRICS_MAX_CHARS * 0.6, String(cut.length));
  assert(long.startsWith(cut));
  assert(cut.endsWith("Sing a little song for you and me"), "whole lines only");
  assert(long.slice(cut.length).startsWith("\n\n[Verse"), "cut at a section boundary");

  const oneLongLine = "la ".repeat(2000);
  const cutLine = cleanLyrics(oneLongLine);
  assert(cutLine.length <= LYRICS_MAX_CHARS);
  assert(cutLine.endsWith("la"));
});

Deno.test("tags are trimmed, deduplicated and cut to whole tags", () => {
  assertEquals(cleanTags(' "pop", upbeat ,, Upbeat,\n female vocals. '), "pop, upbeat, female vocals");
  const many = Array.from({ length: 40 }, (_, index) => `tag number ${index}`).join(", ");
  const cut = cleanTags(many);
  assert(cut.length <= TAGS_MAX_CHARS);
  assert(many.startsWith(cut) && cut.endsWith("tag number " + (cut.split(", ").length - 1)));
  const single = cleanTags("word ".repeat(100));
  assert(single.length <= TAGS_MAX_CHARS && single.length > 100 && single.endsWith("word"));
  assertEquals(cleanTags(" , , "), "");
});

Deno.test("a title loses its label, quotes and extra space, and is cut at a word", () => {
  assertEquals(cleanTitle('  Title: "Mia\'s   Rainbow Song"\n'), "Mia's Rainbow Song");
  assertEquals(cleanTitle("“Mia's Song”"), "Mia's Song");
  assertEquals(cleanTitle("'Mia'"), "Mia");
  const long = cleanTitle(`${"Sunny ".repeat(20)}Song`);
  assert(long.length <= TITLE_MAX_CHARS && long.endsWith("Sunny"), long);
  assertEquals(cleanTitle("x".repeat(100)).length, TITLE_MAX_CHARS);
});
