import { assertEquals } from "@std/assert";
import {
  type AlignedWord,
  everyLineTimed,
  lineIndexAt,
  lineText,
  MAX_TIMED_WORDS,
  type TimedLyrics,
  timedLyricsFromAlignedWords,
  wordIndexAt,
} from "../../../../domain/song/timed_lyrics.ts";

function aligned(word: string, startS: number, endS: number, success = true): AlignedWord {
  return { word, startS, endS, success, palign: 0 };
}

/** Each line as its section and its words with their times, to compare at a glance. */
function shape(lyrics: TimedLyrics | null) {
  return lyrics?.lines.map((line) => ({
    section: line.section,
    start: line.start,
    end: line.end,
    words: line.words.map((word) => `${word.text}@${word.start}-${word.end}`),
  }));
}

Deno.test("a label and a line break inside a word's text open a line in that section; the label is not sung", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("[Verse]\nWaggin'", 1.36, 1.79),
    aligned("tail,", 1.8, 2.2),
    aligned("\nhappy", 2.5, 3),
    aligned("dog\n", 3, 3.4),
    aligned("[Chorus]", 3.5, 3.5),
    aligned("Woof!", 4, 4.5),
  ]);
  assertEquals(shape(lyrics), [
    { section: "Verse", start: 1.36, end: 2.2, words: ["Waggin'@1.36-1.79", "tail,@1.8-2.2"] },
    { section: null, start: 2.5, end: 3.4, words: ["happy@2.5-3", "dog@3-3.4"] },
    { section: "Chorus", start: 4, end: 4.5, words: ["Woof!@4-4.5"] },
  ]);
  assertEquals(lyrics!.lines.map(lineText), ["Waggin' tail,", "happy dog", "Woof!"]);
});

Deno.test("a label glued inside a word's text still starts a line, and the last of several labels names it", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("Sing [Chorus] La", 1, 2),
    aligned("la", 2, 3),
    aligned("\n[Bridge]\n[Outro]\nMore", 3, 4),
  ]);
  assertEquals(lyrics?.lines.map((line) => [line.section, lineText(line)]), [
    [null, "Sing"],
    ["Chorus", "La la"],
    ["Outro", "More"],
  ]);
});

Deno.test("a word the service could not place keeps its text and the time of the word before it", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("[Verse 1]\nMia", 0, 0, false),
    aligned("Mia", 1, 1.5),
    aligned("shining", 9, 9, false),
    aligned("bright", Number.NaN, 2),
    aligned("\nstar", -1, 3),
    aligned("light", 5000, 5001),
    aligned("sky", 2.5, 3),
  ]);
  assertEquals(shape(lyrics), [
    {
      section: "Verse 1",
      start: 0,
      end: 1.5,
      words: ["Mia@0-0", "Mia@1-1.5", "shining@1.5-1.5", "bright@1.5-1.5"],
    },
    // A placed word that overlaps the one before starts when that one ends.
    { section: null, start: 1.5, end: 3, words: ["star@1.5-1.5", "light@1.5-1.5", "sky@2.5-3"] },
  ]);
});

Deno.test("times only move forward: an overlapping or backwards word starts when the one before ended", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("one", 1, 2),
    aligned("two", 1.5, 1.2),
    aligned("three", 0, 3),
  ]);
  assertEquals(shape(lyrics)?.[0].words, ["one@1-2", "two@2-2", "three@2-3"]);
});

Deno.test("nothing placed, or nothing sung, is null", () => {
  assertEquals(timedLyricsFromAlignedWords([]), null);
  assertEquals(
    timedLyricsFromAlignedWords([aligned("Hi", 1, 2, false), aligned("there", 2, 3, false)]),
    null,
  );
  assertEquals(timedLyricsFromAlignedWords([aligned("[Instrumental]", 0, 1)]), null);
  assertEquals(timedLyricsFromAlignedWords([aligned("\n \n", 0, 1)]), null);
});

Deno.test("an over-long word is cut, and words past the limit are not read", () => {
  const long = timedLyricsFromAlignedWords([aligned("a".repeat(80), 0, 1)]);
  assertEquals(long?.lines[0].words[0].text, "a".repeat(48));

  const many = Array.from({ length: MAX_TIMED_WORDS + 5 }, (_, i) => aligned(`w${i}`, i, i + 0.5));
  const read = timedLyricsFromAlignedWords(many)!;
  const words = read.lines.flatMap((line) => line.words);
  assertEquals([words.length, words.at(-1)?.text], [MAX_TIMED_WORDS, `w${MAX_TIMED_WORDS - 1}`]);
});

