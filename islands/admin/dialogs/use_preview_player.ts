import { type Signal, useSignal } from "@preact/signals-react";
import { type AudioHTMLAttributes, type RefObject, useEffect, useRef } from "react";
import { INITIAL_VOLUME, type PlayerState, usableDuration } from "./player.ts";

/** One preview player's audio and state; the sing-along reads `elapsed` and calls `seek`. */
export interface PreviewPlayer {
  state: Signal<PlayerState>;
  elapsed: Signal<number>;
  duration: Signal<number>;
  volume: Signal<number>;
  togglePlay(): void;
  seek(seconds: number): void;
  setVolume(level: number): void;
  /** Spread on the `<audio>` element. */
  element: AudioHTMLAttributes<HTMLAudioElement> & { ref: RefObject<HTMLAudioElement | null> };
}

/**
 * The audio of one song address in the staff preview (staff-side §2, song preview). The audio stops,
 * and its download with it, when the player goes: the dialog closed or another take is shown.
 */
export function usePreviewPlayer(songUrl: string | null | undefined): PreviewPlayer {
  const audio = useRef<HTMLAudioElement>(null);
  const state = useSignal<PlayerState>(songUrl ? "loading" : "error");
  const elapsed = useSignal(0);
  const duration = useSignal(0);
  const volume = useSignal(INITIAL_VOLUME);

  useEffect(() => {
    const player = audio.current;
    // A cached file can be ready before React attaches its listeners.
    if (player && player.readyState >= HTMLMediaElement.HAVE_METADATA) {
      duration.value = usableDuration(player.duration);
      state.value = "paused";
    }
    return () => {
      if (!player) return;
      player.pause();
      // Dropping the source also stops the download of a long file nobody is listening to.
      player.removeAttribute("src");
      player.load();
    };
  }, []);

  const togglePlay = () => {
    const player = audio.current;
    if (!player || state.value === "error" || state.value === "loading") return;
    if (!player.paused) return player.pause();
    player.play().catch(() => {
      // Refused (autoplay rules, a codec): say so, and point at the new-tab link.
      state.value = player.error ? "error" : "paused";
    });
  };

  const seek = (seconds: number) => {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    elapsed.value = seconds;
  };

  const setVolume = (level: number) => {
    volume.value = level;
    if (audio.current) audio.current.volume = level;
  };

  return {
    state,
    elapsed,
    duration,
    volume,
    togglePlay,
    seek,
    setVolume,
    element: {
      ref: audio,
      src: songUrl ?? undefined,
      preload: "metadata",
      onLoadedMetadata: (event) => {
        duration.value = usableDuration(event.currentTarget.duration);
        if (state.value === "loading") state.value = "paused";
      },
      onDurationChange: (event) => (duration.value = usableDuration(event.currentTarget.duration)),
      onTimeUpdate: (event) => (elapsed.value = event.currentTarget.currentTime),
      onPlay: () => (state.value = "playing"),
      onPause: () => state.value !== "error" && (state.value = "paused"),
      onEnded: () => (state.value = "paused"),
      onError: () => (state.value = "error"),
    },
  };
}
