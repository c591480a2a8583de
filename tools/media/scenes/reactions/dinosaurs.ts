import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cycle, hop, PALETTE, round, round2, title, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** Dinosaur stomp: a friendly T. rex stomps on every beat while the child roars along. */
export function dinosaurs(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 4,
    beatsPerBar: 4,
    tonic: 67,
    progression: [0, 5, 7, 0],
    voice: "pluck",
    drums: "stomp",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      // Each stomp lands on a beat and shakes the ground for a moment.
      const sinceStomp = cycle(t, beat);
      const shake = sinceStomp < 0.25 ? 3 * Math.sin(sinceStomp * 40) * (1 - sinceStomp * 4) : 0;
      const roaring = cycle(t, beat * 8) < 0.5;
      return background(`bg-${item.id}`, ["#6d28d9", "#a78bfa", "#fbcfe8"]) +
        volcano(t) +
        `<g transform="translate(0 ${round(shake)})">` +
        `<ellipse cx="180" cy="470" rx="300" ry="90" fill="#4ade80"/>` +
        `<ellipse cx="180" cy="486" rx="300" ry="80" fill="#22c55e"/>` +
        footprints() + ferns(t, beat) +
        trex(255, 430, t, beat, roaring) +
        kid(
          { skin: "#e8b48f", hair: "#292524", hairStyle: "spiky", shirt: "#f97316", pants: "#365314" },
          {
            x: 96,
            y: 292 - 16 * hop(t, beat),
            scale: 0.82,
            tilt: -6 + 4 * wave(t, beat * 2),
            // Arms up and bent like little claws while roaring, waving otherwise.
            leftArm: roaring ? 125 + 12 * wave(t, beat) : 155,
            rightArm: roaring ? 125 - 12 * wave(t, beat) : 60 + 40 * hop(t, beat),
            mouth: roaring ? 1 : 0.5,
          },
        ) +
        "</g>" +
        (roaring ? roar(t, beat) : "") +
        songTitle(item, { outline: "#15803d" });
    }),
  };
}

function volcano(t: number): string {
  let smoke = "";
  for (let index = 0; index < 4; index++) {
    const progress = cycle(t, 4.5, index / 4);
    smoke += `<circle cx="${round(300 + 20 * progress + 6 * wave(t, 3, index / 4))}" cy="${
      round(196 - 90 * progress)
    }" r="${round(10 + 16 * progress)}" fill="#f5f3ff" opacity="${round(0.75 * (1 - progress))}"/>`;
  }
  return smoke +
    `<path d="M200 360 L276 206 L326 206 L400 360Z" fill="#5b21b6"/>` +
    `<path d="M276 206 L326 206 L318 222 Q310 236 302 222 Q294 240 286 222 Z" fill="#fb923c"/>` +
    `<path d="M-40 380 Q60 250 160 380Z" fill="#7c3aed" opacity="0.6"/>`;
}

function ferns(t: number, beat: number): string {
  const frond = (x: number, y: number, angle: number, length: number) =>
    `<path transform="translate(${x} ${y}) rotate(${round(angle)})" d="M0 0 Q${round(length * 0.3)} ${
      round(-length * 0.6)
    } 0 ${-length} Q${round(-length * 0.3)} ${round(-length * 0.6)} 0 0Z" fill="#16a34a"/>`;
  const sway = 3 * wave(t, beat * 4);
  return frond(10, 470, -20 + sway, 110) + frond(30, 470, 5 + sway, 90) + frond(346, 470, 22 - sway, 100) +
    frond(330, 470, 0 - sway, 70);
}

function footprints(): string {
  const print = (x: number, y: number) =>
    `<g fill="#15803d" opacity="0.55"><ellipse cx="${x}" cy="${y}" rx="11" ry="6"/>` +
    `<ellipse cx="${x - 11}" cy="${y - 8}" rx="3.5" ry="3"/><ellipse cx="${x}" cy="${
      y - 10
    }" rx="3.5" ry="3"/>` +
    `<ellipse cx="${x + 11}" cy="${y - 8}" rx="3.5" ry="3"/></g>`;
  return print(150, 452) + print(190, 466) + print(60, 462);
}

