import { Mp3Encoder } from "@breezystack/lamejs";
import { concatBytes } from "../../domain/bytes.ts";
import type { SingerGender } from "../../domain/order/orders.ts";

/**
 * The local synthesiser's voice (ARCHITECTURE.md §3): a short real MP3 whose melody follows the
 * lyrics, one note per syllable, so players, downloads and previews have music to play offline.
 * Everything is derived from the text: the same song always renders the same bytes.
 */
export interface SynthRequest {
  lyrics: string;
  title: string;
  /** Style tags; tempo words set the pace ("lullaby", "gentle" slower, "upbeat", "energetic" faster). */
  style: string;
  singer: SingerGender;
  /**
   * Which of the task's two takes, as the music service makes two: the second is faster, higher and
   * sung to other contours. Missing is the first, so tasks stored before there were takes still render.
   */
  take?: 1 | 2;
}

export const SAMPLE_RATE = 22050;
const KBPS = 48;
/** Lines are added until the song reaches this, and nothing plays past the hard cap. */
const TARGET_SECONDS = 18;
export const MAX_SECONDS = 30;
const LEAD_IN_SECONDS = 0.15;
const TAIL_SECONDS = 0.8;

/** Major pentatonic over two octaves: no note can clash with another or with the drone. */
const PENTATONIC = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21];
const TONIC = 5;
/** The melody's lowest note by singer: a child sings highest, a man an octave below a woman. */
const ROOT_MIDI: Record<SingerGender, number> = { child: 65, female: 60, male: 48 };
/**
 * The second take against the first: a fifth faster and a minor third higher, so the two are told
 * apart at once, yet both stay in the singer's comfortable range and in a children's-song pace.
 */
const SECOND_TAKE = { tempo: 1.2, semitones: 3 };

interface Note {
  start: number;
  seconds: number;
  midi: number;
}

export interface Melody {
  notes: Note[];
  /** Bass notes on the beats, under the lines. */
  bass: Note[];
  /** When each sung word is heard, from its first syllable's note to its last; for the timed lyrics. */
  words: SungWord[];
  seconds: number;
  /** Beats per minute. */
  tempo: number;
}

export interface SungWord {
  /** The index of its line in `sungLines`. */
  line: number;
  text: string;
  start: number;
  end: number;
}

/** A word and the notes it is sung on, while the melody is planned. */
interface WordNotes {
  line: number;
  text: string;
  first: number;
  count: number;
}

export function renderSongMp3(request: SynthRequest): Uint8Array {
  return encodeMp3(renderSamples(planMelody(request)));
}

/** The rendered length, known without rendering (the studio reports it when the task finishes). */
export function songDurationSeconds(request: SynthRequest): number {
  return Math.round(planMelody(request).seconds * 10) / 10;
}

export function planMelody(request: SynthRequest): Melody {
  const second = request.take === 2;
  const tempo = tempoOf(request.style) * (second ? SECOND_TAKE.tempo : 1);
  const beat = 60 / tempo;
  const eighth = beat / 2;
  const root = (ROOT_MIDI[request.singer] ?? ROOT_MIDI.female) + (second ? SECOND_TAKE.semitones : 0);
  const lines = sungLines(request.lyrics, request.title);
  const notes: Note[] = [];
  const bass: Note[] = [];
  const words: WordNotes[] = [];
  let time = LEAD_IN_SECONDS;

  for (let index = 0; index < lines.length && time < TARGET_SECONDS; index++) {
    const syllables = lines[index].reduce((sum, word) => sum + syllableCount(word), 0);
    // The first take's seed is the one songs have always had, so it renders the same bytes as before.
    const random = seeded(`${second ? "take 2:" : ""}${index}:${lines[index].join(" ")}`);
    const contour = CONTOURS[Math.floor(random() * CONTOURS.length)];
    const lineStart = time;
    let first = notes.length;
    for (const word of lines[index]) {
      const count = syllableCount(word);
      words.push({ line: index, text: word, first, count });
      first += count;
    }
    // The song's last line, and every fourth, comes home to the tonic; others may end open.
    const resolves = index === lines.length - 1 || index % 4 === 3;
    for (let position = 0; position < syllables; position++) {
      const final = position === syllables - 1;
      const height = contour(syllables === 1 ? 1 : position / (syllables - 1));
      const wobble = random() < 0.3 ? Math.round(random() * 2 - 1) : 0;
      const step = final
        ? (resolves ? TONIC : [2, 3, TONIC][Math.floor(random() * 3)])
        : Math.round(2 + height * 4) + wobble;
      const eighths = final ? 3 : random() < 0.15 ? 2 : 1;
      notes.push({ start: time, seconds: eighth * eighths, midi: root + PENTATONIC[clamp(step, 0, 9)] });
      time += eighth * eighths;
    }
    time += beat;
    for (let beatStart = lineStart, count = 0; beatStart < time - beat / 2; beatStart += beat, count++) {
      bass.push({ start: beatStart, seconds: beat * 0.9, midi: root - 12 + (count % 2 ? 7 : 0) });
    }
  }
  const seconds = Math.min(MAX_SECONDS, time + TAIL_SECONDS - beat);
  const kept = notes.filter((note) => note.start < seconds);
  return {
    notes: kept,
    bass: bass.filter((note) => note.start < seconds),
    words: wordTimes(words, kept, seconds),
    seconds,
    tempo,
  };
}

