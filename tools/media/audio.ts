/**
 * The placeholder videos' soundtracks: a short, cheerful tune per video, synthesised here as PCM so
 * the media need no samples or licences and the same seed always gives the same bytes.
 *
 * A tune is a chord progression with a melody on top (major pentatonic, so nothing clashes), a soft
 * pad, a plucked bass and, unless it is a lullaby, a light beat. Looping tunes (the hero video) mix
 * the tails of their last notes back into the start, so the loop point is inaudible.
 */

export const SAMPLE_RATE = 44100;

export type Drums = "pop" | "stomp" | "march" | "shaker" | "none";
export type Voice = "bell" | "flute" | "pluck";

export interface TuneOptions {
  /** Any text: the melody is drawn from a generator seeded with it. */
  seed: string;
  seconds: number;
  bars: number;
  beatsPerBar: 3 | 4;
  /** The MIDI note of the key's tonic in the melody's octave (72 = C5). */
  tonic: number;
  /** Semitones above the tonic for each bar's chord root (0 = I, 5 = IV, 7 = V, 9 = vi). */
  progression: number[];
  voice: Voice;
  drums: Drums;
  /** Seamless loop: tails wrap around to the start instead of being cut. */
  loop: boolean;
}

/** Degrees of the major pentatonic scale: any two of them sound well together. */
const PENTATONIC = [0, 2, 4, 7, 9];
/** Melody rhythms of one bar, in eighth notes. */
const RHYTHMS: Record<3 | 4, number[][]> = {
  4: [[2, 2, 2, 2], [1, 1, 2, 2, 2], [2, 1, 1, 2, 2], [3, 1, 2, 2], [2, 2, 1, 1, 2], [1, 1, 1, 1, 2, 2]],
  3: [[2, 2, 2], [3, 1, 2], [2, 1, 1, 2], [4, 2], [1, 1, 2, 2]],
};

interface Note {
  start: number;
  seconds: number;
  midi: number;
}

export function renderTune(options: TuneOptions): Float32Array {
  const beat = options.seconds / (options.bars * options.beatsPerBar);
  const mix = new Float32Array(Math.round(options.seconds * SAMPLE_RATE));
  const melody = planMelody(options, beat);
  const voice = VOICES[options.voice];
  for (const note of melody) addTone(mix, note, 0.32, voice, options.loop);

  options.progression.forEach((degree, bar) => {
    const barStart = bar * options.beatsPerBar * beat;
    const root = options.tonic - 12 + degree;
    const minor = degree === 9 || degree === 2 || degree === 4;
    for (const interval of [0, minor ? 3 : 4, 7]) {
      const note = { start: barStart, seconds: options.beatsPerBar * beat, midi: root + interval };
      addTone(mix, note, 0.045, VOICES.pad, options.loop);
    }
    // The bass on the bar's first beat and, in 4/4, its third: a steady, danceable floor.
    for (const beatIndex of options.beatsPerBar === 4 ? [0, 2] : [0]) {
      const note = { start: barStart + beatIndex * beat, seconds: beat * 1.6, midi: root - 12 };
      addTone(mix, note, 0.2, VOICES.bass, options.loop);
    }
  });

  addDrums(mix, options, beat);
  return finish(mix, options.loop);
}

