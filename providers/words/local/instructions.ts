import type { SongStyle } from "../../../domain/order/orders.ts";
import type { SongBrief } from "../../../domain/generation/song_brief.ts";
import { tidy } from "./text.ts";

/** What the prompts ask for: the song's shape read from the system prompt and the admin's instruction. */

export interface SongShape {
  verses: number;
  bridge: boolean;
  outro: boolean;
  mood: SongStyle;
  /** Words the admin asked to hear, sung as they were written. */
  phrases: string[];
}

interface Instructions {
  verses?: number;
  bridge?: boolean;
  outro?: boolean;
  short?: boolean;
  long?: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};

/** The song's shape: two verses and a chorus unless the prompt or the admin's instruction say otherwise. */
export function songShape(system: string, brief: SongBrief): SongShape {
  const instruction = brief.customInput ?? "";
  // Quoted words are words to sing: a quoted "happy birthday" or "no bridge" is not an instruction.
  const unquoted = instruction.replace(QUOTED, " ");
  let shape: SongShape = {
    verses: 2,
    bridge: false,
    outro: false,
    mood: brief.songGenre === "lullaby" || brief.childAge === "newborn" ? "calm" : brief.songStyle,
    phrases: [],
  };
  shape = applyInstructions(shape, readInstructions(system));
  shape = applyInstructions(shape, readInstructions(unquoted));
  return { ...shape, mood: moodOf(unquoted) ?? shape.mood, phrases: phrasesOf(instruction) };
}

function applyInstructions(shape: SongShape, said: Instructions): SongShape {
  const next = { ...shape };
  if (said.short) Object.assign(next, { verses: 1, bridge: false });
  if (said.long) Object.assign(next, { verses: Math.min(4, next.verses + 1), bridge: true });
  if (said.verses !== undefined) next.verses = said.verses;
  if (said.bridge !== undefined) next.bridge = said.bridge;
  if (said.outro !== undefined) next.outro = said.outro;
  return next;
}

const ASKS_SHORT = [
  /\b(?:short|brief)\s+(?:song|lyrics|version)\b/i,
  /\bkeep\s+(?:it|the\s+song|the\s+lyrics)\s+(?:short|brief)\b/i,
  /\bshorter\b(?!\s+lines)/i,
];

function readInstructions(text: string): Instructions {
  const said: Instructions = {};
  const verses = text.match(/\b(?:a\s+)?(one|single|two|three|four|five|six|[1-9])\s+verses?\b/i);
  if (verses) {
    const word = verses[1].toLowerCase();
    said.verses = Math.max(1, Math.min(4, NUMBER_WORDS[word] ?? Number(word)));
  }
  said.bridge = mentions(text, "bridge");
  said.outro = mentions(text, "outro");
  said.short = ASKS_SHORT.some((pattern) => pattern.test(text));
  said.long = /\blonger\b(?!\s+lines)|\blong\s+song\b/i.test(text);
  return said;
}

/** true when the text asks for the section, false when it rules it out, undefined when silent. */
function mentions(text: string, section: string): boolean | undefined {
  const refusals = [
    String.raw`no`,
    String.raw`without(?:\s+an?|\s+the)?`,
    String.raw`(?:skip|omit|leave\s+out|remove|drop)(?:\s+the)?`,
    String.raw`(?:do\s+not|don'?t)\s+(?:include|add|use|write)(?:\s+an?|\s+the|\s+any)?`,
  ];
  const refused = new RegExp(String.raw`\b(?:${refusals.join("|")})\s+\[?${section}\b`, "i");
  if (refused.test(text)) return false;
  return new RegExp(String.raw`\b${section}\b`, "i").test(text) ? true : undefined;
}

const MOOD_WORDS: [RegExp, SongStyle][] = [
  [/\b(?:calm(?:er)?|gentle|gentler|soft(?:er)?|sleepy|soothing|quiet(?:er)?)\b/i, "calm"],
  [/\b(?:silly|sillier|funny|funnier|goofy|playful)\b/i, "silly"],
  [/\b(?:energetic|upbeat|lively|livelier|faster|bouncy)\b/i, "energetic"],
  [/\b(?:heartfelt|tender|emotional|sweet(?:er)?|touching)\b/i, "heartfelt"],
  [/\b(?:happy|happier|cheerful|joyful)\b/i, "happy"],
];

function moodOf(instruction: string): SongStyle | undefined {
  return MOOD_WORDS.find(([pattern]) => pattern.test(instruction))?.[1];
}

/** "…", “…”, ‘…’, and '…' when its quotes are not apostrophes (Mia's dog 'Rex'). */
const QUOTED = new RegExp(
  [
    String.raw`"([^"\n]{1,80})"`,
    String.raw`“([^”\n]{1,80})”`,
    String.raw`‘([^’\n]{1,80})’`,
    String.raw`(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])`,
  ].join("|"),
  "gu",
);
const ASKED =
  /\b(?:mention|include)\s+(?:the\s+(?:words?|phrase|line|name)\s+)?(?:that\s+)?([^.,;!?\n]{2,60})/giu;
const NOT_A_PHRASE = /\b(?:verses?|chorus|bridge|outro|rhymes?|lines?|lyrics|more|less)\b/i;

/** What the admin asked to hear: quoted phrases, or else what follows "mention"/"include". */
export function phrasesOf(instruction: string): string[] {
  const quoted = [...instruction.matchAll(QUOTED)].map((match) => match.slice(1).find(Boolean) ?? "");
  const found = quoted.length
    ? quoted
    : [...instruction.matchAll(ASKED)].map((match) => match[1]).filter((phrase) =>
      !NOT_A_PHRASE.test(phrase)
    );
  const phrases = found.map((phrase) => tidy(phrase)).filter(Boolean);
  return [...new Set(phrases)].slice(0, 4);
}
