import { assert, assertAlmostEquals, assertEquals, assertNotEquals } from "@std/assert";
import {
  MAX_SECONDS,
  planMelody,
  renderSongMp3,
  SAMPLE_RATE,
  songDurationSeconds,
  sungLines,
  syllableCount,
  type SynthRequest,
  tempoOf,
} from "../../../../providers/music/synth.ts";

const VERSE = [
  "[Verse 1]",
  "Five years old and growing tall,",
  "Mia, you're the brightest star of all.",
  "Paint the world purple, bright and new,",
  "Mia's favorite color, through and through.",
  "",
  "[Chorus]",
  "Mia, Mia, shining like the sun,",
  "Mia, Mia, you're the special one,",
].join("\n");

function song(fields: Partial<SynthRequest> = {}): SynthRequest {
  return {
    lyrics: VERSE,
    title: "Mia's Purple Song",
    style: "children's pop, mid-tempo",
    singer: "female",
    ...fields,
  };
}

/** MPEG-2 Layer III (22.05/24/16 kHz) bitrates in kbps by header index. */
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/** Walks the frames from the first byte to the last: each header must be valid and chain to the next. */
function mp3Frames(bytes: Uint8Array) {
  const frames: { kbps: number; sampleRate: number; mono: boolean }[] = [];
  let offset = 0;
  while (offset + 4 <= bytes.length) {
    const [sync, info, rates, mode] = bytes.subarray(offset, offset + 4);
    assert(sync === 0xff && (info & 0xe0) === 0xe0, `frame sync at byte ${offset}`);
    assertEquals((info >> 3) & 3, 2, "MPEG-2");
    assertEquals((info >> 1) & 3, 1, "Layer III");
    const kbps = MPEG2_KBPS[rates >> 4];
    const sampleRate = MPEG2_RATES[(rates >> 2) & 3];
    assert(kbps && sampleRate, `a valid header at byte ${offset}`);
    frames.push({ kbps, sampleRate, mono: mode >> 6 === 3 });
    offset += Math.floor((72_000 * kbps) / sampleRate) + ((rates >> 1) & 1);
  }
  assertEquals(offset, bytes.length, "the last frame ends with the file");
  return frames;
}

function secondsOf(bytes: Uint8Array): number {
  return (mp3Frames(bytes).length * 576) / SAMPLE_RATE;
}

Deno.test("the synthesiser renders a real mono MP3 of the planned length, the same bytes every time", () => {
  const bytes = renderSongMp3(song());
  const frames = mp3Frames(bytes);
  assert(frames.length > 100);
  assert(frames.every((frame) => frame.kbps === 48 && frame.sampleRate === SAMPLE_RATE && frame.mono));
  assertAlmostEquals(secondsOf(bytes), songDurationSeconds(song()), 0.2);
  assertAlmostEquals(bytes.length, (48_000 / 8) * secondsOf(bytes), 1000);
  const short = song({ lyrics: "Mia, Mia, shining like the sun" });
  assertEquals(renderSongMp3(short), renderSongMp3(short));
});

Deno.test("different lyrics make different music", () => {
  const couplet = VERSE.split("\n").slice(1, 3).join("\n");
  const mia = renderSongMp3(song({ lyrics: couplet }));
  const leo = renderSongMp3(song({ lyrics: couplet.replaceAll("Mia", "Leo") }));
  assertNotEquals(leo, mia);
  const melody = (lyrics: string) => planMelody(song({ lyrics })).notes.map((note) => note.midi).join(",");
  assertNotEquals(melody("Sing a song of sunny days"), melody("Dance along on rainy days"));
});

Deno.test("more lyrics make a longer song, up to the cap", () => {
  const line = (index: number) => `Line number ${index}, happy and bright, we sing along tonight`;
  const lyrics = (count: number) => Array.from({ length: count }, (_, index) => line(index)).join("\n");
  const [one, three, eight, sixty] = [1, 3, 8, 60].map((count) =>
    songDurationSeconds(song({ lyrics: lyrics(count) }))
  );
  assert(one < three && three < eight, `${one} < ${three} < ${eight}`);
  assert(eight >= 20, "a verse and a chorus already make about twenty seconds");
  assert(sixty <= MAX_SECONDS && sixty >= eight, `${sixty}`);
  assert(secondsOf(renderSongMp3(song({ lyrics: lyrics(1) }))) < 6);
});

