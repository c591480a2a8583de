import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cycle, musicNote, PALETTE, round, sparkle, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** A bedtime lullaby: a sleepy moon, twinkling stars, the child swaying in bed and the cat purring. */
export function bedtime(item: ReactionVideo): ReactionPlaceholder {
  // A slow waltz on a soft whistle, with no drums: a lullaby.
  const music: ReactionMusic = {
    bars: 4,
    beatsPerBar: 3,
    tonic: 72,
    progression: [0, 5, 7, 0],
    voice: "flute",
    drums: "none",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      const sway = wave(t, beat * 6);
      return background(`bg-${item.id}`, ["#1e1b4b", "#4c1d95", "#7c3aed"]) +
        stars(t) + moon(t) + floatingNotes(t) +
        bed() +
        kid(
          { skin: "#f1c27d", hair: "#7c2d12", hairStyle: "long", shirt: "#93c5fd", eyes: "happy" },
          {
            x: 150 + 6 * sway,
            y: 292,
            scale: 0.9,
            tilt: 7 * sway,
            leftArm: 70 + 20 * wave(t, beat * 3),
            rightArm: 150 + 10 * sway,
            mouth: 0.25 + 0.35 * Math.abs(wave(t, beat * 2)),
            noLegs: true,
          },
        ) +
        blanket() + cat(272, 392, t, beat) + sleepyZs(t) +
        songTitle(item, { outline: "#6d28d9" });
    }),
  };
}

function stars(t: number): string {
  let out = "";
  for (let index = 0; index < 22; index++) {
    const x = (index * 137) % 350 + 5;
    const y = 90 + ((index * 89) % 230);
    const twinkle = 0.35 + 0.65 * Math.abs(wave(t, 3, index * 0.13));
    out += sparkle(x, y, 3 + (index % 3) * 2, index % 4 === 0 ? PALETTE.yellowLight : "#ffffff", twinkle);
  }
  return out;
}

/** A crescent moon (a disc minus a disc) with a sleeping face, rocking gently. */
function moon(t: number): string {
  return `<g transform="translate(286 150) rotate(${round(6 * wave(t, 4.5))})">` +
    `<circle cx="0" cy="0" r="62" fill="${PALETTE.yellowLight}" opacity="0.12"/>` +
    // The crescent is the moon's disc with a smaller, offset disc masked away.
    `<mask id="moon-cut"><rect x="-60" y="-60" width="120" height="120" fill="#fff"/>` +
    `<circle cx="30" cy="-16" r="36" fill="#000"/></mask>` +
    `<circle cx="0" cy="0" r="46" fill="${PALETTE.yellowLight}" mask="url(#moon-cut)"/>` +
    `<path d="M-22 -6 Q-15 0 -8 -6" stroke="${PALETTE.ink}" stroke-width="3" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M-20 12 Q-14 18 -8 12" stroke="${PALETTE.ink}" stroke-width="3" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<ellipse cx="-28" cy="6" rx="5" ry="3" fill="${PALETTE.cheek}" opacity="0.5"/></g>`;
}

function floatingNotes(t: number): string {
  let out = "";
  for (let index = 0; index < 3; index++) {
    const progress = cycle(t, 4.5, index / 3);
    out += musicNote(
      70 + index * 50 + 14 * wave(t, 3, index / 3),
      250 - 140 * progress,
      22,
      "#ffffff",
      { opacity: Math.sin(progress * Math.PI) * 0.85, beamed: index === 1 },
    );
  }
  return out;
}

function bed(): string {
  return `<rect x="28" y="250" width="304" height="240" rx="40" fill="#5b21b6"/>` +
    `<rect x="44" y="266" width="272" height="200" rx="30" fill="#6d28d9"/>` +
    `<ellipse cx="150" cy="352" rx="78" ry="28" fill="#ffffff"/>`;
}

function blanket(): string {
  let dots = "";
  for (let index = 0; index < 12; index++) {
    dots +=
      `<circle cx="${30 + (index % 6) * 58 + (index > 5 ? 29 : 0)}" cy="${410 + (index > 5 ? 36 : 0)}" ` +
      `r="5" fill="#ffffff" opacity="0.6"/>`;
  }
  return `<path d="M0 380 Q90 362 180 374 Q270 386 360 370 L360 480 L0 480Z" fill="#f9a8d4"/>` +
    `<path d="M0 380 Q90 362 180 374 Q270 386 360 370 L360 386 Q270 402 180 390 Q90 378 0 396Z" ` +
    `fill="#fbcfe8"/>` + dots;
}

/** Mittens: a grey cat sitting on the blanket, eyes shut, tail swishing to the lullaby. */
function cat(x: number, y: number, t: number, beat: number): string {
  const swish = 18 * wave(t, beat * 3);
  const grey = "#9ca3af";
  const light = "#e5e7eb";
  return `<g transform="translate(${x} ${y})">` +
    `<path transform="rotate(${round(swish)} 26 -10)" d="M26 -10 Q62 -20 58 -56 Q56 -66 48 -62" ` +
    `stroke="${grey}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="0" cy="-30" rx="34" ry="38" fill="${grey}"/>` +
    `<ellipse cx="0" cy="-22" rx="18" ry="24" fill="${light}"/>` +
    `<ellipse cx="-14" cy="4" rx="11" ry="7" fill="#ffffff"/><ellipse cx="14" cy="4" rx="11" ry="7" ` +
    `fill="#ffffff"/>` +
    `<g transform="translate(0 -78) rotate(${round(5 * wave(t, beat * 6))})">` +
    `<path d="M-26 -12 L-24 -40 L-6 -24Z M26 -12 L24 -40 L6 -24Z" fill="${grey}"/>` +
    `<path d="M-21 -18 L-20 -32 L-10 -24Z M21 -18 L20 -32 L10 -24Z" fill="${PALETTE.pinkLight}"/>` +
    `<circle cx="0" cy="0" r="28" fill="${grey}"/>` +
    `<path d="M-16 -2 Q-10 4 -4 -2 M4 -2 Q10 4 16 -2" stroke="${PALETTE.ink}" stroke-width="3" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M-3 6 L3 6 L0 10Z" fill="${PALETTE.pink}"/>` +
    `<path d="M0 10 Q-4 15 -8 12 M0 10 Q4 15 8 12" stroke="${PALETTE.ink}" stroke-width="2" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M-12 8 L-32 4 M-12 11 L-32 13 M12 8 L32 4 M12 11 L32 13" stroke="#ffffff" stroke-width="1.5" ` +
    `opacity="0.8"/></g></g>`;
}

function sleepyZs(t: number): string {
  let out = "";
  for (let index = 0; index < 3; index++) {
    const progress = cycle(t, 3, index / 3);
    out +=
      `<text x="${round(300 + 24 * progress + 6 * wave(t, 1.5, index / 3))}" y="${
        round(290 - 70 * progress)
      }" ` +
      `font-size="${round(14 + 12 * progress)}" font-weight="700" fill="#ffffff" ` +
      `opacity="${round(Math.sin(progress * Math.PI) * 0.9)}">z</text>`;
  }
  return out;
}
