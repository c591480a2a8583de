/**
 * How long staff really listened to a song in the preview, counted from the audio's own
 * clock while it plays, not read off the slider: a jump forward is not a listen, and a part heard
 * twice counts twice. `timeupdate` comes every quarter second or so while playing; each step forward
 * between two of them is time heard.
 */

/** A step longer than this between two updates is a jump the player made, not time heard. */
const MAX_HEARD_STEP_SECONDS = 1.5;

export interface ListenClock {
  /** Seconds heard so far. */
  readonly heard: number;
  play(position: number): void;
  /** A `timeupdate` while playing. */
  tick(position: number): void;
  /** The position was moved (the slider, ±5 s): counting goes on from there. */
  seek(position: number): void;
  /** Paused or ended: the time up to `position` counts, then nothing until it plays again. */
  stop(position: number): void;
}

export function createListenClock(): ListenClock {
  let heard = 0;
  let playing = false;
  let last: number | null = null;
  const tick = (position: number) => {
    if (!playing) return;
    if (last !== null && position > last && position - last <= MAX_HEARD_STEP_SECONDS) {
      heard += position - last;
    }
    last = position;
  };
  return {
    get heard() {
      return heard;
    },
    play(position) {
      playing = true;
      last = position;
    },
    tick,
    seek(position) {
      last = playing ? position : null;
    },
    stop(position) {
      tick(position);
      playing = false;
      last = null;
    },
  };
}

/** What `POST /api/admin/orders/:id/listen` is told, in whole milliseconds; null: nothing heard. */
export function listenReport(heardSeconds: number, durationSeconds: number) {
  const playedMs = Math.floor(heardSeconds * 1000);
  const durationMs = Math.round(durationSeconds * 1000);
  if (playedMs <= 0 || !Number.isFinite(durationMs) || durationMs <= 0) return null;
  return { playedMs, durationMs };
}