/** A random generator from a text seed (mulberry32 over an FNV-1a hash). */
export function seeded(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A call and an answer: even bars play one motif (a rhythm and a shape of steps), odd bars another,
 * each starting from wherever the tune is, so the tune repeats itself without standing still. The
 * strong beats land on tones of the bar's chord, no note sounds three times running, and a tune that
 * ends (rather than loops) comes home to the tonic on a held note.
 */
export function planMelody(options: TuneOptions, beat: number): Note[] {
  const random = seeded(options.seed);
  const pick = <T>(choices: T[]): T => choices[Math.floor(random() * choices.length)];
  const scale: number[] = [];
  for (let octave = -1; octave <= 1; octave++) {
    for (const degree of PENTATONIC) scale.push(options.tonic + 12 * octave + degree);
  }
  scale.push(options.tonic + 24);
  const home = scale.indexOf(options.tonic);
  const low = home - 2;
  const high = home + 6;
  const rhythms = RHYTHMS[options.beatsPerBar];
  const motif = (rhythm: number[]) => ({ rhythm, steps: rhythm.map(() => pick([-2, -1, -1, 1, 1, 2, 0])) });
  const call = motif(pick(rhythms));
  const answer = motif(pick(rhythms));
  const notes: Note[] = [];
  let position = home + 2;

  options.progression.forEach((degree, bar) => {
    const cadence = bar === options.progression.length - 1 && !options.loop;
    const { rhythm, steps } = cadence
      ? { rhythm: [options.beatsPerBar * 2], steps: [0] }
      : bar % 2
      ? answer
      : call;
    const chord = [0, 4, 7, 3].map((interval) => (options.tonic + degree + interval) % 12);
    let eighth = 0;
    rhythm.forEach((length, index) => {
      // Bounce off the edges of the range rather than sticking to them.
      const step = position + steps[index] > high || position + steps[index] < low
        ? -steps[index]
        : steps[index];
      position += step;
      const strong = eighth === 0 || (options.beatsPerBar === 4 && eighth === 4);
      if (strong) position = nearestChordTone(scale, position, chord, low, high);
      const [before, last] = notes.slice(-2).map((note) => note.midi);
      if (before === last && last === scale[position]) position += position < high ? 1 : -1;
      if (cadence) position = Math.abs(position - home) <= Math.abs(position - home - 5) ? home : home + 5;
      const start = (bar * options.beatsPerBar + eighth / 2) * beat;
      notes.push({ start, seconds: (length / 2) * beat * 0.95, midi: scale[position] });
      eighth += length;
    });
  });
  return notes;
}

function nearestChordTone(scale: number[], position: number, chord: number[], low: number, high: number) {
  for (const offset of [0, 1, -1, 2, -2]) {
    const candidate = position + offset;
    if (candidate >= low && candidate <= high && chord.includes(((scale[candidate] % 12) + 12) % 12)) {
      return candidate;
    }
  }
  return position;
}

interface ToneVoice {
  attack: number;
  /** Seconds for the note to fall by 1/e towards its sustain level. */
  decay: number;
  sustain: number;
  release: number;
  /** Levels of harmonics 1, 2, 3, 4 of the tone. */
  harmonics: number[];
  vibrato: number;
}

const VOICES: Record<Voice | "pad" | "bass", ToneVoice> = {
  // A music box / celesta: bright strike, quick fade. Reads as "toy" and stays pleasant at low bitrate.
  bell: {
    attack: 0.004,
    decay: 0.35,
    sustain: 0.15,
    release: 0.08,
    harmonics: [1, 0.4, 0.1, 0.12],
    vibrato: 0,
  },
  // A soft, round whistle for lullabies.
  flute: {
    attack: 0.05,
    decay: 0.6,
    sustain: 0.65,
    release: 0.15,
    harmonics: [1, 0.18, 0.06, 0],
    vibrato: 0.005,
  },
  pluck: {
    attack: 0.006,
    decay: 0.22,
    sustain: 0.3,
    release: 0.06,
    harmonics: [1, 0.5, 0.25, 0.1],
    vibrato: 0,
  },
  pad: { attack: 0.12, decay: 1, sustain: 0.8, release: 0.2, harmonics: [1, 0, 0.1, 0], vibrato: 0.003 },
  bass: {
    attack: 0.008,
    decay: 0.25,
    sustain: 0.35,
    release: 0.08,
    harmonics: [1, 0.3, 0.08, 0],
    vibrato: 0,
  },
};

function addTone(mix: Float32Array, note: Note, level: number, voice: ToneVoice, loop: boolean) {
  const first = Math.round(note.start * SAMPLE_RATE);
  const held = Math.round(note.seconds * SAMPLE_RATE);
  const release = Math.round(voice.release * SAMPLE_RATE);
  const frequency = 440 * 2 ** ((note.midi - 69) / 12);
  for (let index = 0; index < held + release; index++) {
    const time = index / SAMPLE_RATE;
    const attack = Math.min(1, time / voice.attack);
    const body = voice.sustain + (1 - voice.sustain) * Math.exp(-time / voice.decay);
    const tail = index < held ? 1 : 1 - (index - held) / release;
    const wobble = 1 + voice.vibrato * Math.sin(2 * Math.PI * 5 * time) * Math.min(1, time / 0.3);
    const phase = 2 * Math.PI * frequency * wobble * time;
    let tone = 0;
    voice.harmonics.forEach((weight, harmonic) => {
      if (weight) tone += weight * Math.sin((harmonic + 1) * phase);
    });
    addAt(mix, first + index, level * attack * body * tail * tone, loop);
  }
}

/** A sample added past the end wraps to the start when looping and is dropped otherwise. */
function addAt(mix: Float32Array, index: number, value: number, loop: boolean) {
  if (index < mix.length) mix[index] += value;
  else if (loop) mix[index % mix.length] += value;
}

function addDrums(mix: Float32Array, options: TuneOptions, beat: number) {
  if (options.drums === "none") return;
  const noise = seeded(`${options.seed}:noise`);
  const beats = options.bars * options.beatsPerBar;
  // A non-looping tune rests its beat in the last bar, so the held final chord rings out on its own.
  const lastBeat = options.loop ? beats : beats - options.beatsPerBar;
  for (let index = 0; index < lastBeat; index++) {
    const start = index * beat;
    const inBar = index % options.beatsPerBar;
    const backbeat = options.beatsPerBar === 4 ? inBar % 2 === 1 : inBar !== 0;
    if (options.drums === "shaker") {
      addNoise(mix, start, 0.06, 0.025, noise, options.loop);
      addNoise(mix, start + beat / 2, 0.03, 0.015, noise, options.loop);
      continue;
    }
    const kickEvery = options.drums === "stomp" || options.drums === "march";
    if (!backbeat || kickEvery) addKick(mix, start, options.drums === "stomp" ? 0.55 : 0.42, options.loop);
    if (backbeat) addNoise(mix, start, 0.09, options.drums === "march" ? 0.12 : 0.16, noise, options.loop);
    addNoise(mix, start + beat / 2, 0.025, 0.04, noise, options.loop);
  }
}

/** A kick drum: a sine whose pitch drops fast, like a struck skin. */
function addKick(mix: Float32Array, start: number, level: number, loop: boolean) {
  const first = Math.round(start * SAMPLE_RATE);
  let phase = 0;
  for (let index = 0; index < 0.25 * SAMPLE_RATE; index++) {
    const time = index / SAMPLE_RATE;
    phase += (2 * Math.PI * (48 + 110 * Math.exp(-time / 0.03))) / SAMPLE_RATE;
    addAt(mix, first + index, level * Math.exp(-time / 0.09) * Math.sin(phase), loop);
  }
}

/** A burst of brightened noise: a clap or snare when longer, a hi-hat or shaker when short. */
function addNoise(
  mix: Float32Array,
  start: number,
  decay: number,
  level: number,
  random: () => number,
  loop: boolean,
) {
  const first = Math.round(start * SAMPLE_RATE);
  let previous = 0;
  for (let index = 0; index < decay * 5 * SAMPLE_RATE; index++) {
    const white = random() * 2 - 1;
    // The difference of neighbouring samples tilts the noise towards the treble (less "rumble").
    const bright = white - previous * 0.6;
    previous = white;
    addAt(mix, first + index, level * Math.exp(-index / SAMPLE_RATE / decay) * bright, loop);
  }
}

/** About -18 dBFS: comfortable on phone speakers, with room for the drums' peaks. */
const TARGET_RMS = 0.125;

/** Normalises to a comfortable level and fades the edges so starts, ends and loop points do not click. */
function finish(mix: Float32Array, loop: boolean): Float32Array {
  let peak = 0;
  let power = 0;
  for (const sample of mix) {
    peak = Math.max(peak, Math.abs(sample));
    power += sample * sample;
  }
  // The same loudness for every video (so the carousel does not jump in volume), never clipping.
  const rms = Math.sqrt(power / mix.length);
  const gain = peak > 0 ? Math.min(0.85 / peak, TARGET_RMS / rms) : 1;
  const fadeIn = Math.round((loop ? 0.01 : 0.03) * SAMPLE_RATE);
  const fadeOut = Math.round((loop ? 0.01 : 0.8) * SAMPLE_RATE);
  for (let index = 0; index < mix.length; index++) {
    const edge = Math.min(1, index / fadeIn, (mix.length - 1 - index) / fadeOut);
    mix[index] *= gain * edge;
  }
  return mix;
}

/** 16-bit mono PCM in a WAV container: what ffmpeg reads without guessing. */
export function wavBytes(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index++) view.setUint8(offset + index, value.charCodeAt(index));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => {
    view.setInt16(44 + index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true);
  });
  return bytes;
}
