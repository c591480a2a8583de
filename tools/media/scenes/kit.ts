/**
 * Drawing pieces shared by the scenes: SVG markup builders that take a position and a time and
 * return a string. Emoji are deliberately not used (their font may be missing): everything is shapes.
 */

export const PALETTE = {
  violet: "#7c3aed",
  violetDark: "#5b21b6",
  violetLight: "#c4b5fd",
  pink: "#ec4899",
  pinkLight: "#fbcfe8",
  yellow: "#facc15",
  yellowLight: "#fef08a",
  white: "#ffffff",
  ink: "#3b0764",
  mouth: "#7f1d1d",
  tongue: "#fb7185",
  cheek: "#fb7185",
};

const TAU = Math.PI * 2;

/** A wave that repeats every `period` seconds, from -1 to 1: the building block of every loop. */
export function wave(t: number, period: number, phase = 0): number {
  return Math.sin(TAU * (t / period + phase));
}

/** A bounce that repeats every `period` seconds: 0 on the ground, 1 at the top, never below. */
export function hop(t: number, period: number, phase = 0): number {
  return Math.abs(Math.sin(Math.PI * (t / period + phase)));
}

/** Where a repeating motion is in its cycle, 0 to 1. */
export function cycle(t: number, period: number, phase = 0): number {
  const value = t / period + phase;
  return value - Math.floor(value);
}

