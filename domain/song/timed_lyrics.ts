/**
 * Lyrics with the moment each word is sung in one take, for the reveal page's sing-along and staff's
 * preview. The music service aligns the lyrics we sent it to the audio it made
 * (`POST /api/v1/generate/get-timestamped-lyrics`); the local synthesiser knows its own timings. Both
 * arrive as aligned words, read here into lines. The islands use the same reading.
 *
 * What an alignment proves: where in the audio each word of *our* text most likely falls. It is not a
 * transcript, so it cannot show that a word was sung right (or at all), only where it would be.
 */

/** One word of the music service's alignment: the word's text may carry a line break and a section label. */
export interface AlignedWord {
  word: string;
  /** Seconds from the start of the audio. */
  startS: number;
  endS: number;
  /** Whether the service could place this word; an unplaced word still has its text. */
  success: boolean;
  /** The service's alignment score, when it gave one. */
  palign?: number;
}

export interface TimedWord {
  text: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

export interface TimedLine {
  /** The section this line opens ("Verse", "Chorus"), when a label came before it. */
  section: string | null;
  start: number;
  end: number;
  words: TimedWord[];
  /**
   * A line of the lyrics the alignment never reached (it covered only part of the song): shown with
   * the others, never followed or sought. Its times are those of the line before it.
   */
  untimed?: true;
}

export interface TimedLyrics {
  lines: TimedLine[];
}

/** A real song has a few hundred words; past this, the answer is not lyrics of ours. */
export const MAX_TIMED_WORDS = 2000;
/** Longer "words" are cut: nothing we sent has one this long. */
const MAX_WORD_CHARACTERS = 48;
/** Nothing of ours plays for more than an hour. */
const MAX_SECONDS = 3600;

/** "[Verse]": a section label, not sung. Parentheses are sung (an ad-lib like "(ooh)"). */
const SECTION_LABEL = /^\s*\[([^\]]*)\]\s*$/;

/**
 * The aligned words as lines: a line break inside a word's text starts a new line, a bracketed label
 * ("[Verse]") names the section of the line after it and is not sung. A word the service could not
 * place keeps its text and takes the time of the word before it. Null when nothing was placed (an
 * instrumental, or an alignment that failed throughout).
 */
export function timedLyricsFromAlignedWords(words: readonly AlignedWord[]): TimedLyrics | null {
  const lines: TimedLine[] = [];
  let current: TimedLine | null = null;
  let section: string | null = null;
  let lastEnd = 0;
  let placed = 0;
  let lineBreak = true;

  for (const aligned of words.slice(0, MAX_TIMED_WORDS)) {
    if (!aligned || typeof aligned !== "object") continue;
    const text = typeof aligned.word === "string" ? aligned.word : "";
    const parts = text.split(/\r?\n/);
    const ok = aligned.success === true && isTime(aligned.startS) && isTime(aligned.endS);
    const start = ok ? Math.max(lastEnd, aligned.startS) : lastEnd;
    const end = ok ? Math.max(start, aligned.endS) : start;
    parts.forEach((part, index) => {
      if (index > 0) lineBreak = true;
      for (const piece of splitLabels(part)) {
        if (piece.kind === "label") {
          section = piece.label;
          lineBreak = true;
          continue;
        }
        if (lineBreak || !current) {
          current = { section, start, end, words: [] };
          lines.push(current);
          section = null;
          lineBreak = false;
        }
        current.words.push({ text: piece.text.slice(0, MAX_WORD_CHARACTERS), start, end });
        current.end = end;
      }
    });
    if (ok) {
      placed++;
      lastEnd = end;
    }
  }
  return placed > 0 && lines.length > 0 ? { lines } : null;
}

type TextPiece = { kind: "text"; text: string } | { kind: "label"; label: string | null };

/** A part of a word's text: sung text, or a section label (an empty one names no section). */
function splitLabels(part: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const token of part.split(/(\[[^\]]*\])/)) {
    const label = token.match(SECTION_LABEL);
    if (label) pieces.push({ kind: "label", label: label[1].trim() || null });
    else if (token.trim()) pieces.push({ kind: "text", text: token.trim() });
  }
  return pieces;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_SECONDS;
}

