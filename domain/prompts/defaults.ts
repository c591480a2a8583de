import { childAgeLabel, type Order, type SingerGender } from "../order/orders.ts";
import { SONG_GENRE_BRIEFS } from "../order/choices.ts";
import { firstName } from "../order/views.ts";
import { childDetailsOf } from "../order/form_fields.ts";
import type { SongBrief } from "../generation/song_brief.ts";

/**
 * The two system prompts that ship with the app (admins may replace them: staff-side §9), the user
 * messages that carry an order's details to the lyricist, and the clean-up of what comes back.
 */

/** The music API's limit for a custom-mode prompt (the lyrics). */
export const LYRICS_MAX_CHARS = 3000;
export const TAGS_MAX_CHARS = 200;
export const TITLE_MAX_CHARS = 80;

export const DEFAULT_LYRICS_PROMPT =
  `You are a warm, playful songwriter who writes personalised songs for young children. Each song is a one-of-a-kind gift: a professional singer will sing it to the child and the family.

Write an original, age-appropriate, singable song about the child described in the message.

The child's name
- Use the child's name often, and always in the chorus, so the child hears it.
- Write the name exactly as given in "Child's name". A phonetic spelling, when given, is only a guide to how the name is pronounced: use it to choose rhymes and rhythm, but never write the phonetic spelling in the lyrics.

The details
- Weave in the details given (favorite color, toy, place and activities, friends, pet, what the child calls their parent, talents, dreams, a favorite saying) naturally, as many as fit, without simply listing them. A gift's giver may get one line of dedication at the end, by the name given.
- Do not invent facts about the child's family, health or life; light, playful imagery is fine.
- Match the requested genre, style and singer, and keep the words simple for the child's age (for a baby, a soft lullaby).
- When the message has an "Admin instruction", follow it.

Structure
- Mark each section on its own line, in this order: [Verse 1], [Chorus], [Verse 2], [Chorus], [Bridge] (optional), [Chorus].
- Verses of 4 to 8 lines; a chorus of 4 lines that repeats the same words each time.
- Short lines (about 5 to 9 syllables) with a steady rhythm and simple rhymes at the ends of lines.
- Lyrics only: no title, chords, stage directions or notes. At most 3,000 characters.

Safety
- Kind, positive and safe: nothing violent, scary, romantic, mocking or unsafe, no brand names, no trademarked characters, and no lines from existing songs or other copyrighted works.

Answer with JSON only, exactly in this form: {"lyrics": "..."} with the whole song in "lyrics" and line breaks written as \\n.`;

export const DEFAULT_TAGS_PROMPT =
  `You choose the musical style of a personalised children's song, which a music-generation service will produce from your tags, and you give the song its title.

From the song details and the lyrics in the message, write:
- "tags": comma-separated music style tags covering the genre, the mood, the tempo, two or three instruments and the vocal type, for example: children's pop, cheerful, upbeat, medium tempo, acoustic guitar, hand claps, female vocals. Follow the requested genre, style and singer (female vocals, male vocals or child vocals); for a baby, make it a gentle lullaby. At most 200 characters. No artist names, song names or brand names.
- "title": a short, warm title of at most 80 characters that includes the child's name written normally (never a phonetic spelling), without quotation marks.

Answer with JSON only, exactly in this form: {"tags": "...", "title": "..."}`;

/** The brief fields of an order; the admin's instruction joins only when it says something. */
export function briefOf(order: Order, customInput?: string): SongBrief {
  const instruction = customInput?.trim();
  return {
    ...childDetailsOf(order),
    isGift: order.isGift,
    giftRecipientName: order.giftRecipientName,
    giftMessage: order.giftMessage,
    // Sung at most in a dedication, so by the name a child would hear, not the order's full name.
    ...(order.isGift ? { giftFrom: firstName(order.parentName) } : {}),
    songStyle: order.songStyle,
    songGenre: order.songGenre,
    singerGender: order.singerGender,
    ...(instruction ? { customInput: instruction } : {}),
  };
}

export const SINGER_LABELS: Record<SingerGender, string> = {
  female: "female vocals",
  male: "male vocals",
  child: "child vocals",
};

/** The order's details, one labelled line each; empty fields are left out rather than sent blank. */
export function lyricsUserMessage(brief: SongBrief): string {
  const phonetic = oneLine(brief.phoneticSpelling);
  const name = oneLine(brief.childName);
  const child = labelled([
    ["Child's name", name],
    [
      "How the name is pronounced (a guide only; never write this spelling in the lyrics)",
      phonetic && phonetic.toLowerCase() !== name.toLowerCase() ? phonetic : "",
    ],
    ["Gender", brief.childGender],
    ["Age", childAgeLabel(brief.childAge)],
    ["Birthday", brief.childBirthday],
    ["Favorite color", brief.favoriteColor],
    ["Favorite toy", brief.favoriteToy],
    ["Favorite place", brief.favoritePlace],
    ["Favorite activity", brief.favoriteActivity],
    ["Activities", brief.childActivities],
    ["Best friend", brief.bestFriend],
    ["Friends", brief.childFriends],
    ["Pet's name", brief.petName],
    ["What the child calls their parent", brief.parentCallName],
    ["Favorite saying", brief.favoriteSaying],
    ["Special talent", brief.specialTalent],
    ["Dream", brief.dreamAspiration],
    ["Extra details", brief.extraDetails],
    ["Additional details", brief.additionalDetails],
  ]);
  // A gift's message is the giver's to whoever receives it (a grandparent, say), who reads it in the
  // gift email and on the song's page: sung to the child as if it were for them, it reads wrong, so
  // no lyricist is given it. The song may close with a one-line dedication from the giver, by the
  // first name (briefOf); the local lyricist follows the same rule.
  const giver = oneLine(brief.giftFrom);
  const gift = brief.isGift
    ? labelled([
      [
        "This song is a gift from (at most a one-line dedication at the end; the song is still about the child)",
        giver,
      ],
    ])
    : [];
  return [
    "Write a song for this child.",
    "",
    ...child,
    ...(gift.length ? ["", ...gift] : []),
    "",
    ...songLines(brief),
    ...instructionLines(brief),
  ].join("\n");
}