Deno.test("the line and word sung at a moment: the last one started, held until the next; -1 before", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("One", 1, 1.5),
    aligned("two", 2, 2.5),
    aligned("\nThree", 4, 4.5),
    aligned("four", 5, 5.5),
  ])!;
  const at = (seconds: number) => {
    const line = lineIndexAt(lyrics, seconds);
    return [line, line < 0 ? -1 : wordIndexAt(lyrics.lines[line], seconds)];
  };
  assertEquals(at(0), [-1, -1]);
  assertEquals(at(1), [0, 0]);
  assertEquals(at(1.9), [0, 0]);
  assertEquals(at(2), [0, 1]);
  // Between lines the one sung last is still shown.
  assertEquals(at(3.9), [0, 1]);
  assertEquals(at(4), [1, 0]);
  assertEquals(at(99), [1, 1]);
  assertEquals(wordIndexAt(lyrics.lines[1], 3), -1);
  assertEquals(lineIndexAt({ lines: [] }, 5), -1);
});

Deno.test("an empty label only breaks the line, an ad-lib in parentheses is sung, a stray entry is skipped", () => {
  const lyrics = timedLyricsFromAlignedWords([
    aligned("la", 1, 2),
    aligned("[ ]\nMore", 2, 3),
    aligned("(ooh)", 3, 4),
    null as never,
    aligned("world", 4, 5),
  ]);
  assertEquals(lyrics?.lines.map((line) => [line.section, lineText(line)]), [
    [null, "la"],
    [null, "More (ooh) world"],
  ]);
});

/** Timing of the first `count` sung lines of `lyrics`, one second a word, as an alignment that stops early. */
function timingOfFirstLines(lyrics: string, count: number): TimedLyrics {
  const words = lyrics.split("\n").filter((line) => line.trim() && !line.startsWith("["))
    .slice(0, count).map((line) => line.split(" "));
  let second = 0;
  const aligned: AlignedWord[] = [];
  for (const line of words) {
    line.forEach((word, index) => {
      aligned.push({
        word: index === line.length - 1 ? `${word}\n` : word,
        startS: second,
        endS: second + 1,
        success: true,
      });
      second++;
    });
  }
  return timedLyricsFromAlignedWords(aligned)!;
}

const SONG = [
  "[Verse 1]",
  "Mia wakes up with the sun,",
  "Runs outside to have some fun",
  "",
  "[Chorus]",
  "Sing it loud, Mr. Hops,",
  "Mia's song never stops",
].join("\n");

Deno.test("every line of the lyrics is kept when the timing covers only the first ones; the rest are untimed", () => {
  const full = everyLineTimed(SONG, timingOfFirstLines(SONG, 1));
  assertEquals(full.lines.map((line) => [line.section, lineText(line), line.untimed ?? false]), [
    ["Verse 1", "Mia wakes up with the sun,", false],
    [null, "Runs outside to have some fun", true],
    ["Chorus", "Sing it loud, Mr. Hops,", true],
    [null, "Mia's song never stops", true],
  ]);
  assertEquals(full.lines[0].words.map((word) => word.start), [0, 1, 2, 3, 4, 5]);
  // Untimed lines are never the sung one, however far the song has played.
  assertEquals(lineIndexAt(full, 1000), 0);
});

Deno.test("a line the timing reaches part of takes the time of its last timed word for the rest", () => {
  const timing = timingOfFirstLines(SONG, 3);
  // The alignment stops inside the chorus's first line, on a comma.
  const cut: TimedLyrics = {
    lines: [...timing.lines.slice(0, 2), { ...timing.lines[2], words: timing.lines[2].words.slice(0, 3) }],
  };
  const full = everyLineTimed(SONG, cut);
  assertEquals(full.lines.length, 4);
  assertEquals(full.lines[2].untimed, undefined);
  assertEquals(full.lines[2].words.map((word) => `${word.text}@${word.start}`), [
    "Sing@12",
    "it@13",
    "loud,@14",
    "Mr.@14",
    "Hops,@14",
  ]);
  assertEquals(full.lines[3].untimed, true);
  assertEquals(lineIndexAt(full, 100), 2);
});

Deno.test("timing of other words than the lyrics (rewritten after the song was made) is kept as it is", () => {
  const timing = timingOfFirstLines(SONG, 4);
  assertEquals(everyLineTimed("Entirely new words\nNothing alike", timing), timing);
  assertEquals(everyLineTimed(null, timing), timing);
});
