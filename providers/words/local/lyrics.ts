import type { SongBrief } from "../../../domain/generation/song_brief.ts";
import { factCouplets } from "./couplets.ts";
import type { SongShape } from "./instructions.ts";
import { CHORUSES, dedication, FILLERS, genericBridge, genericFiller, OUTROS } from "./stock_lines.ts";
import { capital, type Picker, picker, tidy } from "./text.ts";

/** The lyrics: the child's couplets and the stock lines laid out in the sections the shape asks for. */

type Section = { marker: string; lines: string[] };

/** The whole song: verses and a repeated chorus, then the bridge and the outro when the shape has them. */
export function composeLyrics(brief: SongBrief, shape: SongShape): string {
  const name = tidy(brief.childName) || "Little one";
  const pick = picker(JSON.stringify(brief));
  const facts = factCouplets(brief, name, pick);
  const bridgeFacts = shape.bridge ? facts.bridge.slice(0, 2) : [];
  // What the bridge has no room for is sung early: a dream or "Mama" matters more than a birthday.
  const verseFacts = [...facts.verse];
  verseFacts.splice(4, 0, ...facts.bridge.filter((couplet) => !bridgeFacts.includes(couplet)));
  const phraseLines = shape.phrases.flatMap((phrase) => phraseLinesOf(phrase, name));
  const chorus = pick(CHORUSES[shape.mood](name));
  const tone = shape.mood === "calm" ? "calm" : "bright";
  // Fillers in the brief's own order, so two sparse orders do not open with the same lines.
  const fillers = shuffled(FILLERS[tone](name), pick);
  const sections: Section[] = [];
  // Verses of two to four couplets, as even as the details allow; what does not fit is left out.
  let unsung = Math.min(verseFacts.length, shape.verses * 4);
  for (let verse = 0; verse < shape.verses; verse++) {
    const take = Math.min(4, Math.ceil(unsung / (shape.verses - verse)));
    unsung -= take;
    const couplets = verseFacts.splice(0, take);
    while (couplets.length < 2) couplets.push(fillers.shift() ?? genericFiller(name, sections.length));
    const lines = couplets.flat();
    if (verse === shape.verses - 1 && !shape.bridge) lines.push(...phraseLines);
    sections.push({ marker: `[Verse ${verse + 1}]`, lines });
    sections.push({ marker: "[Chorus]", lines: chorus });
  }
  if (shape.bridge) {
    const lines = bridgeFacts.length || phraseLines.length ? bridgeFacts.flat() : genericBridge(name);
    sections.push({ marker: "[Bridge]", lines: [...lines, ...phraseLines] });
    sections.push({ marker: "[Chorus]", lines: chorus });
  }
  // A gift's message is never sung (its recipient reads it in the gift email); its giver, by the
  // first name the brief gives, may close the song, as the lyrics prompt allows the real lyricist.
  const giver = brief.isGift ? tidy(brief.giftFrom, 2) : "";
  const outro = [
    ...(shape.outro ? pick(OUTROS[tone](name)) : []),
    ...(giver ? dedication(giver, name) : []),
  ];
  if (outro.length) sections.push({ marker: "[Outro]", lines: outro });

  const song = sections.map((section) => [section.marker, ...section.lines].join("\n")).join("\n\n");
  return withoutPhonetic(song, brief.phoneticSpelling, name);
}

/** The phonetic spelling is a pronunciation guide for a singer, never a word of the song. */
function withoutPhonetic(song: string, phonetic: string, name: string): string {
  const guide = tidy(phonetic);
  if (guide.length < 2) return song;
  const escaped = guide.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu");
  // A guide that is (part of) the name itself, "Mary" for "Mary Ann", cannot be told apart from it.
  if (new RegExp(word.source, "iu").test(name)) return song;
  return song.replace(word, () => name);
}

function phraseLinesOf(phrase: string, N: string): string[] {
  const words = phrase.split(" ").length;
  const line = /[.!?]$/.test(phrase) ? capital(phrase) : `${capital(phrase)}!`;
  return words <= 6 ? [line, `${N}, ${phrase.replace(/[.!?]+$/, "")}!`] : [line];
}

function shuffled<T>(items: T[], pick: Picker): T[] {
  const left = [...items];
  const order: T[] = [];
  while (left.length) order.push(left.splice(left.indexOf(pick(left)), 1)[0]);
  return order;
}
