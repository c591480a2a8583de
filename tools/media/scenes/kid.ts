import { PALETTE, round, round2 } from "./kit.ts";

/**
 * The cartoon child of every scene: a big round head with a wide open smile, rosy cheeks and happy
 * eyes, arms that can be thrown up in delight. Drawn around the head's centre, head radius 40.
 */

export type HairStyle = "pigtails" | "short" | "curly" | "ponytail" | "bun" | "spiky" | "long" | "tuft";

export interface KidLook {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  shirt: string;
  pants?: string;
  /** Closed, smiling eyes ("^ ^") read as pure delight; open eyes with highlights as wonder. */
  eyes?: "happy" | "open";
  headphones?: boolean;
  /** A grey bun and glasses instead of a child's hair: grandma. */
  glasses?: boolean;
  helmet?: boolean;
  hat?: "party" | "crown";
}

export interface KidPose {
  x: number;
  y: number;
  scale?: number;
  /** Degrees from hanging down: 0 at the side, 90 straight out, 160 thrown up high. */
  leftArm?: number;
  rightArm?: number;
  tilt?: number;
  /** 0 a closed smile, 1 a wide open singing mouth. */
  mouth?: number;
  /** Hide the legs (the child is behind a table, in a car...). */
  noLegs?: boolean;
  /** Draw only the head (a face in a window). */
  headOnly?: boolean;
}

export const SKIN = ["#f9d3b4", "#e8b48f", "#c68642", "#8d5524", "#f1c27d"];

export function kid(look: KidLook, pose: KidPose): string {
  const scale = pose.scale ?? 1;
  const body = pose.headOnly ? "" : bodyOf(look, pose);
  return `<g transform="translate(${round(pose.x)} ${round(pose.y)}) rotate(${round(pose.tilt ?? 0)}) scale(${
    round2(scale)
  })">${body}${head(look, pose.mouth ?? 0.6)}</g>`;
}

function bodyOf(look: KidLook, pose: KidPose): string {
  const pants = look.pants ?? "#1e3a8a";
  const legs = pose.noLegs ? "" : `<rect x="-24" y="92" width="20" height="40" rx="9" fill="${pants}"/>` +
    `<rect x="4" y="92" width="20" height="40" rx="9" fill="${pants}"/>` +
    `<ellipse cx="-15" cy="132" rx="15" ry="8" fill="#ffffff" stroke="#94a3b8" stroke-width="2"/>` +
    `<ellipse cx="15" cy="132" rx="15" ry="8" fill="#ffffff" stroke="#94a3b8" stroke-width="2"/>`;
  const arm = (side: -1 | 1, angle: number) => {
    // The arm swings about the shoulder; a side of -1 mirrors it to the child's right.
    const radians = (angle * Math.PI) / 180;
    const length = 52;
    const shoulderX = side * 28;
    const shoulderY = 52;
    const handX = shoulderX + side * Math.sin(radians) * length;
    const handY = shoulderY + Math.cos(radians) * length;
    const elbowX = shoulderX + side * Math.sin(radians) * length * 0.5 + side * 6;
    const elbowY = shoulderY + Math.cos(radians) * length * 0.5;
    return `<path d="M${shoulderX} ${shoulderY} Q${round(elbowX)} ${round(elbowY)} ${round(handX)} ${
      round(handY)
    }" stroke="${look.shirt}" stroke-width="17" stroke-linecap="round" fill="none"/>` +
      `<circle cx="${round(handX)}" cy="${round(handY)}" r="10" fill="${look.skin}"/>`;
  };
  return legs +
    arm(-1, pose.rightArm ?? 20) + arm(1, pose.leftArm ?? 20) +
    `<path d="M-32 48 Q-36 100 -30 100 L30 100 Q36 100 32 48 Q0 30 -32 48Z" fill="${look.shirt}"/>` +
    `<path d="M-30 84 L30 84 L30 100 L-30 100Z" fill="${look.shirt}" opacity="0.0"/>` +
    `<circle cx="0" cy="66" r="7" fill="#ffffff" opacity="0.35"/>`;
}

function head(look: KidLook, mouth: number): string {
  const back = hairBack(look);
  const face =
    `<circle cx="-40" cy="4" r="9" fill="${look.skin}"/><circle cx="40" cy="4" r="9" fill="${look.skin}"/>` +
    `<circle cx="0" cy="0" r="40" fill="${look.skin}"/>`;
  const eyes = look.eyes === "open"
    ? `<ellipse cx="-14" cy="-2" rx="5.5" ry="7" fill="${PALETTE.ink}"/>` +
      `<ellipse cx="14" cy="-2" rx="5.5" ry="7" fill="${PALETTE.ink}"/>` +
      `<circle cx="-12" cy="-5" r="2.2" fill="#fff"/><circle cx="16" cy="-5" r="2.2" fill="#fff"/>`
    : `<path d="M-21 0 Q-14 -10 -7 0 M7 0 Q14 -10 21 0" stroke="${PALETTE.ink}" stroke-width="4.5" ` +
      `stroke-linecap="round" fill="none"/>`;
  const cheeks = `<ellipse cx="-24" cy="12" rx="7" ry="4.5" fill="${PALETTE.cheek}" opacity="0.45"/>` +
    `<ellipse cx="24" cy="12" rx="7" ry="4.5" fill="${PALETTE.cheek}" opacity="0.45"/>`;
  // The mouth opens downward from a fixed smile line, so singing never looks like shouting.
  const open = 4 + 14 * mouth;
  const smile =
    `<path d="M-14 12 Q0 ${round(12 + open * 1.5)} 14 12 Q0 16 -14 12Z" fill="${PALETTE.mouth}"/>` +
    `<path d="M-7 ${round(12 + open * 0.9)} Q0 ${round(10 + open * 1.3)} 7 ${round(12 + open * 0.9)} Q0 ${
      round(12 + open * 0.5)
    } -7 ${round(12 + open * 0.9)}Z" fill="${PALETTE.tongue}"/>`;
  const glasses = look.glasses
    ? `<g fill="none" stroke="#6b21a8" stroke-width="3"><circle cx="-14" cy="-2" r="10"/>` +
      `<circle cx="14" cy="-2" r="10"/><path d="M-4 -2 L4 -2"/></g>`
    : "";
  return back + face + hairFront(look) + eyes + cheeks + smile + glasses + extras(look);
}