/**
 * The line being sung at `seconds`: the last timed one started, held until the next starts; -1 before
 * the first. Untimed lines are never sung, so never current.
 */
export function lineIndexAt(lyrics: TimedLyrics, seconds: number): number {
  let found = -1;
  for (const [index, line] of lyrics.lines.entries()) {
    if (line.untimed) continue;
    if (line.start > seconds) break;
    found = index;
  }
  return found;
}

/** The word being sung at `seconds` within its line: the last one started; -1 before the first. */
export function wordIndexAt(line: TimedLine, seconds: number): number {
  return lastStarted(line.words, seconds);
}

/** Of parts in time order, the last one to have started by `seconds`; -1 before the first. */
function lastStarted(parts: readonly { start: number }[], seconds: number): number {
  let found = -1;
  for (let index = 0; index < parts.length && parts[index].start <= seconds; index++) found = index;
  return found;
}

/** A line's words as one string, for reading and for screen readers. */
export function lineText(line: TimedLine): string {
  return line.words.map((word) => word.text).join(" ");
}

/** A word as the alignment and our text can both be compared by: letters and digits, lower case. */
function comparable(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** How far ahead a word is looked for when the text and the alignment part ways (a split, a dropped word). */
const RESYNC_WORDS = 3;

/**
 * Every line of the lyrics as written, with its timing where the alignment reached it: an alignment
 * may cover only part of the song (the local synthesiser renders its first ~20 s; a service may stop
 * early), and a sing-along of its lines alone would lose the rest of the song. The text decides the
 * lines, sections and words; each word takes the time of its aligned twin, matched in order (and found
 * again a few words on where the two part ways). A word with no twin in a line that has some takes
 * the time of the word before it; a line with none is `untimed`. When most of the alignment matches
 * nothing in the text (the lyrics were rewritten after the song was made), the timing is the truth of
 * what is sung and is answered as it is.
 */
export function everyLineTimed(lyrics: string | null, timing: TimedLyrics): TimedLyrics {
  const textLines = lyricLines(lyrics ?? "");
  const aligned = timing.lines.flatMap((line) => line.words);
  if (textLines.length === 0 || aligned.length === 0) return timing;
  let next = 0;
  let matched = 0;
  const twinOf = (word: string): TimedWord | null => {
    const key = comparable(word);
    if (!key) return null;
    for (let ahead = 0; ahead <= RESYNC_WORDS && next + ahead < aligned.length; ahead++) {
      if (comparable(aligned[next + ahead].text) === key) {
        next += ahead + 1;
        matched++;
        return aligned[next - 1];
      }
    }
    return null;
  };
  let lastEnd = 0;
  const lines: TimedLine[] = textLines.map(({ section, words: texts }) => {
    const twins = texts.map(twinOf);
    const firstTimed = twins.find((twin) => twin !== null);
    if (!firstTimed) {
      return { section, start: lastEnd, end: lastEnd, words: texts.map(wordAt(lastEnd)), untimed: true };
    }
    let previous = firstTimed;
    const words = texts.map((text, index) => {
      const twin = twins[index];
      if (twin) previous = twin;
      return { text, start: previous.start, end: twin ? twin.end : previous.start };
    });
    lastEnd = Math.max(lastEnd, words.at(-1)!.end);
    return { section, start: words[0].start, end: lastEnd, words };
  });
  return matched * 2 >= aligned.length ? { lines } : timing;
}

const wordAt = (seconds: number) => (text: string): TimedWord => ({ text, start: seconds, end: seconds });

/** The sung lines of lyrics as written, each with the section a label named just before it. */
function lyricLines(lyrics: string): { section: string | null; words: string[] }[] {
  const lines: { section: string | null; words: string[] }[] = [];
  let section: string | null = null;
  for (const raw of lyrics.split(/\r?\n/)) {
    for (const piece of splitLabels(raw)) {
      if (piece.kind === "label") {
        section = piece.label;
        continue;
      }
      const words = piece.text.split(/\s+/).filter(Boolean).map((word) => word.slice(0, MAX_WORD_CHARACTERS));
      if (words.length === 0) continue;
      lines.push({ section, words });
      section = null;
    }
  }
  return lines;
}
