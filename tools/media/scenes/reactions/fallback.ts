import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { hop, musicNote, PALETTE, star, wave } from "../kit.ts";
import { kid, SKIN } from "../kid.ts";
import {
  background,
  beatOf,
  portrait,
  type ReactionMusic,
  type ReactionPlaceholder,
  songTitle,
} from "./frame.ts";

/**
 * For a reaction item without a scene of its own (one added to `domain/site/reactions.ts` later): a child
 * dancing under floating notes, so a new item still gets a fitting placeholder.
 */
export function fallback(item: ReactionVideo, index: number): ReactionPlaceholder {
  const music: ReactionMusic = {
    bars: 4,
    beatsPerBar: 4,
    tonic: 72,
    progression: [0, 9, 7, 0],
    voice: "bell",
    drums: "pop",
  };
  const beat = beatOf(music);
  return {
    music,
    scene: portrait((t) => {
      let notes = "";
      for (let n = 0; n < 5; n++) {
        const color = n % 2 ? PALETTE.yellow : PALETTE.white;
        notes += musicNote(40 + n * 70, 150 + 24 * wave(t, 4.5, n / 5), 28, color, { beamed: n % 3 === 0 });
      }
      return background(`bg-${item.id}`, [PALETTE.violet, PALETTE.pink, "#fde68a"]) + notes +
        star(54, 420, 18, PALETTE.yellow, t * 40) + star(310, 390, 14, PALETTE.white, -t * 40) +
        kid({ skin: SKIN[index % SKIN.length], hair: "#5b3a1a", hairStyle: "short", shirt: PALETTE.yellow }, {
          x: 180,
          y: 270 - hop(t, beat) * 18,
          scale: 1.1,
          leftArm: 150 + 12 * wave(t, beat * 2),
          rightArm: 150 - 12 * wave(t, beat * 2),
          mouth: 0.4 + 0.6 * hop(t, beat),
        }) + songTitle(item);
    }),
  };
}
