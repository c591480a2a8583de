import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cloud, cycle, hop, PALETTE, round, round2, star, title, wave } from "../kit.ts";
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
 * Goal! The ball flies into the net every three seconds and the child celebrates. The cycle starts
 * with the ball in the net and "GOAL!" up, so the first frame (the thumbnail) tells the story.
 */
export function soccer(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 5,
    beatsPerBar: 4,
    tonic: 74,
    progression: [0, 5, 0, 7, 0],
    voice: "bell",
    drums: "march",
  };
  const beat = beatOf(music);
  const period = 3;
  return {
    music,
    scene: portrait((t) => {
      // Starting a little into the cycle puts the finished goal, not an empty net, in the first frame.
      const phase = cycle(t, period, 0.12);
      const celebrating = phase < 0.5;
      return background(`bg-${item.id}`, ["#7c3aed", "#a78bfa", "#ddd6fe"]) +
        cloud(60, 150, 90, "#ffffff", 0.8) + cloud(250 + 10 * wave(t, 9), 110, 70, "#ffffff", 0.7) +
        field() + goal(phase) + ball(phase) +
        kid(
          {
            skin: "#8d5524",
            hair: "#1c1917",
            hairStyle: "curly",
            shirt: PALETTE.yellow,
            pants: "#ffffff",
            // Eyes wide on the ball before the kick, squeezed shut with joy after the goal.
            eyes: celebrating ? "happy" : "open",
          },
          {
            x: 96,
            y: 300 - (celebrating ? 26 * hop(t, beat) : 0),
            scale: 0.88,
            tilt: celebrating ? 6 * wave(t, beat * 2) : -4,
            leftArm: celebrating ? 138 + 10 * wave(t, beat) : 40,
            rightArm: celebrating ? 138 - 10 * wave(t, beat) : 30,
            mouth: celebrating ? 1 : 0.4,
          },
        ) +
        (celebrating ? goalBurst(phase, t) : "") +
        songTitle(item, { outline: "#15803d" });
    }),
  };
}

function field(): string {
  let stripes = "";
  for (let index = 0; index < 6; index++) {
    stripes += `<rect x="${index * 60}" y="300" width="60" height="180" fill="${
      index % 2 ? "#22c55e" : "#4ade80"
    }"/>`;
  }
  return stripes +
    `<path d="M0 300 L360 300" stroke="#ffffff" stroke-width="4" opacity="0.8"/>` +
    `<ellipse cx="120" cy="440" rx="90" ry="26" fill="none" stroke="#ffffff" stroke-width="4" ` +
    `opacity="0.7"/>`;
}

/** The goal's frame and net; the net bulges back for a moment when the ball lands. */
function goal(phase: number): string {
  const bulge = phase < 0.2 ? 10 * Math.sin((phase / 0.2) * Math.PI) : 0;
  let net = "";
  for (let x = 208; x <= 332; x += 12) {
    net += `<path d="M${x} 204 Q${round(x + bulge * 0.4)} 250 ${x} 300"/>`;
  }
  for (let y = 214; y <= 296; y += 12) {
    net += `<path d="M204 ${y} Q270 ${round(y + bulge)} 336 ${y}"/>`;
  }
  return `<g stroke="#ffffff" stroke-width="1.5" opacity="0.75" fill="none">${net}</g>` +
    `<path d="M200 304 L200 200 L340 200 L340 304" stroke="#ffffff" stroke-width="8" fill="none" ` +
    `stroke-linejoin="round" stroke-linecap="round"/>`;
}

/** In the net, then back at the child's feet, then kicked in a high arc into the net again. */
function ball(phase: number): string {
  let x: number;
  let y: number;
  let spin: number;
  let opacity = 1;
  if (phase < 0.45) {
    // Settling in the net with a small bounce.
    const settle = phase / 0.45;
    x = 296;
    y = 284 - 16 * Math.abs(Math.sin(settle * Math.PI * 2)) * (1 - settle);
    spin = 60 * settle;
  } else if (phase < 0.55) {
    x = phase < 0.5 ? 296 : 150;
    y = phase < 0.5 ? 284 : 420;
    opacity = Math.abs(phase - 0.5) / 0.05;
    spin = 0;
  } else if (phase < 0.7) {
    x = 150;
    y = 420;
    spin = 0;
  } else {
    const flight = (phase - 0.7) / 0.3;
    x = 150 + (296 - 150) * flight;
    y = 420 + (284 - 420) * flight - 150 * Math.sin(flight * Math.PI);
    spin = 540 * flight;
  }
  return `<ellipse cx="${round(x)}" cy="${phase < 0.45 ? 298 : 434}" rx="16" ry="4" fill="#14532d" ` +
    `opacity="${round(0.3 * opacity)}"/>` +
    `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(spin)})" opacity="${round(opacity)}">` +
    `<circle r="16" fill="#ffffff" stroke="#1f2937" stroke-width="2"/>` +
    `<polygon points="0,-6 5.7,-1.9 3.5,4.9 -3.5,4.9 -5.7,-1.9" fill="#1f2937"/>` +
    `<path d="M0 -6 L0 -15 M5.7 -1.9 L14 -5 M3.5 4.9 L9 12 M-3.5 4.9 L-9 12 M-5.7 -1.9 L-14 -5" ` +
    `stroke="#1f2937" stroke-width="2"/></g>`;
}

function goalBurst(phase: number, t: number): string {
  const pop = Math.min(1, phase / 0.08);
  const scale = pop * (1 + 0.06 * Math.sin(t * 12));
  let stars = "";
  for (let index = 0; index < 6; index++) {
    const angle = (index / 6) * Math.PI * 2 + phase * 2;
    const distance = 70 + 30 * phase;
    stars += star(
      270 + Math.cos(angle) * distance,
      156 + Math.sin(angle) * distance * 0.6,
      9,
      index % 2 ? "#ffffff" : PALETTE.yellow,
      phase * 300,
      1 - phase * 1.6,
    );
  }
  return stars + `<g transform="translate(260 168) scale(${round2(scale)}) rotate(-8)">` +
    title("GOAL!", 0, 0, 50, {
      fill: PALETTE.yellow,
      outline: PALETTE.violet,
      shadow: "rgba(59,7,100,0.3)",
    }) +
    "</g>";
}
