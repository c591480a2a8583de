import type { Scene } from "../render.ts";
import { OG_IMAGE } from "../specs.ts";
import { linearGradient, musicNote, PALETTE, sparkle, star, title, vinylRecord } from "./kit.ts";
import { kid } from "./kid.ts";

/**
 * The social-share card: the name and the promise on the left, the hero's child with headphones in
 * front of a record on the right. Big type, so it still reads as a small preview in a chat.
 */
const { width: WIDTH, height: HEIGHT } = OG_IMAGE;

export const ogScene: Scene = {
  width: WIDTH,
  height: HEIGHT,
  draw: () =>
    `<defs>${linearGradient("og-bg", [PALETTE.violet, "#c026d3", PALETTE.pink], false)}</defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#og-bg)"/>` +
    `<circle cx="930" cy="330" r="330" fill="${PALETTE.yellow}" opacity="0.22"/>` +
    `<circle cx="120" cy="600" r="160" fill="#ffffff" opacity="0.08"/>` +
    vinylRecord(930, 300, 1.35, 20) +
    kid(
      {
        skin: "#f1c27d",
        hair: "#3b2314",
        hairStyle: "curly",
        shirt: PALETTE.yellow,
        pants: "#5b21b6",
        headphones: true,
      },
      { x: 930, y: 330, scale: 1.9, tilt: 6, leftArm: 150, rightArm: 140, mouth: 1 },
    ) +
    musicNote(700, 150, 64, "#ffffff", { rotation: -10 }) +
    musicNote(1110, 130, 60, PALETTE.yellowLight, { beamed: true, rotation: 10 }) +
    musicNote(1130, 470, 50, "#ffffff", { rotation: 8, opacity: 0.9 }) +
    star(1050, 560, 22, PALETTE.yellow, 10) + sparkle(700, 520, 18, "#ffffff") +
    star(760, 80, 14, "#ffffff") +
    title("Little Hits", 340, 290, 112, { shadow: "rgba(59, 7, 100, 0.35)" }) +
    title("Personalized songs", 340, 396, 54, { outline: PALETTE.violetDark }) +
    title("for kids", 340, 466, 54, { outline: PALETTE.violetDark }) +
    star(150, 540, 14, PALETTE.yellow, 0) + star(340, 548, 18, PALETTE.yellow, 0) +
    star(530, 540, 14, PALETTE.yellow, 0),
};
