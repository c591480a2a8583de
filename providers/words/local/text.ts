/** How the details of a brief are cut down and worded for singing, and the brief's seeded choices. */
import { MONTHS } from "../../../domain/delivery/requested.ts";

export type Picker = <T>(choices: T[]) => T;

/** Chooses among variants by a hash of the brief: varied between children, fixed for one. */
export function picker(seedText: string): Picker {
  let state = fnv1a(seedText);
  return (choices) => {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) >>> 0;
    state = (state ^ (state >>> 12)) >>> 0;
    return choices[state % choices.length];
  };
}

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Words whose full stop ends no clause: a title before a name ("Mr. Hops", "mrs. Button", "St. Ives",
 * "Prof. Paws"), in any case. A single capital with a full stop is an initial ("A. A. Milne").
 */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "mx",
  "dr",
  "st",
  "jr",
  "sr",
  "mt",
  "prof",
  "rev",
  "fr",
  "capt",
  "sgt",
  "lt",
  "col",
  "gen",
  "hon",
  "mme",
  "mlle",
]);

/** Whether the word that ends `text` ("…friend Mr") is one whose full stop ends no clause. */
function abbreviationEnds(text: string): boolean {
  const word = text.match(/(\p{L}+)$/u)?.[1];
  if (!word) return false;
  return ABBREVIATIONS.has(word.toLowerCase()) || (word.length === 1 && /\p{Lu}/u.test(word));
}

/** Where a clause may end: ! ? ; a line break, or a full stop before a space or the end. */
const CLAUSE_END = /[!?;\n]|\.(?=\s|$)/g;

/** The clauses of `value`, split where a clause really ends (not at the dot of "Mr. Hops"). */
function clausesOf(value: string): string[] {
  const clauses: string[] = [];
  let start = 0;
  for (const match of value.matchAll(CLAUSE_END)) {
    if (match[0] === "." && abbreviationEnds(value.slice(start, match.index))) continue;
    clauses.push(value.slice(start, match.index));
    start = match.index + 1;
  }
  clauses.push(value.slice(start));
  return clauses;
}

/**
 * A detail's words, a title kept with the name it belongs to ("Mr. Hops" is one), so a cut to a few
 * words never leaves "Mr." without its name.
 */
function wordsOf(clause: string): string[] {
  const words: string[] = [];
  for (const word of clause.split(" ").filter(Boolean)) {
    const previous = words.at(-1);
    if (previous?.endsWith(".") && abbreviationEnds(previous.slice(0, -1))) {
      words[words.length - 1] += ` ${word}`;
    } else words.push(word);
  }
  return words;
}

/** A detail as a singer can use it: its first clause, without quotes or end punctuation, a few words. */
export function tidy(value: string | undefined, maxWords = 12): string {
  const clause = clausesOf(value ?? "").find((part) => part.trim()) ?? "";
  const words = wordsOf(clause.replace(/["“”«»]/g, "").replace(/\s+/g, " ").trim());
  return words.slice(0, maxWords).join(" ").replace(/[\s,:;–—-]+$/, "");
}

/** "her teddy bear" is sung as "your teddy bear". */
export function withoutOwner(value: string): string {
  return value.replace(/^(?:my|his|her|their|your|our|a|an|the)\s+/i, "");
}

/** "beach" becomes "the beach"; "Grandma's house" and "the park" stay as written. */
export function placeOf(value: string): string {
  if (!value) return "";
  if (/^(?:the|a|an|my|his|her|their|our)\s/i.test(value) || /^\p{Lu}/u.test(value)) {
    return value.replace(/^(?:my|his|her|their)\s/i, "your ");
  }
  return `the ${value}`;
}

/** "to be an astronaut" is sung as "being an astronaut". */
export function dreamOf(value: string): string {
  return value.replace(/^(?:to\s+)?be\s+/i, "being ").replace(/^(?:to\s+)?become\s+/i, "becoming ")
    .replace(/^to\s+/i, "");
}

/** A birthday as sung: "March 14" from an ISO date, otherwise the words given. */
export function dateOf(value: string): string {
  const iso = value.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) {
    const month = MONTHS[Number(iso[2]) - 1];
    if (month && Number(iso[3]) >= 1 && Number(iso[3]) <= 31) return `${month} ${Number(iso[3])}`;
  }
  return tidy(value, 4);
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function titleCase(text: string): string {
  return text.split(" ").map(capital).join(" ");
}