/**
 * Each word from its first note's start to its last note's end. Notes only move forward in time, so
 * the notes kept before the song's end are the first ones: a word whose first note is past them is not
 * heard, and one cut off by the length cap ends with the song.
 */
function wordTimes(words: WordNotes[], kept: Note[], seconds: number): SungWord[] {
  return words.filter((word) => word.first < kept.length).map((word) => {
    const last = kept[Math.min(word.first + word.count, kept.length) - 1];
    return {
      line: word.line,
      text: word.text,
      start: kept[word.first].start,
      end: Math.min(seconds, last.start + last.seconds),
    };
  });
}

/** The sung words of each line; section markers and blank lines are not sung. */
export function sungLines(lyrics: string, title: string): string[][] {
  const lines = writtenLines(lyrics).map((line) => sungWordsOf(line.text));
  if (lines.length) return lines;
  const titled = sungWordsOf(title);
  return [titled.length ? titled : ["la", "la", "la"]];
}

/** The words of a line as they are sung: letters, digits and apostrophes, punctuation left out. */
export function sungWordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}']+/gu) ?? [];
}

/**
 * The lines of the lyrics that are sung, as written (punctuation kept), each with the section label
 * ("[Chorus]") that came before it: the same lines as `sungLines`, in the same order.
 */
export function writtenLines(lyrics: string): { section: string | null; text: string }[] {
  const lines: { section: string | null; text: string }[] = [];
  let section: string | null = null;
  for (const raw of lyrics.split("\n")) {
    const line = raw.trim();
    const label = line.match(/^\[([^\]]*)\]$/);
    if (label) {
      section = label[1].trim() || null;
      continue;
    }
    if (!line || /^\([^)]*\)$/.test(line) || !sungWordsOf(line).length) continue;
    lines.push({ section, text: line });
    section = null;
  }
  return lines;
}

/**
 * Vowel groups, plus the vowel pairs that are usually two sounds (Mia, Leo, lion), less a silent
 * final "e" (tale, smile; but lit-tle): close enough to sing one note per syllable.
 */
