import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cycle, heart, hop, musicNote, PALETTE, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** Singing with Grandma: the two of them on the sofa, swaying together, hearts rising between them. */
export function grandma(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 6,
    beatsPerBar: 3,
    tonic: 69,
    progression: [0, 5, 0, 7, 5, 0],
    voice: "flute",
    drums: "shaker",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      // They sway as one, leaning towards each other on the bar's first beat.
      const sway = wave(t, beat * 6);
      const singing = hop(t, beat);
      return background(`bg-${item.id}`, ["#a855f7", "#f472b6", "#fed7aa"]) +
        wall(t) + sofaBack() +
        kid(
          {
            skin: "#f9d3b4",
            hair: "#d1d5db",
            hairStyle: "bun",
            shirt: "#be185d",
            eyes: "happy",
            glasses: true,
          },
          {
            x: 118 + 6 * sway,
            y: 262,
            scale: 1.02,
            tilt: 8 * sway,
            leftArm: 70,
            rightArm: 30 + 10 * sway,
            mouth: 0.3 + 0.6 * singing,
            noLegs: true,
          },
        ) +
        kid(
          { skin: "#c68642", hair: "#3b2314", hairStyle: "ponytail", shirt: PALETTE.yellow, eyes: "happy" },
          {
            x: 250 + 6 * sway,
            y: 296 - 6 * hop(t, beat * 2),
            scale: 0.82,
            tilt: 8 * sway,
            leftArm: 150 + 12 * wave(t, beat * 2),
            rightArm: 70,
            mouth: 0.4 + 0.6 * singing,
            noLegs: true,
          },
        ) +
        sofaFront() + hearts(t) +
        songTitle(item, { outline: "#9d174d" });
    }),
  };
}

/** A framed picture of a heart and a window-light glow: a cosy living room in a few shapes. */
function wall(t: number): string {
  return `<circle cx="300" cy="150" r="60" fill="#fef3c7" opacity="0.25"/>` +
    `<rect x="36" y="112" width="64" height="54" rx="6" fill="#fde68a" stroke="#ffffff" stroke-width="5"/>` +
    heart(68, 140, 32, PALETTE.pink) +
    musicNote(300 + 8 * wave(t, 4.5), 160, 30, "#ffffff", { beamed: true, opacity: 0.9 });
}

function sofaBack(): string {
  return `<rect x="14" y="300" width="332" height="120" rx="36" fill="#7c3aed"/>` +
    `<rect x="30" y="312" width="146" height="80" rx="24" fill="#8b5cf6"/>` +
    `<rect x="184" y="312" width="146" height="80" rx="24" fill="#8b5cf6"/>`;
}

function sofaFront(): string {
  return `<rect x="0" y="392" width="360" height="88" fill="#fde68a"/>` +
    `<rect x="20" y="380" width="320" height="56" rx="18" fill="#6d28d9"/>` +
    `<rect x="0" y="340" width="46" height="110" rx="22" fill="#5b21b6"/>` +
    `<rect x="314" y="340" width="46" height="110" rx="22" fill="#5b21b6"/>` +
    `<rect x="40" y="436" width="14" height="22" rx="4" fill="#4c1d95"/>` +
    `<rect x="306" y="436" width="14" height="22" rx="4" fill="#4c1d95"/>`;
}

function hearts(t: number): string {
  let out = "";
  const colors = [PALETTE.pink, "#ffffff", "#f43f5e", PALETTE.yellowLight];
  for (let index = 0; index < 5; index++) {
    const progress = cycle(t, 3, index / 5);
    const x = 184 + 30 * wave(t, 3, index / 5) + (index % 2 ? 12 : -12);
    const y = 290 - 190 * progress;
    out += heart(
      x,
      y,
      16 + 14 * progress,
      colors[index % colors.length],
      10 * wave(t, 1.5, index / 5),
      Math.min(1, Math.sin(progress * Math.PI) * 1.6),
    );
  }
  return out;
}