/** A round, smiling T. rex facing left, feet at (x, y); its legs take turns to stomp. */
function trex(x: number, y: number, t: number, beat: number, roaring: boolean): string {
  const step = cycle(t, beat * 2);
  const leftLift = step < 0.5 ? 14 * Math.sin(step * 2 * Math.PI) : 0;
  const rightLift = step >= 0.5 ? 14 * Math.sin((step - 0.5) * 2 * Math.PI) : 0;
  const bob = 6 * hop(t, beat);
  const green = "#22c55e";
  const dark = "#15803d";
  const belly = "#bbf7d0";
  const leg = (legX: number, lift: number) =>
    `<g transform="translate(${legX} ${
      round(-lift)
    })"><rect x="-13" y="-56" width="28" height="54" rx="12" fill="${green}"/>` +
    `<ellipse cx="-4" cy="-3" rx="22" ry="9" fill="${green}"/>` +
    `<g fill="#ffffff"><circle cx="-22" cy="-3" r="3.5"/><circle cx="-14" cy="2" r="3.5"/></g></g>`;
  // Spikes stand on the back's outline (an ellipse), each pointing straight out from it.
  let spikes = "";
  for (const degrees of [-112, -88, -64, -40, -16]) {
    const angle = (degrees * Math.PI) / 180;
    const sx = 10 + 60 * Math.cos(angle);
    const sy = -92 + 50 * Math.sin(angle);
    spikes +=
      `<path transform="translate(${round(sx)} ${round(sy)}) rotate(${
        degrees + 90
      })" d="M-10 4 L0 -16 L10 4Z" ` +
      `fill="${PALETTE.yellow}" stroke="${PALETTE.yellow}" stroke-width="4" stroke-linejoin="round"/>`;
  }
  const jaw = roaring ? 10 + 6 * hop(t, beat) : 4;
  const head = `<g transform="translate(-52 -160) rotate(${roaring ? -8 : 0})">` +
    `<ellipse cx="0" cy="0" rx="52" ry="38" fill="${green}"/>` +
    `<path d="M-50 4 Q-20 ${round(18 + jaw * 2)} 26 10 Q-10 18 -50 4Z" fill="${PALETTE.mouth}"/>` +
    `<path d="M-40 8 L-36 15 L-32 9 M-22 11 L-18 18 L-14 12 M-4 12 L0 19 L4 12" fill="#ffffff"/>` +
    `<ellipse cx="-14" cy="${round(14 + jaw)}" rx="12" ry="${
      round(3 + jaw * 0.3)
    }" fill="${PALETTE.tongue}"/>` +
    `<circle cx="6" cy="-14" r="11" fill="#ffffff"/><circle cx="3" cy="-14" r="6" fill="${PALETTE.ink}"/>` +
    `<circle cx="1" cy="-16" r="2" fill="#ffffff"/>` +
    `<ellipse cx="-38" cy="-14" rx="3.5" ry="2.5" fill="${dark}"/>` +
    `<ellipse cx="18" cy="6" rx="8" ry="5" fill="${PALETTE.cheek}" opacity="0.5"/></g>`;
  return `<g transform="translate(${x} ${round(y - bob * 0.3)})">` +
    `<ellipse cx="0" cy="2" rx="70" ry="10" fill="#15803d" opacity="0.35"/>` +
    `<path d="M40 -90 Q110 -80 120 -30 Q88 -52 36 -48Z" fill="${green}"/>` +
    leg(28, rightLift) +
    `<g transform="translate(0 ${round(-bob)})">${spikes}` +
    `<ellipse cx="10" cy="-92" rx="62" ry="52" fill="${green}"/>` +
    `<ellipse cx="-12" cy="-82" rx="34" ry="38" fill="${belly}"/>` +
    `<path d="M-30 -140 Q-20 -110 -4 -112 L-30 -90Z" fill="${green}"/>` +
    `<path d="M-40 -94 Q-58 -92 -60 -80 M-40 -80 Q-56 -76 -56 -66" stroke="${green}" stroke-width="9" ` +
    `stroke-linecap="round" fill="none"/>` +
    head + "</g>" +
    leg(-16, leftLift) + "</g>";
}

function roar(t: number, beat: number): string {
  // The bubble pops in on the first beat of its bar and then breathes with the music.
  const pop = 1 + 0.08 * hop(t, beat);
  return `<g transform="translate(236 140) scale(${round2(pop)}) rotate(-6)">` +
    `<path d="M-62 -26 Q-66 -40 -46 -42 L46 -42 Q66 -40 62 -24 L62 18 Q62 32 46 32 L-4 32 L-22 52 L-18 32 ` +
    `L-46 32 Q-64 32 -62 18Z" fill="#ffffff" stroke="${PALETTE.ink}" stroke-width="3" ` +
    `stroke-linejoin="round"/>` +
    title("ROAR!", 0, 6, 30, { fill: "#f97316", outline: "#ffffff", outlineWidth: 2 }) + "</g>";
}