export function syllableCount(word: string): number {
  const lower = word.toLowerCase().replace(/'/g, "");
  const groups = lower.match(/[aeiouyàáâäèéêëìíîïòóôöùúûü]+/g)?.length ?? 0;
  if (!groups) return Math.max(1, Math.min(3, Math.round(lower.length / 3)));
  const splitPairs = lower.match(/i[ao]|eo/g)?.length ?? 0;
  const silentE = groups > 1 && /[^aeiouy]e$/.test(lower) && !/[^aeiouy]le$/.test(lower) ? 1 : 0;
  return Math.max(1, Math.min(5, groups + splitPairs - silentE));
}

export function tempoOf(style: string): number {
  if (/lullaby|gentle|slow|soothing|calm|sleepy|soft/i.test(style)) return 76;
  if (/upbeat|energetic|fast|bouncy|lively|dance|hip-hop/i.test(style)) return 124;
  return 100;
}

/** Where a line's notes sit between low (0) and high (1) as it goes from its first to its last syllable. */
const CONTOURS: ((position: number) => number)[] = [
  (t) => t,
  (t) => 1 - t,
  (t) => Math.sin(Math.PI * t),
  (t) => 1 - Math.sin(Math.PI * t),
  (t) => 0.5 + 0.5 * Math.sin(2 * Math.PI * t),
];

function renderSamples(melody: Melody): Int16Array {
  const total = Math.ceil(melody.seconds * SAMPLE_RATE);
  const mix = new Float32Array(total);
  for (const note of melody.notes) {
    addTone(mix, note, 0.3, { attack: 0.02, decay: 0.9, second: 0.35, third: 0.12 });
  }
  for (const note of melody.bass) {
    addTone(mix, note, 0.12, { attack: 0.01, decay: 0.25, second: 0.2, third: 0 });
  }

  let peak = 0;
  for (const sample of mix) peak = Math.max(peak, Math.abs(sample));
  const gain = peak > 0.85 ? 0.85 / peak : 1;
  const fade = Math.floor(0.3 * SAMPLE_RATE);
  const pcm = new Int16Array(total);
  for (let index = 0; index < total; index++) {
    const fadeOut = Math.min(1, (total - index) / fade);
    pcm[index] = Math.round(mix[index] * gain * fadeOut * 32767);
  }
  return pcm;
}

interface Voice {
  attack: number;
  /** Seconds for the note to fall towards its sustain level: a soft, plucked-and-sung feel. */
  decay: number;
  /** Levels of the second and third harmonics over the fundamental. */
  second: number;
  third: number;
}

/** Samples between updates of the vibrato; per-sample trigonometry made rendering the slow half. */
const BLOCK = 64;

/**
 * Adds one note. The oscillator is a rotating phasor (no sin() per sample) and the harmonics come
 * from it by the double- and triple-angle formulas; the decay is a running product.
 */
function addTone(mix: Float32Array, note: Note, level: number, voice: Voice) {
  const first = Math.floor(note.start * SAMPLE_RATE);
  const length = Math.min(Math.floor(note.seconds * SAMPLE_RATE), mix.length - first);
  const frequency = 440 * 2 ** ((note.midi - 69) / 12);
  const attackSamples = voice.attack * SAMPLE_RATE;
  const release = Math.min(0.06 * SAMPLE_RATE, length / 3);
  const decayFactor = Math.exp(-1 / (voice.decay * SAMPLE_RATE));
  let decay = 1;
  let sine = 0;
  let cosine = 1;
  for (let blockStart = 0; blockStart < length; blockStart += BLOCK) {
    const seconds = blockStart / SAMPLE_RATE;
    const vibrato = seconds > 0.12 ? 1 + 0.004 * Math.sin(2 * Math.PI * 5.5 * seconds) : 1;
    const step = (2 * Math.PI * frequency * vibrato) / SAMPLE_RATE;
    const stepCos = Math.cos(step);
    const stepSin = Math.sin(step);
    // Rounding would slowly change the phasor's size; a block's start puts it back on the circle.
    const size = Math.hypot(sine, cosine);
    sine /= size;
    cosine /= size;
    const blockEnd = Math.min(length, blockStart + BLOCK);
    for (let index = blockStart; index < blockEnd; index++) {
      const nextSine = sine * stepCos + cosine * stepSin;
      cosine = cosine * stepCos - sine * stepSin;
      sine = nextSine;
      decay *= decayFactor;
      const envelope = Math.min(1, index / attackSamples) * (0.55 + 0.45 * decay) *
        Math.min(1, (length - index) / release);
      const tone = sine + voice.second * 2 * sine * cosine + voice.third * sine * (3 - 4 * sine * sine);
      mix[first + index] += level * envelope * tone;
    }
  }
}

/** lamejs wants blocks of whole granules; its chunks are copied into one buffer. */
function encodeMp3(pcm: Int16Array): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS);
  const chunks: Uint8Array[] = [];
  const keep = (chunk: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number }) => {
    if (chunk.length) chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length).slice());
  };
  const block = 1152 * 8;
  for (let start = 0; start < pcm.length; start += block) {
    keep(encoder.encodeBuffer(pcm.subarray(start, start + block)));
  }
  keep(encoder.flush());
  return concatBytes(chunks);
}

/** A small deterministic generator (mulberry32) seeded from a line's text. */
function seeded(text: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    state = Math.imul(state ^ text.charCodeAt(index), 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}
