import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { cloud, cycle, hop, PALETTE, round, sparkle, wave } from "../kit.ts";
import { kid } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/** Zoe and the unicorn: a prancing unicorn under a rainbow, glitter twinkling all around. */
export function unicorn(item: ReactionVideo): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 4,
    beatsPerBar: 4,
    tonic: 77,
    progression: [0, 9, 7, 0],
    voice: "bell",
    drums: "shaker",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      return background(`bg-${item.id}`, ["#a78bfa", "#f5d0fe", "#fef9c3"]) +
        rainbow() +
        cloud(44 + 6 * wave(t, 4.5), 318, 110) + cloud(320 - 6 * wave(t, 4.5), 318, 110) +
        `<path d="M-20 420 Q180 380 380 420 L380 480 L-20 480Z" fill="#bbf7d0"/>` +
        `<path d="M-20 444 Q180 416 380 444 L380 480 L-20 480Z" fill="#86efac"/>` +
        unicornShape(258, 432, t, beat) +
        kid(
          { skin: "#f9d3b4", hair: "#facc15", hairStyle: "pigtails", shirt: PALETTE.pink, pants: "#7c3aed" },
          {
            x: 92,
            y: 292 - 18 * hop(t, beat),
            scale: 0.82,
            tilt: 6 * wave(t, beat * 2),
            leftArm: 150 + 14 * wave(t, beat * 2),
            rightArm: 150 - 14 * wave(t, beat * 2),
            mouth: 0.5 + 0.5 * hop(t, beat),
          },
        ) +
        glitter(t) +
        songTitle(item, { outline: "#c026d3" });
    }),
  };
}

function rainbow(): string {
  const colors = ["#fca5a5", "#fdba74", "#fde047", "#86efac", "#93c5fd", "#c4b5fd"];
  return colors.map((color, index) =>
    `<path d="M${30 + index * 14} 330 A${150 - index * 14} ${150 - index * 14} 0 0 1 ${
      330 - index * 14
    } 330" ` +
    `stroke="${color}" stroke-width="15" fill="none"/>`
  ).join("");
}

function glitter(t: number): string {
  let out = "";
  const colors = ["#ffffff", PALETTE.yellow, "#f0abfc", "#a5f3fc"];
  for (let index = 0; index < 16; index++) {
    const x = (index * 113) % 340 + 10;
    const y = 100 + ((index * 71) % 320);
    const twinkle = Math.max(0, Math.sin(2 * Math.PI * cycle(t, 1.5, index * 0.37)));
    out += sparkle(x, y, 4 + 6 * twinkle, colors[index % colors.length], twinkle);
  }
  return out;
}

/** A white unicorn facing left, hooves on (x, y); front legs prance in turn, mane and tail bounce. */
function unicornShape(x: number, y: number, t: number, beat: number): string {
  const step = cycle(t, beat * 2);
  const frontA = step < 0.5 ? 18 * Math.sin(step * 2 * Math.PI) : 0;
  const frontB = step >= 0.5 ? 18 * Math.sin((step - 0.5) * 2 * Math.PI) : 0;
  const bob = 6 * hop(t, beat);
  const white = "#ffffff";
  const shade = "#f3e8ff";
  const leg = (legX: number, lift: number, fill: string) =>
    `<g transform="translate(${legX} 0) rotate(${round(-lift)} 0 -66)">` +
    `<rect x="-8" y="-70" width="16" height="62" rx="7" fill="${fill}"/>` +
    `<rect x="-9" y="-14" width="18" height="12" rx="4" fill="#c4b5fd"/></g>`;
  const maneColors = [PALETTE.pink, "#a78bfa", "#7dd3fc", PALETTE.yellow, "#f472b6"];
  let mane = "";
  [[-34, -178], [-20, -160], [-10, -140], [-2, -120], [4, -102]].forEach(([mx, my], index) => {
    mane += `<circle cx="${round(mx + 3 * wave(t, beat * 2, index * 0.2))}" cy="${my}" r="15" ` +
      `fill="${maneColors[index]}"/>`;
  });
  const tailSwing = 14 * wave(t, beat * 2);
  const tail = `<g transform="translate(58 -96) rotate(${round(tailSwing)})">` +
    `<path d="M0 0 Q40 -10 36 40 Q30 70 44 84" stroke="${PALETTE.pink}" stroke-width="14" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M0 4 Q30 6 24 44 Q20 66 30 80" stroke="#a78bfa" stroke-width="10" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M0 -2 Q48 -24 50 24" stroke="#7dd3fc" stroke-width="9" fill="none" ` +
    `stroke-linecap="round"/></g>`;
  // The white body is drawn twice: first fattened in lavender as an outline that has no seams where
  // the pieces overlap, then in white, so it stands out against the white clouds.
  const silhouette = (fill: string, outline: number) => {
    const stroke = outline ? ` stroke="${fill}" stroke-width="${outline}" stroke-linejoin="round"` : "";
    return `<ellipse cx="6" cy="-96" rx="64" ry="38" fill="${fill}"${stroke}/>` +
      `<path d="M-48 -110 Q-56 -150 -54 -172 L-20 -160 Q-22 -130 -12 -100Z" fill="${fill}"${stroke}/>` +
      `<g transform="translate(-62 -170) rotate(-18)"><path d="M22 -20 L34 -40 L36 -14Z" ` +
      `fill="${fill}"${stroke}/>` +
      `<ellipse cx="0" cy="0" rx="34" ry="26" fill="${fill}"${stroke}/>` +
      `<ellipse cx="-26" cy="8" rx="16" ry="14" fill="${fill}"${stroke}/></g>`;
  };
  return `<g transform="translate(${x} ${y})"><ellipse cx="0" cy="-2" rx="74" ry="9" fill="#16a34a" ` +
    `opacity="0.25"/>` +
    `<g transform="translate(0 ${round(-bob)})">` +
    leg(40, 0, shade) + leg(-40, frontB, shade) + tail +
    silhouette("#ddd6fe", 7) +
    leg(22, 0, white) + leg(-24, frontA, white) +
    silhouette(white, 0) +
    mane +
    `<g transform="translate(-62 -170) rotate(-18)">` +
    `<path d="M8 -22 L16 -72 L24 -20Z" fill="${PALETTE.yellow}" stroke="#eab308" stroke-width="2" ` +
    `stroke-linejoin="round"/>` +
    `<path d="M11 -36 L21 -40 M13 -50 L19 -53" stroke="#eab308" stroke-width="2.5"/>` +
    `<ellipse cx="-26" cy="8" rx="16" ry="14" fill="#fce7f3"/>` +
    `<circle cx="-32" cy="6" r="2.5" fill="#db2777"/>` +
    `<path d="M-2 -4 Q5 -11 12 -4" stroke="${PALETTE.ink}" stroke-width="3.5" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M-2 -6 L-5 -11 M4 -9 L4 -14" stroke="${PALETTE.ink}" stroke-width="2" ` +
    `stroke-linecap="round"/>` +
    `<ellipse cx="6" cy="8" rx="6" ry="4" fill="${PALETTE.cheek}" opacity="0.5"/>` +
    `<path d="M-34 16 Q-24 22 -16 16" stroke="#db2777" stroke-width="2.5" fill="none" ` +
    `stroke-linecap="round"/></g>` +
    "</g></g>";
}
