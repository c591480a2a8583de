import type { TuneOptions } from "../audio.ts";
import type { Scene } from "../render.ts";
import { HERO_VIDEO } from "../specs.ts";
import {
  cycle,
  hop,
  linearGradient,
  musicNote,
  PALETTE,
  round,
  sparkle,
  star,
  vinylRecord,
  wave,
} from "./kit.ts";
import { kid } from "./kid.ts";

/**
 * The hero loop: a child with big headphones bopping in front of a spinning record, equalizer bars
 * pulsing and notes floating up. Every motion's period divides the clip's length (16 beats of its
 * own tune), so the last frame flows into the first and the loop has no seam.
 */
const SIZE = HERO_VIDEO.width;
const LOOP = HERO_VIDEO.seconds;
const BEAT = LOOP / 16;
const CENTER = SIZE / 2;

export const heroScene: Scene = {
  width: SIZE,
  height: SIZE,
  draw: (t) =>
    `<defs>${linearGradient("hero-bg", [PALETTE.violet, "#c026d3", PALETTE.pink, "#fbbf24"])}</defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#hero-bg)"/>` +
    bokeh(t) + record(t) + equalizer(t) + notes(t) + twinkles(t) +
    kid(
      {
        skin: "#f1c27d",
        hair: "#3b2314",
        hairStyle: "curly",
        shirt: PALETTE.yellow,
        pants: "#5b21b6",
        headphones: true,
      },
      {
        x: CENTER,
        y: 262 - 14 * hop(t, BEAT),
        scale: 1.45,
        tilt: 4 * wave(t, BEAT * 4),
        // One arm pumps on the beat, the other holds up; they swap every two bars.
        leftArm: 150 + 16 * wave(t, BEAT * 2),
        rightArm: 150 - 16 * wave(t, BEAT * 2),
        mouth: 0.35 + 0.65 * hop(t, BEAT),
      },
    ),
};

/** Soft light circles drifting slowly upwards, for depth. */
function bokeh(t: number): string {
  let out = "";
  for (let index = 0; index < 7; index++) {
    const progress = cycle(t, LOOP, index / 7);
    const x = 40 + ((index * 173) % 460);
    const y = SIZE + 60 - progress * (SIZE + 120);
    out +=
      `<circle cx="${round(x + 20 * wave(t, LOOP, index / 7))}" cy="${round(y)}" r="${
        28 + (index % 3) * 14
      }" ` +
      `fill="#ffffff" opacity="0.1"/>`;
  }
  return out;
}

/** The record behind the child, like a halo, turning twice per loop. */
function record(t: number): string {
  return vinylRecord(CENTER, 232, 1, (t / LOOP) * 360 * 2);
}

/** Two banks of bars at the sides, each bouncing to its own beat pattern. */
function equalizer(t: number): string {
  let out = "";
  const colors = [PALETTE.yellow, "#fde68a", "#ffffff", PALETTE.pinkLight, PALETTE.violetLight];
  for (let index = 0; index < 10; index++) {
    const side = index < 5 ? 0 : 1;
    const slot = index % 5;
    const x = side ? SIZE - 40 - slot * 24 : 24 + slot * 24;
    const pulse = hop(t, BEAT * (slot % 2 ? 1 : 2), slot * 0.21 + side * 0.5);
    const height = 30 + 90 * pulse * (0.55 + 0.45 * Math.abs(wave(t, LOOP / 2, slot / 5)));
    out += `<rect x="${x}" y="${round(SIZE - 24 - height)}" width="16" height="${round(height)}" rx="8" ` +
      `fill="${colors[slot]}" opacity="0.9"/>`;
  }
  return out;
}

function notes(t: number): string {
  let out = "";
  const colors = ["#ffffff", PALETTE.yellow, PALETTE.pinkLight, "#ffffff", PALETTE.yellowLight, "#ffffff"];
  for (let index = 0; index < 6; index++) {
    const progress = cycle(t, LOOP / 2, index / 6);
    const fromLeft = index % 2 === 0;
    const x = fromLeft ? 150 - 110 * progress : 390 + 110 * progress;
    const y = 300 - 250 * progress;
    out += musicNote(
      x + 14 * wave(t, LOOP / 4, index / 6),
      y,
      36,
      colors[index],
      // Notes only drift and fade: turning or growing shapes cost the encoder far more bytes.
      { beamed: index % 3 === 1, opacity: Math.min(1, 2 * Math.sin(progress * Math.PI)) },
    );
  }
  return out;
}

function twinkles(t: number): string {
  let out = "";
  const spots = [[64, 84], [470, 70], [500, 250], [40, 270], [120, 180], [430, 170]];
  spots.forEach(([x, y], index) => {
    const glow = Math.abs(wave(t, LOOP / 4, index / 6));
    out += index % 2
      ? star(x, y, 10 + 6 * glow, PALETTE.yellowLight, (t / LOOP) * 360, 0.5 + 0.5 * glow)
      : sparkle(x, y, 8 + 8 * glow, "#ffffff", 0.4 + 0.6 * glow);
  });
  return out;
}

export const heroMusic: TuneOptions = {
  seed: "little-hits-hero",
  seconds: LOOP,
  bars: 4,
  beatsPerBar: 4,
  tonic: 72,
  // vi-IV-V back to I: the last bar leads home into the first, as a loop should.
  progression: [0, 9, 5, 7],
  voice: "bell",
  drums: "pop",
  loop: true,
};