/** What the style step needs: the song's shape and a few favourites for the title, then the lyrics. */
export function tagsUserMessage(brief: SongBrief, lyrics: string): string {
  return [
    "Choose the style tags and the title of this song.",
    "",
    ...labelled([
      ["Child's name", brief.childName],
      ["Age", childAgeLabel(brief.childAge)],
      ["Favorite color", brief.favoriteColor],
      ["Favorite toy", brief.favoriteToy],
      ["Favorite activity", brief.favoriteActivity],
    ]),
    "",
    ...songLines(brief),
    ...instructionLines(brief),
    "",
    "Lyrics:",
    lyrics.trim(),
  ].join("\n");
}

function songLines(brief: SongBrief): string[] {
  return labelled([
    ["Song genre", `${brief.songGenre} (${SONG_GENRE_BRIEFS[brief.songGenre] ?? "as named"})`],
    ["Singer", SINGER_LABELS[brief.singerGender]],
    ["Song style", brief.songStyle],
  ]);
}

function instructionLines(brief: SongBrief): string[] {
  const instruction = oneLine(brief.customInput);
  return instruction ? ["", `Admin instruction: ${instruction}`] : [];
}

function labelled(fields: [label: string, value: string | undefined][]): string[] {
  return fields.flatMap(([label, value]) => {
    const text = oneLine(value);
    return text ? [`${label}: ${text}`] : [];
  });
}

/** Free text may hold line breaks; inside a labelled line they would read as new labels. */
function oneLine(value: string | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Lyrics keep their line breaks (at most one blank line in a row) and lose trailing spaces. Beyond
 * the limit they are cut at a line break, preferably a section boundary, so no line is cut in half.
 */
export function cleanLyrics(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((line) =>
    line.replace(/[ \t\f\v\u00a0]+/g, " ").trim()
  );
  const tidy = lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
  if (tidy.length <= LYRICS_MAX_CHARS) return tidy;
  const head = tidy.slice(0, LYRICS_MAX_CHARS + 1);
  const section = head.lastIndexOf("\n\n");
  const line = head.lastIndexOf("\n");
  // A cut at a section boundary is kept only when it does not throw away most of the song.
  const cut = section > LYRICS_MAX_CHARS * 0.6
    ? section
    : line > 0
    ? line
    : cutAtWord(head, LYRICS_MAX_CHARS);
  return tidy.slice(0, cut).trim();
}

/** Comma-separated tags, trimmed, without empties or repeats; whole tags are dropped to fit the limit. */
export function cleanTags(text: string): string {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.replace(/\s+/g, " ").split(",")) {
    const tag = stripQuotes(raw.trim()).replace(/[.;]+$/, "").trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  let joined = "";
  for (const tag of tags) {
    const next = joined ? `${joined}, ${tag}` : tag;
    if (next.length > TAGS_MAX_CHARS) break;
    joined = next;
  }
  // A single tag longer than the limit still says something; it is cut at a word.
  if (!joined && tags.length) joined = tags[0].slice(0, cutAtWord(tags[0], TAGS_MAX_CHARS)).trim();
  return joined;
}

/** One line, no "Title:" label and no quotes around it, cut at a word to fit. */
export function cleanTitle(text: string): string {
  let title = text.replace(/\s+/g, " ").trim().replace(/^title\s*:\s*/i, "");
  title = stripQuotes(title).trim();
  if (title.length <= TITLE_MAX_CHARS) return title;
  return title.slice(0, cutAtWord(title, TITLE_MAX_CHARS)).replace(/[\s,;:–—-]+$/, "");
}

/** Each an opening and a closing quote. */
const QUOTE_PAIRS = ['""', "''", "“”", "‘’", "«»", "``"];

function stripQuotes(text: string): string {
  let result = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const [open, close] of QUOTE_PAIRS) {
      if (result.length >= 2 && result.startsWith(open) && result.endsWith(close)) {
        result = result.slice(1, -1).trim();
        changed = true;
      }
    }
  }
  return result;
}

/** Where to cut `text` to at most `max` characters: the last space if it keeps over half, else `max`. */
function cutAtWord(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const space = text.lastIndexOf(" ", max);
  return space > max / 2 ? space : max;
}