/** Coordinates to 0.1 px: shorter markup, and the same text for the same picture. */
export function round(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Scale factors to 0.01. */
export function round2(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

/**
 * Big rounded display type: a thick outline drawn under the fill with round joins softens the
 * corners of DejaVu Sans Bold into a friendly, sticker-like look.
 */
export function title(
  text: string,
  x: number,
  y: number,
  size: number,
  options: { fill?: string; outline?: string; outlineWidth?: number; shadow?: string } = {},
): string {
  const fill = options.fill ?? PALETTE.white;
  const outline = options.outline ?? PALETTE.violet;
  const width = options.outlineWidth ?? size * 0.28;
  const common = `x="${round(x)}" text-anchor="middle" font-size="${size}" font-weight="700" ` +
    `stroke-linejoin="round" stroke-linecap="round" letter-spacing="${round(size * -0.02)}"`;
  const shadow = options.shadow
    ? `<text ${common} y="${round(y + size * 0.08)}" fill="${options.shadow}" stroke="${options.shadow}" ` +
      `stroke-width="${round(width)}">${escapeText(text)}</text>`
    : "";
  return shadow +
    `<text ${common} y="${round(y)}" fill="${fill}" stroke="${outline}" stroke-width="${round(width)}" ` +
    `paint-order="stroke">${escapeText(text)}</text>`;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A five-pointed star with soft (round-joined) points. */
export function star(
  cx: number,
  cy: number,
  radius: number,
  fill: string,
  rotation = 0,
  opacity = 1,
): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const length = index % 2 === 0 ? radius : radius * 0.48;
    const angle = (index / 10) * TAU - Math.PI / 2 + (rotation * Math.PI) / 180;
    points.push(`${round(cx + length * Math.cos(angle))},${round(cy + length * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}" stroke="${fill}" stroke-width="${
    round(radius * 0.25)
  }" stroke-linejoin="round" opacity="${round(opacity)}"/>`;
}

/** A four-pointed twinkle, for sparkles and glitter. */
export function sparkle(cx: number, cy: number, radius: number, fill: string, opacity = 1): string {
  const r = radius;
  const w = radius * 0.22;
  return `<path d="M${round(cx)} ${round(cy - r)} Q${round(cx + w)} ${round(cy - w)} ${round(cx + r)} ${
    round(cy)
  } Q${round(cx + w)} ${round(cy + w)} ${round(cx)} ${round(cy + r)} Q${round(cx - w)} ${round(cy + w)} ${
    round(cx - r)
  } ${round(cy)} Q${round(cx - w)} ${round(cy - w)} ${round(cx)} ${round(cy - r)}Z" fill="${fill}" opacity="${
    round(opacity)
  }"/>`;
}

export function heart(cx: number, cy: number, size: number, fill: string, rotation = 0, opacity = 1): string {
  const place = `translate(${round(cx)} ${round(cy)}) rotate(${round(rotation)}) scale(${round2(size / 20)})`;
  return `<path transform="${place}" ` +
    `d="M0 8 C-12 0 -14 -10 -7 -13 C-3 -15 0 -12 0 -9 C0 -12 3 -15 7 -13 C14 -10 12 0 0 8Z" ` +
    `fill="${fill}" opacity="${round(opacity)}"/>`;
}

/** An eighth note (one flag) or, with `beamed`, two eighths joined by a beam. */
export function musicNote(
  x: number,
  y: number,
  size: number,
  fill: string,
  options: { beamed?: boolean; rotation?: number; opacity?: number } = {},
): string {
  const head = `<ellipse cx="0" cy="0" rx="7" ry="5.2" transform="rotate(-22)"/>`;
  const body = options.beamed
    ? `${head}<ellipse cx="18" cy="-4" rx="7" ry="5.2" transform="rotate(-22 18 -4)"/>` +
      `<rect x="4.6" y="-28" width="3" height="27"/><rect x="22.6" y="-32" width="3" height="27"/>` +
      `<path d="M4.6 -28 L25.6 -32 L25.6 -26 L4.6 -22Z"/>`
    : `${head}<rect x="4.6" y="-30" width="3" height="29"/>` +
      `<path d="M7.6 -30 C9 -22 19 -20 15 -8 C16 -16 11 -19 7.6 -20Z"/>`;
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(options.rotation ?? 0)}) scale(${
    round2(size / 30)
  })" fill="${fill}" opacity="${round(options.opacity ?? 1)}">${body}</g>`;
}

/** A soft, puffy cloud. */
export function cloud(cx: number, cy: number, width: number, fill = "#ffffff", opacity = 1): string {
  const s = width / 100;
  return `<g transform="translate(${round(cx)} ${round(cy)}) scale(${round2(s)})" fill="${fill}" ` +
    `opacity="${round(opacity)}"><ellipse cx="0" cy="6" rx="50" ry="16"/><circle cx="-20" cy="-2" r="20"/>` +
    `<circle cx="8" cy="-10" r="26"/><circle cx="32" cy="2" r="16"/></g>`;
}

/** Confetti bits falling in a loop of `period` seconds: deterministic positions from the index. */
export function confetti(
  t: number,
  period: number,
  count: number,
  width: number,
  height: number,
  colors: string[],
): string {
  let out = "";
  for (let index = 0; index < count; index++) {
    const phase = (index * 0.618) % 1;
    const progress = cycle(t, period, phase);
    const x = ((index * 97) % width) + 10 * wave(t, period / 2, phase);
    const y = -20 + progress * (height + 40);
    const spin = (progress * 720 + index * 40) % 360;
    const color = colors[index % colors.length];
    out += index % 3 === 0
      ? `<circle cx="${round(x)}" cy="${round(y)}" r="3.5" fill="${color}"/>`
      : `<rect x="${round(x - 4)}" y="${round(y - 2)}" width="8" height="4" rx="1" fill="${color}" ` +
        `transform="rotate(${round(spin)} ${round(x)} ${round(y)})"/>`;
  }
  return out;
}

export function linearGradient(id: string, stops: string[], vertical = true): string {
  const end = vertical ? `x2="0" y2="1"` : `x2="1" y2="0"`;
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}>${
    stops.map((color, index) =>
      `<stop offset="${round((index / (stops.length - 1)) * 100)}%" stop-color="${color}"/>`
    )
      .join("")
  }</linearGradient>`;
}

/**
 * A vinyl record of radius 168 × `scale`, turned `turn` degrees. The grooves are circles, so only the
 * label and two stickers near the rim show the spin (and cost the encoder anything).
 */
export function vinylRecord(x: number, y: number, scale: number, turn: number): string {
  let grooves = "";
  for (let radius = 70; radius <= 160; radius += 12) {
    grooves += `<circle r="${radius}" fill="none" stroke="#4c1d95" stroke-width="2" opacity="0.7"/>`;
  }
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round2(scale)})">` +
    `<circle r="178" fill="#ffffff" opacity="0.12"/>` +
    `<circle r="168" fill="#2e1065"/>${grooves}` +
    `<path d="M-120 -100 A156 156 0 0 1 40 -150" stroke="#ffffff" stroke-width="10" fill="none" ` +
    `stroke-linecap="round" opacity="0.16"/>` +
    `<g transform="rotate(${round(turn)})">${star(0, -132, 11, PALETTE.yellow)}${
      star(0, 132, 11, PALETTE.pinkLight)
    }` +
    `<circle r="58" fill="${PALETTE.pink}"/>` +
    `<path d="M0 -58 A58 58 0 0 1 58 0 L0 0Z" fill="${PALETTE.yellow}"/>` +
    `<path d="M0 58 A58 58 0 0 1 -58 0 L0 0Z" fill="${PALETTE.yellow}"/>` +
    `<circle r="8" fill="#2e1065"/></g></g>`;
}
