import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { heart, hop, PALETTE, round, star, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** The best big sister: crowned, in a burst of light, stars circling, the baby bouncing with joy. */
export function bigSister(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 4,
    beatsPerBar: 4,
    tonic: 72,
    progression: [0, 5, 7, 0],
    voice: "bell",
    drums: "pop",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      const sisterY = 262 - 10 * hop(t, beat * 2);
      return background(`bg-${item.id}`, ["#7c3aed", "#ec4899", "#fde68a"]) +
        burst(150, 270, t) + orbitingStars(150, sisterY - 20, t) +
        kid(
          {
            skin: "#c68642",
            hair: "#1c1917",
            hairStyle: "long",
            shirt: PALETTE.violet,
            pants: "#1e3a8a",
            hat: "crown",
          },
          {
            x: 140,
            y: sisterY,
            scale: 0.98,
            tilt: 5 * wave(t, beat * 4),
            leftArm: 95 + 8 * wave(t, beat * 2),
            rightArm: 160 + 8 * wave(t, beat),
            mouth: 0.45 + 0.55 * hop(t, beat),
          },
        ) +
        star(140 + 5 * wave(t, beat * 4) * 0, sisterY + 68, 11, PALETTE.yellow, 0) +
        `<rect x="0" y="420" width="360" height="60" fill="#fde68a"/>` +
        `<rect x="0" y="420" width="360" height="6" fill="#fcd34d"/>` +
        baby(t, beat) + floatingHearts(t) +
        songTitle(item);
    }),
  };
}

/** Rays of light turning slowly behind the big sister: she is the star of this song. */
function burst(x: number, y: number, t: number): string {
  let rays = "";
  for (let index = 0; index < 12; index++) {
    const angle = index * 30;
    rays += `<path d="M0 0 L-26 -300 L26 -300Z" transform="rotate(${angle})"/>`;
  }
  return `<g transform="translate(${x} ${y}) rotate(${round((t / 9) * 60)})" fill="#ffffff" opacity="0.14">` +
    `${rays}</g><circle cx="${x}" cy="${y}" r="90" fill="#ffffff" opacity="0.12"/>`;
}

function orbitingStars(x: number, y: number, t: number): string {
  let out = "";
  for (let index = 0; index < 4; index++) {
    const angle = (t / 4.5) * Math.PI * 2 + (index / 4) * Math.PI * 2;
    out += star(
      x + Math.cos(angle) * 92,
      y + Math.sin(angle) * 40 - 30,
      10 + 3 * (index % 2),
      index % 2 ? "#ffffff" : PALETTE.yellow,
      (t / 4.5) * 360,
    );
  }
  return out;
}

/** The little one: sitting, arms up, bouncing a beat behind the sister. */
function baby(t: number, beat: number): string {
  const y = 368 - 12 * hop(t, beat, 0.5);
  return `<ellipse cx="270" cy="426" rx="44" ry="7" fill="#d97706" opacity="0.3"/>` +
    kid(
      { skin: "#c68642", hair: "#1c1917", hairStyle: "tuft", shirt: "#fef3c7", eyes: "open" },
      {
        x: 270,
        y,
        scale: 0.6,
        tilt: -6 * wave(t, beat * 2),
        leftArm: 150 + 15 * wave(t, beat),
        rightArm: 150 - 15 * wave(t, beat),
        mouth: 0.7,
        noLegs: true,
      },
    ) +
    `<ellipse cx="258" cy="${round(y + 58)}" rx="10" ry="7" fill="#fef3c7"/>` +
    `<ellipse cx="284" cy="${round(y + 58)}" rx="10" ry="7" fill="#fef3c7"/>`;
}

function floatingHearts(t: number): string {
  let out = "";
  for (let index = 0; index < 3; index++) {
    const rise = (t / 3 + index / 3) % 1;
    out += heart(
      300 + 16 * wave(t, 1.5, index / 3) - index * 14,
      330 - 150 * rise,
      16 + 6 * index,
      index % 2 ? "#ffffff" : PALETTE.pink,
      0,
      Math.sin(rise * Math.PI),
    );
  }
  return out;
}
