import { formatPlayTime } from "../../unboxing/song_facts.ts";

/** The preview player's states (staff-side §2, song preview), each with words on screen. */
export type PlayerState = "loading" | "playing" | "paused" | "error";

export const PLAYER_STATE_TEXT: Record<PlayerState, string> = {
  loading: "Loading audio…",
  playing: "Playing",
  paused: "Paused",
  error: "The audio could not be loaded",
};

/** Staff-side §9, admin player: the slider's arrow keys move this far. */
export const SEEK_STEP = 0.1;
/** The ±5 s buttons, and Page Up / Page Down on the slider. */
export const JUMP_SECONDS = 5;
export const VOLUME_STEP = 0.01;
export const INITIAL_VOLUME = 1;

export const PLAYBACK_BLOCKED_NOTE =
  'Note: Direct audio playback may be blocked by browser security. Use the "Open in new tab" link below to listen to the full song.';

/** A length the slider can use: live streams and unknown lengths report NaN or Infinity. */
export function usableDuration(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** Where a jump of `by` seconds from `elapsed` lands, held inside the song. */
export function jumpTarget(elapsed: number, by: number, duration: number): number {
  return Math.min(Math.max(0, elapsed + by), Math.max(0, duration));
}

/** "0:05 of 0:18", what a screen reader says for the position slider. */
export function positionText(elapsed: number, duration: number): string {
  return `${formatPlayTime(elapsed)} of ${formatPlayTime(duration)}`;
}

export { formatPlayTime };
