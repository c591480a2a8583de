/**
 * A child's name is sung, written into the lyrics and the title, and becomes the download's file
 * name, so it is asked for as the singer should sing it: letters of every language with their
 * accents (Zoë, José, 陈, Émilie), and the marks names are written with: spaces, apostrophes
 * (O'Brien), hyphens (Anne-Marie), full stops and commas, the Catalan middle dot, and the joiners
 * some scripts need. Digits are read out as words ("Louis 14", a twin's "Ava 2"), so they stay.
 * Emoji and symbols cannot be sung. The order form checks it as the parent types, and the
 * API refuses the same.
 */
const SINGABLE_CHARACTER = /[\p{L}\p{M}\p{Nd}\s'’ʼ‘\-‐‑.,·\u200c\u200d]/u;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** What of `name` cannot be sung, each once, as the parent sees it ("🦄", "👩‍👧", "#"). */
export function unsingableIn(name: string): string[] {
  const found = new Set<string>();
  for (const { segment } of graphemes.segment(name)) {
    if ([...segment].some((character) => !SINGABLE_CHARACTER.test(character))) found.add(segment);
  }
  return [...found];
}

/** Why the name cannot be sung, in the parent's words, or null when it can. */
export function unsingableNameMessage(name: string): string | null {
  const found = unsingableIn(name);
  if (found.length === 0) return null;
  const quoted = found.slice(0, 3).map((part) => `“${part}”`).join(" ");
  return `${quoted} can't be sung. Please write the name in letters, as it should be sung (spaces, hyphens and apostrophes are fine).`;
}
