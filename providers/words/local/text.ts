/** How the details of a brief are cut down and worded for singing, and the brief's seeded choices. */

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

/** Where a clause ends: not at the dot of "Mr. Button" or "St. Ives". */
const CLAUSE_END = /[!?;\n]|(?<!\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt))\.(?=\s|$)/;

/** A detail as a singer can use it: its first clause, without quotes or end punctuation, a few words. */
export function tidy(value: string | undefined, maxWords = 12): string {
  const clause = (value ?? "").split(CLAUSE_END).find((part) => part.trim()) ?? "";
  const words = clause.replace(/["“”«»]/g, "").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
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

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

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
