import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { hop, PALETTE, round, round2, sparkle, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/**
 * Rocket to the moon: a rocket circles the scene (passing behind, then in front of the child, for
 * depth) while the little astronaut cheers from a moon-rock hill.
 */
export function space(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 5,
    beatsPerBar: 4,
    tonic: 76,
    progression: [0, 9, 5, 7, 0],
    voice: "bell",
    drums: "pop",
  };
  const beat = beatOf(music);
  const orbit = 4.5;
  return {
    music,
    scene: portrait((t) => {
      const angle = (t / orbit) * Math.PI * 2 + Math.PI * 0.9;
      const rocketAt = (time: number) => {
        const a = (time / orbit) * Math.PI * 2 + Math.PI * 0.9;
        return { x: 180 + 120 * Math.cos(a), y: 250 + 70 * Math.sin(a) };
      };
      const here = rocketAt(t);
      const ahead = rocketAt(t + 0.05);
      const heading = (Math.atan2(ahead.y - here.y, ahead.x - here.x) * 180) / Math.PI + 90;
      // The lower half of the orbit is nearer the viewer: bigger, and drawn over the child.
      const near = Math.sin(angle) > 0;
      const size = 0.8 + 0.25 * Math.sin(angle);
      let trail = "";
      for (let step = 1; step <= 6; step++) {
        const past = rocketAt(t - step * 0.07);
        trail +=
          `<circle cx="${round(past.x)}" cy="${round(past.y)}" r="${round(5 + step * 2)}" fill="#ffffff" ` +
          `opacity="${round(0.32 - step * 0.045)}"/>`;
      }
      const shownRocket = trail + rocket(here.x, here.y, heading, size, t);
      return background(`bg-${item.id}`, ["#1e1b4b", "#3b0764", "#6d28d9"]) +
        starField(t) + planet(t) + moon() +
        (near ? "" : shownRocket) +
        ground() +
        kid(
          {
            skin: "#f9d3b4",
            hair: "#1c1917",
            hairStyle: "short",
            shirt: "#e5e7eb",
            pants: "#cbd5e1",
            helmet: true,
            eyes: "open",
          },
          {
            x: 180,
            y: 346 - 14 * hop(t, beat),
            scale: 0.8,
            tilt: 5 * wave(t, beat * 2),
            leftArm: 150 + 15 * wave(t, beat),
            rightArm: 150 - 15 * wave(t, beat),
            mouth: 0.5 + 0.5 * hop(t, beat),
          },
        ) +
        (near ? shownRocket : "") +
        songTitle(item);
    }),
  };
}

function starField(t: number): string {
  let out = "";
  for (let index = 0; index < 30; index++) {
    const x = (index * 151) % 352 + 4;
    const y = 84 + ((index * 97) % 300);
    out += sparkle(
      x,
      y,
      2 + (index % 3) * 1.8,
      index % 5 === 0 ? PALETTE.yellowLight : "#ffffff",
      0.3 + 0.7 * Math.abs(wave(t, 2.25, index * 0.17)),
    );
  }
  return out;
}

function moon(): string {
  return `<g transform="translate(290 142)">` +
    `<circle r="58" fill="#fef9c3" opacity="0.15"/><circle r="44" fill="#fef3c7"/>` +
    `<circle cx="-16" cy="-14" r="8" fill="#fde68a"/><circle cx="18" cy="-20" r="5" fill="#fde68a"/>` +
    `<circle cx="20" cy="16" r="9" fill="#fde68a"/>` +
    `<path d="M-14 4 Q-9 9 -4 4 M6 4 Q11 9 16 4" stroke="${PALETTE.ink}" stroke-width="2.5" fill="none" ` +
    `stroke-linecap="round"/><path d="M-6 16 Q1 23 8 16" stroke="${PALETTE.ink}" stroke-width="2.5" ` +
    `fill="none" ` +
    `stroke-linecap="round"/></g>`;
}

function planet(t: number): string {
  return `<g transform="translate(58 150) rotate(${round(-18 + 4 * wave(t, 9))})">` +
    `<circle r="24" fill="${PALETTE.pink}"/><path d="M-20 -8 Q0 -2 20 -8" stroke="#f9a8d4" ` +
    `stroke-width="4" ` +
    `fill="none"/><ellipse rx="42" ry="9" fill="none" stroke="${PALETTE.yellow}" stroke-width="4"/>` +
    `<path d="M-24 0 A24 24 0 0 1 24 0" fill="${PALETTE.pink}"/></g>`;
}

function ground(): string {
  return `<path d="M-20 440 Q90 392 180 406 Q280 392 380 440 L380 480 L-20 480Z" fill="#a78bfa"/>` +
    `<ellipse cx="70" cy="446" rx="20" ry="6" fill="#8b5cf6"/><ellipse cx="290" cy="438" rx="26" ry="7" ` +
    `fill="#8b5cf6"/><ellipse cx="180" cy="460" rx="14" ry="4" fill="#8b5cf6"/>`;
}

/** A red-and-white rocket pointing up in its own frame, turned to `heading` degrees, flame flickering. */
function rocket(x: number, y: number, heading: number, size: number, t: number): string {
  const flicker = 1 + 0.25 * Math.abs(wave(t, 0.25));
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(heading)}) scale(${
    round2(size)
  })">` +
    `<path transform="scale(1 ${round2(flicker)})" d="M-9 30 Q0 70 9 30Z" fill="#fb923c"/>` +
    `<path transform="scale(1 ${round2(flicker)})" d="M-5 30 Q0 54 5 30Z" fill="${PALETTE.yellowLight}"/>` +
    `<path d="M-14 8 L-26 30 L-12 28Z M14 8 L26 30 L12 28Z" fill="#ef4444"/>` +
    `<path d="M0 -44 Q18 -24 16 14 L14 32 L-14 32 L-16 14 Q-18 -24 0 -44Z" fill="#f8fafc"/>` +
    `<path d="M0 -44 Q12 -32 14 -20 L-14 -20 Q-12 -32 0 -44Z" fill="#ef4444"/>` +
    `<circle cx="0" cy="0" r="8" fill="#7dd3fc" stroke="${PALETTE.violet}" stroke-width="3.5"/>` +
    `<rect x="-3" y="28" width="6" height="10" rx="2" fill="#ef4444"/></g>`;
}