Deno.test("one note per syllable, section markers are not sung", () => {
  assertEquals(sungLines("[Verse 1]\n\nHello little star\n[Chorus]\n(softly)\nLa la", "Title"), [
    ["Hello", "little", "star"],
    ["La", "la"],
  ]);
  assertEquals(sungLines("[Verse 1]\n", "Mia's Song"), [["Mia's", "Song"]]);
  assertEquals(sungLines("", ""), [["la", "la", "la"]]);
  const counts = Object.fromEntries(
    ["five", "growing", "butterfly", "the", "Mia", "you're", "Olivia", "smile", "tale", "little", "sky"].map((
      word,
    ) => [
      word,
      syllableCount(word),
    ]),
  );
  assertEquals(counts, {
    five: 1,
    growing: 2,
    butterfly: 3,
    the: 1,
    Mia: 2,
    "you're": 1,
    Olivia: 4,
    smile: 1,
    tale: 1,
    little: 2,
    sky: 1,
  });
  // "Hello little star": 2 + 2 + 1 syllables.
  assertEquals(planMelody(song({ lyrics: "Hello little star" })).notes.length, 5);
});

Deno.test("the style sets the tempo and the singer the register", () => {
  assertEquals(tempoOf("lullaby, gentle, slow tempo"), 76);
  assertEquals(tempoOf("upbeat, cheerful, medium-fast tempo"), 124);
  assertEquals(tempoOf("children's pop, mid-tempo"), 100);
  assertEquals(tempoOf("lullaby, upbeat"), 76, "a lullaby stays slow");
  const seconds = (style: string) => songDurationSeconds(song({ style }));
  assert(seconds("lullaby") > seconds("pop") && seconds("pop") > seconds("energetic"));

  const average = (singer: SynthRequest["singer"]) => {
    const notes = planMelody(song({ singer })).notes;
    return notes.reduce((sum, note) => sum + note.midi, 0) / notes.length;
  };
  assert(average("child") > average("female") && average("female") > average("male"));
});

Deno.test("a second take is another performance: faster, higher, other contours; the first is unchanged", () => {
  const first = planMelody(song());
  assertEquals(planMelody(song({ take: 1 })), first, "take 1 is the song as it was before takes");
  assertEquals(renderSongMp3(song({ take: 1 })), renderSongMp3(song()));

  const second = planMelody(song({ take: 2 }));
  assertAlmostEquals(second.tempo, first.tempo * 1.2, 1e-9);
  assert(second.seconds !== first.seconds);
  const average = (notes: { midi: number }[]) =>
    notes.reduce((sum, note) => sum + note.midi, 0) / notes.length;
  assert(average(second.notes) > average(first.notes) + 1, "a few semitones higher");
  // Not just the same tune moved up: the steps between notes differ too.
  const steps = (notes: { midi: number }[]) =>
    notes.slice(1).map((note, i) => note.midi - notes[i].midi).join(",");
  assertNotEquals(steps(second.notes), steps(first.notes));

  const one = renderSongMp3(song());
  const two = renderSongMp3(song({ take: 2 }));
  assertNotEquals(two, one);
  assertAlmostEquals(secondsOf(two), songDurationSeconds(song({ take: 2 })), 0.2);
  assertEquals(renderSongMp3(song({ take: 2 })), two, "each take is deterministic");
});

Deno.test("every sung word has its time: from its first syllable's note to its last", () => {
  for (const take of [1, 2] as const) {
    const melody = planMelody(song({ take }));
    const lines = sungLines(VERSE, "");
    const sung = melody.words.map((word) => `${word.line}:${word.text}`);
    // Lines are added until the song is long enough: the words are those of the lines sung, in order.
    const sungLineCount = melody.words.at(-1)!.line + 1;
    assertEquals(
      sung,
      lines.slice(0, sungLineCount).flatMap((line, index) => line.map((word) => `${index}:${word}`)),
    );

    let note = 0;
    for (const word of melody.words) {
      const syllables = syllableCount(word.text);
      const notes = melody.notes.slice(note, note + syllables);
      assertEquals(word.start, notes[0].start);
      assertEquals(word.end, notes.at(-1)!.start + notes.at(-1)!.seconds);
      assert(word.start < word.end && word.end <= melody.seconds);
      note += syllables;
    }
    assertEquals(note, melody.notes.length, "every note belongs to a word");
  }
});

Deno.test("words past the length cap are not timed, and one cut off ends with the song", () => {
  // One line far longer than the cap: it is sung until the song must end.
  const melody = planMelody(song({ lyrics: Array(120).fill("butterfly").join(" ") }));
  assertEquals(melody.seconds, MAX_SECONDS);
  assert(melody.words.length > 10 && melody.words.length < 120, `${melody.words.length} words`);
  assert(melody.words.every((word) => word.start < melody.seconds && word.end <= melody.seconds));
  assert(melody.words.every((word, i) => i === 0 || melody.words[i - 1].end <= word.start));
  const lastNote = melody.notes.at(-1)!;
  assertEquals(melody.words.at(-1)!.end, Math.min(melody.seconds, lastNote.start + lastNote.seconds));
});