function hairBack(look: KidLook): string {
  const h = look.hair;
  switch (look.hairStyle) {
    case "pigtails":
      return `<circle cx="-46" cy="-8" r="16" fill="${h}"/><circle cx="46" cy="-8" r="16" fill="${h}"/>` +
        `<circle cx="-36" cy="-18" r="5" fill="${PALETTE.pink}"/><circle cx="36" cy="-18" r="5" ` +
        `fill="${PALETTE.pink}"/>`;
    case "ponytail":
      return `<path d="M30 -20 Q70 -10 56 40 Q52 10 30 0Z" fill="${h}"/>`;
    case "long":
      return `<path d="M-44 -4 Q-50 50 -30 56 L30 56 Q50 50 44 -4Z" fill="${h}"/>`;
    case "bun":
      return `<circle cx="0" cy="-44" r="16" fill="${h}"/>`;
    default:
      return "";
  }
}

function hairFront(look: KidLook): string {
  const h = look.hair;
  switch (look.hairStyle) {
    case "short":
      return `<path d="M-41 -2 Q-44 -44 0 -44 Q44 -44 41 -2 Q34 -22 16 -24 Q4 -14 -12 -24 Q-32 -24 -41 ` +
        `-2Z" fill="${h}"/>`;
    case "spiky":
      return `<path d="M-41 -4 L-38 -30 L-28 -36 L-24 -50 L-10 -40 L0 -54 L10 -40 L24 -50 L28 -36 L38 -30 ` +
        `L41 -4 ` +
        `Q30 -22 0 -24 Q-30 -22 -41 -4Z" fill="${h}" stroke="${h}" stroke-width="4" ` +
        `stroke-linejoin="round"/>`;
    case "curly": {
      let puffs = "";
      for (let index = 0; index < 9; index++) {
        const angle = Math.PI + (index / 8) * Math.PI;
        puffs += `<circle cx="${round(Math.cos(angle) * 36)}" cy="${
          round(Math.sin(angle) * 34 - 4)
        }" r="14" fill="${h}"/>`;
      }
      return puffs;
    }
    case "bun":
      return `<path d="M-41 -2 Q-42 -42 0 -42 Q42 -42 41 -2 Q30 -26 0 -26 Q-30 -26 -41 -2Z" fill="${h}"/>`;
    case "tuft":
      // A baby's single curl.
      return `<path d="M-4 -39 Q-2 -58 12 -54 Q2 -50 6 -40Z" fill="${h}"/>`;
    default:
      // Pigtails, ponytail, long: a fringe swept to one side.
      return `<path d="M-42 2 Q-46 -44 0 -44 Q44 -44 42 2 Q38 -20 20 -26 Q-6 -10 -30 -18 Q-38 -10 -42 2Z" ` +
        `fill="${h}"/>`;
  }
}

function extras(look: KidLook): string {
  let out = "";
  if (look.headphones) {
    out += `<path d="M-44 2 Q-48 -56 0 -56 Q48 -56 44 2" stroke="${PALETTE.violet}" stroke-width="8" ` +
      `fill="none" stroke-linecap="round"/>` +
      `<rect x="-56" y="-14" width="20" height="32" rx="9" fill="${PALETTE.pink}"/>` +
      `<rect x="36" y="-14" width="20" height="32" rx="9" fill="${PALETTE.pink}"/>` +
      `<rect x="-52" y="-8" width="8" height="20" rx="4" fill="${PALETTE.yellow}"/>` +
      `<rect x="44" y="-8" width="8" height="20" rx="4" fill="${PALETTE.yellow}"/>`;
  }
  if (look.hat === "party") {
    out += `<g transform="rotate(-12)"><path d="M-24 -34 L0 -96 L24 -34Z" fill="${PALETTE.yellow}"/>` +
      `<path d="M-17 -52 L17 -52 L13 -62 L-13 -62Z M-8 -75 L8 -75 L5 -83 L-5 -83Z" fill="${PALETTE.pink}"/>` +
      `<circle cx="0" cy="-98" r="8" fill="${PALETTE.pink}"/></g>`;
  }
  if (look.hat === "crown") {
    out += `<path d="M-26 -36 L-30 -68 L-14 -52 L0 -74 L14 -52 L30 -68 L26 -36Z" fill="${PALETTE.yellow}" ` +
      `stroke="#eab308" stroke-width="3" stroke-linejoin="round"/>` +
      `<circle cx="0" cy="-46" r="4.5" fill="${PALETTE.pink}"/><circle cx="-16" cy="-44" r="3.5" ` +
      `fill="${PALETTE.violet}"/>` +
      `<circle cx="16" cy="-44" r="3.5" fill="${PALETTE.violet}"/>`;
  }
  if (look.helmet) {
    out += `<circle cx="0" cy="0" r="52" fill="#e0f2fe" opacity="0.35" stroke="#ffffff" stroke-width="5"/>` +
      `<path d="M-30 -30 Q-20 -42 -4 -44" stroke="#ffffff" stroke-width="5" fill="none" ` +
      `stroke-linecap="round" ` +
      `opacity="0.8"/>`;
  }
  return out;
}
