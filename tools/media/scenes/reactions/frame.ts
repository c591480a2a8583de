import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import type { TuneOptions } from "../../audio.ts";
import type { Scene } from "../../render.ts";
import { REACTION_VIDEO } from "../../specs.ts";
import { linearGradient, PALETTE, title } from "../kit.ts";

/**
 * What every reaction placeholder shares: the portrait canvas, a background gradient and, on top,
 * "{childName}'s Song" in big rounded type, so each tile reads as that child's video.
 */

export const WIDTH = REACTION_VIDEO.width;
export const HEIGHT = REACTION_VIDEO.height;
export const SECONDS = REACTION_VIDEO.seconds;

export function background(id: string, stops: string[]): string {
  return `<defs>${
    linearGradient(id, stops)
  }</defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id})"/>`;
}

/** The child's name on top; long names shrink so the line always fits the 360 px width. */
export function songTitle(item: ReactionVideo, options: { fill?: string; outline?: string } = {}): string {
  const text = `${item.childName}'s Song`;
  const size = Math.min(46, Math.floor((WIDTH - 40) / (text.length * 0.66)));
  return title(text, WIDTH / 2, 62, size, {
    fill: options.fill ?? PALETTE.white,
    outline: options.outline ?? PALETTE.violet,
    shadow: "rgba(59, 7, 100, 0.25)",
  });
}

/** A reaction placeholder: its picture and its tune (the generator adds the seed and the length). */
export interface ReactionPlaceholder {
  scene: Scene;
  music: ReactionMusic;
}

export type ReactionMusic = Omit<TuneOptions, "seed" | "seconds" | "loop">;

/** Seconds per beat of a tune filling the video: scenes move on the beat of their own music. */
export function beatOf(music: ReactionMusic): number {
  return SECONDS / (music.bars * music.beatsPerBar);
}

/** A scene of the reaction canvas drawn by `draw`. */
export function portrait(draw: (t: number) => string): Scene {
  return { width: WIDTH, height: HEIGHT, draw };
}
