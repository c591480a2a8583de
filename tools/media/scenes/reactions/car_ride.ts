import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cloud, cycle, hop, musicNote, PALETTE, round, wave } from "../kit.ts";
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
 * A road trip anthem: the child rides in a little open-top car, arms up, notes streaming behind.
 * The landscape scrolls by at speeds that repeat exactly within the video (parallax, far is slow).
 */
export function carRide(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 5,
    beatsPerBar: 4,
    tonic: 70,
    progression: [0, 5, 9, 7, 0],
    voice: "pluck",
    drums: "pop",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      const bump = 3 * hop(t, beat);
      return background(`bg-${item.id}`, ["#8b5cf6", "#c4b5fd", "#e0f2fe"]) +
        sun(t) + cloud(310 - scroll(t, 20, 460), 170, 80, "#ffffff", 0.85) +
        cloud(
          140 - scroll(t, 20, 460) + 460 * (scroll(t, 20, 460) > 140 + 60 ? 1 : 0),
          120,
          60,
          "#ffffff",
          0.7,
        ) +
        hills(t) + trees(t) + road(t) +
        trailNotes(t) +
        `<g transform="translate(0 ${round(-bump)})">` +
        kid(
          { skin: "#f1c27d", hair: "#b45309", hairStyle: "short", shirt: "#22d3ee" },
          {
            x: 172,
            y: 300,
            scale: 0.72,
            tilt: 5 * wave(t, beat * 2),
            leftArm: 160 + 10 * wave(t, beat),
            rightArm: 150 - 10 * wave(t, beat),
            mouth: 0.5 + 0.5 * hop(t, beat),
            noLegs: true,
          },
        ) + car(t) + "</g>" +
        songTitle(item);
    }),
  };
}

/** How far a layer moving at `speed` px/s has scrolled, wrapped to its repeat width. */
function scroll(t: number, speed: number, repeat: number): number {
  return (t * speed) % repeat;
}

function sun(t: number): string {
  let rays = "";
  for (let index = 0; index < 10; index++) {
    rays += `<rect x="-3" y="-52" width="6" height="14" rx="3" transform="rotate(${index * 36})"/>`;
  }
  return `<g transform="translate(62 150) rotate(${round((t / 9) * 72)})" fill="${PALETTE.yellow}">${rays}` +
    `<circle r="30"/></g>`;
}

function hills(t: number): string {
  // 9 s at 20 px/s is 180 px: one whole repeat of the hills, so the last frame meets the first.
  const far = scroll(t, 20, 180);
  let out = "";
  for (let x = -180; x < 540; x += 180) {
    out += `<ellipse cx="${round(x - far)}" cy="370" rx="120" ry="70" fill="#a78bfa"/>`;
  }
  const near = scroll(t, 40, 120);
  for (let x = -120; x < 480; x += 120) {
    out += `<ellipse cx="${round(x + 60 - near)}" cy="392" rx="90" ry="46" fill="#86efac"/>`;
  }
  return out;
}

function trees(t: number): string {
  const offset = scroll(t, 120, 180);
  let out = "";
  for (let x = 0; x < 540; x += 180) {
    const treeX = x + 40 - offset;
    out += `<rect x="${round(treeX - 4)}" y="350" width="8" height="40" rx="3" fill="#92400e"/>` +
      `<circle cx="${round(treeX)}" cy="342" r="22" fill="#22c55e"/><circle cx="${
        round(treeX - 10)
      }" cy="352" ` +
      `r="14" fill="#16a34a"/>`;
  }
  return out;
}

function road(t: number): string {
  const dash = scroll(t, 240, 60);
  let dashes = "";
  for (let x = -60; x < 420; x += 60) {
    dashes += `<rect x="${round(x - dash)}" y="430" width="30" height="5" rx="2.5" fill="#ffffff"/>`;
  }
  return `<rect x="0" y="388" width="360" height="92" fill="#4ade80"/>` +
    `<rect x="0" y="400" width="360" height="66" fill="#6b7280"/>` +
    `<rect x="0" y="400" width="360" height="4" fill="#9ca3af"/>` + dashes;
}

/** Notes leave the car and drift back and up, as if the song pours out of it. */
function trailNotes(t: number): string {
  let out = "";
  for (let index = 0; index < 4; index++) {
    const progress = cycle(t, 2.25, index / 4);
    out += musicNote(
      130 - 120 * progress,
      300 - 110 * progress + 10 * wave(t, 1.125, index / 4),
      24 + 8 * progress,
      index % 2 ? PALETTE.yellow : "#ffffff",
      { opacity: Math.sin(progress * Math.PI), beamed: index % 2 === 0 },
    );
  }
  return out;
}

/** An open-top car facing right; wheels turn at the road's speed. */
function car(t: number): string {
  // Wheels of radius 20 roll 240 px/s: 240 / (2 pi 20) turns per second.
  const turn = ((t * 240) / (2 * Math.PI * 20)) * 360;
  const wheel = (x: number) =>
    `<g transform="translate(${x} 414)"><circle r="21" fill="#1f2937"/><circle r="10" fill="#e5e7eb"/>` +
    `<g transform="rotate(${round(turn % 360)})" stroke="#9ca3af" stroke-width="3">` +
    `<path d="M-10 0 L10 0 M0 -10 L0 10"/></g></g>`;
  return `<ellipse cx="180" cy="434" rx="120" ry="8" fill="#374151" opacity="0.4"/>` +
    `<path d="M236 338 L252 300 L262 302 L258 338Z" fill="#e0f2fe" opacity="0.75" stroke="#ffffff" ` +
    `stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M70 372 Q66 340 96 336 L240 334 Q290 336 300 372 L302 400 Q302 414 288 414 L76 414 ` +
    `Q66 414 68 400Z" fill="${PALETTE.pink}"/>` +
    `<path d="M80 352 L292 352" stroke="#f9a8d4" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="286" y="364" width="16" height="10" rx="4" fill="${PALETTE.yellowLight}"/>` +
    `<rect x="64" y="370" width="10" height="12" rx="3" fill="#f43f5e"/>` +
    wheel(112) + wheel(256);
}
