import { useSignals } from "@preact/signals-react/runtime";
import { PauseIcon, PlayIcon } from "../../components/icons.tsx";
import type { SongAudio } from "./song_audio.ts";

export interface PlayToggleProps {
  song: SongAudio;
  className: string;
  /** The icons' size; `play` also nudges the triangle right, so it looks centred in a round button. */
  icon: { play: string; pause: string };
  /** Shown beside the icon, and then its name: [when paused, when playing]. */
  words?: readonly [string, string];
  /** The button's name when it shows no words: "Play {what}" or "Pause {what}". */
  what?: string;
}

/** Play, and pressing it again pauses (customer-side §4): the unboxing page's song buttons. */
export function PlayToggle({ song, className, icon, words, what }: PlayToggleProps) {
  useSignals();
  const playing = song.playing.value;
  return (
    <button
      type="button"
      onClick={() => (playing ? song.pause() : song.play("button"))}
      aria-label={what && `${playing ? "Pause" : "Play"} ${what}`}
      data-playing={playing ? "true" : "false"}
      className={className}
    >
      {playing ? <PauseIcon className={icon.pause} /> : <PlayIcon className={icon.play} />}
      {words?.[playing ? 1 : 0]}
    </button>
  );
}
