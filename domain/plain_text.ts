/**
 * Text as people meant it, made once where it enters (every text field's schema, and the order
 * form as the parent types): one Unicode form (NFC), so "Zoë" typed two ways is one name; no control
 * characters (NUL, BEL, escape sequences) and no invisible format characters (zero-width spaces,
 * bidi overrides such as RLO, which reorder what staff read, or tag characters, which spell text a
 * lyricist reads but a person never sees), except the joiners scripts and emoji need inside a word;
 * line breaks only in a field that has lines. What is left is trimmed, so a name made only of
 * invisible characters is empty, and a required field refuses it as such.
 *
 * Islands use it to count a field as filled exactly as the server will.
 */
export interface PlainTextOptions {
  /** The field keeps its line breaks (a message, lyrics, a prompt); otherwise they become spaces. */
  lines?: boolean;
}

/** A subdivision flag (🏴 and tag letters, as Scotland's): the one place tag characters belong. */
const TAG_FLAG = /(\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,7}\u{E007F})/u;
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;
const JOINERS = new Set(["\u200C", "\u200D"]);
/** What a joiner may join: Persian's ZWNJ sits between letters, 👩‍👧's ZWJ between emoji. */
const JOINABLE = /[\p{L}\p{M}\p{N}\p{Extended_Pictographic}]/u;

export function plainText(value: string, { lines = false }: PlainTextOptions = {}): string {
  const text = value
    // A lone surrogate cannot be encoded (Stripe's request would fail on it); it was never a character.
    .toWellFormed().replaceAll("\uFFFD", "")
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(lines ? /\t/g : /[\t\n]/g, " ");
  // Split on flags with the capture kept: the odd pieces are the flags, left as they are.
  return text.split(TAG_FLAG).map((piece, index) => index % 2 === 1 ? piece : visibleOnly(piece)).join("")
    .trim();
}

function visibleOnly(text: string): string {
  const characters = [...text];
  return characters.filter((character, index) => {
    if (character === "\n" || !INVISIBLE.test(character)) return true;
    return JOINERS.has(character) && JOINABLE.test(characters[index - 1] ?? "") &&
      JOINABLE.test(characters[index + 1] ?? "");
  }).join("");
}
