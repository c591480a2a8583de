import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { confetti, hop, PALETTE, round, round2, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** A birthday surprise: bunting, balloons, a cake with flickering candles and a child dancing behind it. */
export function birthday(item: ReactionVideo): ReactionPlaceholder {
  // Three-four time, like the birthday song everyone knows.
  const music: ReactionMusic = {
    bars: 6,
    beatsPerBar: 3,
    tonic: 72,
    progression: [0, 7, 0, 5, 7, 0],
    voice: "bell",
    drums: "pop",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      const sway = wave(t, beat * 3);
      return background(`bg-${item.id}`, ["#7c3aed", "#c026d3", "#f9a8d4"]) +
        bunting(t, beat) +
        balloon(52, 205 + 8 * wave(t, 3), PALETTE.yellow, 6 * wave(t, 3, 0.25)) +
        balloon(306, 190 + 8 * wave(t, 3, 0.5), "#38bdf8", -6 * wave(t, 3, 0.75)) +
        balloon(282, 248 + 6 * wave(t, 4.5, 0.3), PALETTE.pinkLight, 4 * wave(t, 4.5)) +
        kid(
          { skin: "#f9d3b4", hair: "#b45309", hairStyle: "pigtails", shirt: PALETTE.yellow, hat: "party" },
          {
            x: 180 + 10 * sway,
            y: 206 - 12 * hop(t, beat),
            scale: 0.92,
            tilt: 7 * sway,
            leftArm: 140 + 25 * wave(t, beat * 2),
            rightArm: 140 - 25 * wave(t, beat * 2),
            mouth: 0.4 + 0.6 * hop(t, beat),
            noLegs: true,
          },
        ) +
        `<g transform="translate(0 22)">${table()}${cake(t)}</g>` +
        confetti(t, 4.5, 26, 360, 480, [PALETTE.yellow, "#ffffff", "#38bdf8", PALETTE.pinkLight]) +
        songTitle(item);
    }),
  };
}

function bunting(t: number, beat: number): string {
  let flags = `<path d="M-10 96 Q180 130 370 96" stroke="#fef3c7" stroke-width="2.5" fill="none"/>`;
  const colors = [PALETTE.yellow, "#ffffff", "#38bdf8", PALETTE.pink];
  for (let index = 0; index < 9; index++) {
    const x = 20 + index * 40;
    const progress = x / 360;
    // The string sags in the middle; each flag hangs from its point on the curve.
    const y = 96 + 4 * 17 * progress * (1 - progress) * 2;
    const swing = 6 * wave(t, beat * 2, index * 0.15);
    flags += `<path transform="translate(${round(x)} ${round(y)}) rotate(${round(swing)})" ` +
      `d="M-13 0 L13 0 L0 24Z" fill="${colors[index % colors.length]}"/>`;
  }
  return flags;
}

function balloon(x: number, y: number, color: string, lean: number): string {
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(lean)})">` +
    `<path d="M0 34 Q-8 60 4 84 Q12 104 0 130" stroke="#fdf4ff" stroke-width="1.6" fill="none"/>` +
    `<ellipse cx="0" cy="0" rx="26" ry="32" fill="${color}"/>` +
    `<path d="M-5 36 L5 36 L0 30Z" fill="${color}"/>` +
    `<ellipse cx="-9" cy="-12" rx="6" ry="10" fill="#ffffff" opacity="0.5" transform="rotate(25 -9 ` +
    `-12)"/></g>`;
}

function table(): string {
  let scallops = "";
  for (let x = 0; x < 380; x += 30) scallops += `<circle cx="${x + 15}" cy="402" r="15" fill="#fdf2f8"/>`;
  return `<rect x="0" y="384" width="360" height="96" fill="#fdf2f8"/>${scallops}` +
    `<rect x="0" y="400" width="360" height="80" fill="#fbcfe8"/>` +
    `<rect x="0" y="384" width="360" height="5" fill="#f9a8d4"/>`;
}

function cake(t: number): string {
  const drips = (x: number, y: number, width: number) => {
    let out = `<rect x="${x}" y="${y}" width="${width}" height="12" rx="6" fill="${PALETTE.pink}"/>`;
    for (let dx = 10; dx < width - 6; dx += 18) {
      out += `<rect x="${x + dx}" y="${y + 4}" width="9" height="${12 + ((dx * 7) % 10)}" rx="4.5" ` +
        `fill="${PALETTE.pink}"/>`;
    }
    return out;
  };
  let candles = "";
  [-24, 0, 24].forEach((dx, index) => {
    const x = 180 + dx;
    const flicker = 1 + 0.14 * wave(t, 0.375, index * 0.3) + 0.06 * wave(t, 0.225, index * 0.7);
    candles += `<rect x="${x - 4}" y="284" width="8" height="26" rx="2" fill="#ffffff"/>` +
      `<path d="M${x - 4} 290 L${x + 4} 286 M${x - 4} 298 L${x + 4} 294 M${x - 4} 306 L${x + 4} 302" ` +
      `stroke="${PALETTE.violet}" stroke-width="2.5"/>` +
      `<circle cx="${x}" cy="274" r="${round(12 * flicker)}" fill="${PALETTE.yellowLight}" opacity="0.35"/>` +
      `<path transform="translate(${x} 282) scale(${round2(flicker)})" ` +
      `d="M0 0 C-7 -4 -6 -12 0 -20 C6 -12 7 -4 0 0Z" fill="#fb923c"/>` +
      `<path transform="translate(${x} 281) scale(${round2(flicker)})" ` +
      `d="M0 0 C-3.5 -2 -3 -7 0 -12 C3 -7 3.5 -2 0 0Z" fill="${PALETTE.yellowLight}"/>`;
  });
  return `<ellipse cx="180" cy="398" rx="86" ry="10" fill="#be185d" opacity="0.25"/>` +
    `<rect x="108" y="346" width="144" height="52" rx="10" fill="#fff7ed"/>` + drips(108, 344, 144) +
    `<rect x="132" y="308" width="96" height="44" rx="10" fill="#fff7ed"/>` + drips(132, 306, 96) +
    `<g fill="${PALETTE.violetLight}"><circle cx="130" cy="378" r="4"/><circle cx="160" cy="384" r="4"/>` +
    `<circle cx="200" cy="380" r="4"/><circle cx="230" cy="384" r="4"/><circle cx="160" cy="336" r="3.5"/>` +
    `<circle cx="200" cy="338" r="3.5"/></g>` + candles;
}
