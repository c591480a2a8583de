/**
 * Lyrics with the moment each word is sung in one take, for the reveal page's sing-along and staff's
 * preview. The music service aligns the lyrics we sent it to the audio it made
 * (`POST /api/v1/generate/get-timestamped-lyrics`); the local synthesiser knows its own timings. Both
 * arrive as aligned words, read here into lines. Zod-free and pure: the islands use the same reading.
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

/** The line being sung at `seconds`: the last one started, held until the next starts; -1 before the first. */
export function lineIndexAt(lyrics: TimedLyrics, seconds: number): number {
  return lastStarted(lyrics.lines, seconds);
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
