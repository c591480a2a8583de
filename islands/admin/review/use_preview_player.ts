import { type Signal, useSignal } from "@preact/signals-react";
import { type AudioHTMLAttributes, type RefObject, useEffect, useRef } from "react";
import { INITIAL_VOLUME, jumpTarget, type PlayerState, usableDuration } from "./player.ts";

/** Who hears what the audio does (the preview's listen record). */
export interface PlayerListener {
  played(position: number, duration: number): void;
  /** `duration` as known by then: a song started while loading learns its length after it began. */
  ticked(position: number, duration: number): void;
  moved(position: number): void;
  stopped(position: number): void;
}

/** One preview player's audio and state; the sing-along reads `elapsed` and calls `seek`. */
export interface PreviewPlayer {
  state: Signal<PlayerState>;
  elapsed: Signal<number>;
  duration: Signal<number>;
  volume: Signal<number>;
  /**
   * Play or pause. Pressed while the audio is still loading it plays once it can (the element queues
   * it), never dropped; pressed while an automatic start is under way it lets that start go on.
   */
  togglePlay(): void;
  /** Starts the song by itself (the preview moved on to it), as soon as it can play. */
  autoStart(): void;
  /** Pauses, and says what was heard at once rather than when the pause event comes. */
  stop(): void;
  seek(seconds: number): void;
  /** Back (negative) or forward by `seconds`, held inside the song. */
  jump(seconds: number): void;
  setVolume(level: number): void;
  /** Spread on the `<audio>` element. */
  element: AudioHTMLAttributes<HTMLAudioElement> & { ref: RefObject<HTMLAudioElement | null> };
}

/**
 * The audio of one song address in the staff preview (staff-side §2, song preview). The audio stops,
 * and its download with it, when the player goes: the dialog closed or another take is shown.
 */
export function usePreviewPlayer(
  songUrl: string | null | undefined,
  listener: PlayerListener | null = null,
): PreviewPlayer {
  const audio = useRef<HTMLAudioElement>(null);
  const state = useSignal<PlayerState>(songUrl ? "loading" : "error");
  const elapsed = useSignal(0);
  const duration = useSignal(0);
  const volume = useSignal(INITIAL_VOLUME);
  const heard = useRef(listener);
  heard.current = listener;
  /** An automatic start not yet heard: a key pressed as the song appears confirms it, not stops it. */
  const starting = useRef(false);

  useEffect(() => {
    const player = audio.current;
    // A cached file can be ready before React attaches its listeners.
    if (player && player.readyState >= HTMLMediaElement.HAVE_METADATA) {
      duration.value = usableDuration(player.duration);
      // Started already (the preview moved on to it), or waiting for Play.
      if (state.value === "loading") state.value = player.paused ? "paused" : "playing";
    }
    return () => {
      if (!player) return;
      // Its pause event would come after React let go of the element: what was heard is said now.
      if (!player.paused) heard.current?.stopped(player.currentTime);
      player.pause();
      // Dropping the source also stops the download of a long file nobody is listening to.
      player.removeAttribute("src");
      player.load();
    };
  }, []);

  const play = (player: HTMLAudioElement) => {
    player.play().catch(() => {
      starting.current = false;
      // Refused (autoplay rules, a codec): say so, and point at the new-tab link.
      state.value = player.error ? "error" : "paused";
    });
  };

  const togglePlay = () => {
    const player = audio.current;
    if (!player || state.value === "error" || starting.current) return;
    if (!player.paused) return player.pause();
    play(player);
  };

  const autoStart = () => {
    const player = audio.current;
    if (!player || state.value === "error" || !player.paused) return;
    starting.current = true;
    play(player);
  };

  const stop = () => {
    const player = audio.current;
    if (!player || player.paused) return;
    heard.current?.stopped(player.currentTime);
    player.pause();
  };

  const seek = (seconds: number) => {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    elapsed.value = seconds;
  };

  const jump = (seconds: number) => {
    if (state.value === "error" || state.value === "loading") return;
    seek(jumpTarget(audio.current?.currentTime ?? elapsed.value, seconds, duration.value));
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
    autoStart,
    stop,
    seek,
    jump,
    setVolume,
    element: {
      ref: audio,
      src: songUrl ?? undefined,
      preload: "metadata",
      onLoadedMetadata: (event) => {
        duration.value = usableDuration(event.currentTarget.duration);
        if (state.value === "loading") state.value = event.currentTarget.paused ? "paused" : "playing";
      },
      onDurationChange: (event) => (duration.value = usableDuration(event.currentTarget.duration)),
      onTimeUpdate: (event) => {
        elapsed.value = event.currentTarget.currentTime;
        listener?.ticked(event.currentTarget.currentTime, usableDuration(event.currentTarget.duration));
      },
      onSeeking: (event) => listener?.moved(event.currentTarget.currentTime),
      // The sound has begun: from now a key press pauses it.
      onPlaying: () => (starting.current = false),
      onPlay: (event) => {
        state.value = "playing";
        listener?.played(event.currentTarget.currentTime, usableDuration(event.currentTarget.duration));
      },
      onPause: (event) => {
        starting.current = false;
        if (state.value !== "error") state.value = "paused";
        listener?.stopped(event.currentTarget.currentTime);
      },
      onEnded: (event) => {
        state.value = "paused";
        listener?.stopped(event.currentTarget.currentTime);
      },
      onError: () => {
        starting.current = false;
        state.value = "error";
      },
    },
  };
}
