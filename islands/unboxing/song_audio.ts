import { type Signal, useSignal } from "@preact/signals-react";
import { type AudioHTMLAttributes, type RefObject, useEffect, useRef } from "react";
import { track } from "../lib/analytics.ts";
import { toast } from "../lib/toast.ts";

/**
 * The reveal's one `<audio>` element and its state (customer-side §4, audio: playing or paused).
 * It is owned by the whole reveal, not by the player, so the element exists while the box is still
 * closed: the tap on 'Tap to Open!' can then start the song inside its own click, which is the only
 * moment browsers (Safari above all) let a page start sound. The player shown after the reveal drives
 * the same element.
 */
export interface SongAudio {
  playing: Signal<boolean>;
  elapsed: Signal<number>;
  duration: Signal<number>;
  /**
   * Starts the song. Call it synchronously inside a click handler: later (after a timer or an await)
   * browsers refuse it. A refusal only leaves the player paused, with its play button.
   */
  play: (trigger: "open" | "button") => void;
  pause: () => void;
  /** Moves the song to `seconds`, playing or not; the sing-along follows at once, not at the next timeupdate. */
  seek: (seconds: number) => void;
  /** Stops the song because another one started: no announcement, no analytics, nobody pressed pause. */
  hush: () => void;
  /** Spread on the `<audio>` element; its `id` is what a control that starts the song names (`data-plays`). */
  element: AudioHTMLAttributes<HTMLAudioElement> & {
    id: string;
    ref: RefObject<HTMLAudioElement | null>;
    "data-preload-after-view": "auto" | "metadata";
  };
}

export interface SongAudioOptions {
  orderId: string;
  songUrl: string | null;
  title: string;
  announce: (message: string) => void;
  /** "Another version" (2): told apart in analytics; the reveal's own song is 1. */
  version?: 1 | 2;
  /**
   * What to fetch once the page has loaded: "auto" buffers the song for the tap, "metadata" (a song
   * the family may never play) only its length. Before that the element fetches nothing, so the
   * song's megabytes never compete with the page's first view and its code on a phone's connection.
   */
  preload?: "auto" | "metadata";
  /** The song has started, whoever started it: the reveal pauses any other song then. */
  onStarted?: () => void;
}

export function useSongAudio(
  { orderId, songUrl, title, announce, version = 1, preload = "auto", onStarted }: SongAudioOptions,
): SongAudio {
  const audio = useRef<HTMLAudioElement>(null);
  const playing = useSignal(false);
  const elapsed = useSignal(0);
  const duration = useSignal(0);

  useEffect(() => {
    // The element may have loaded, or even started, before this island woke (its events went unheard).
    const player = audio.current;
    if (!player) return;
    if (Number.isFinite(player.duration)) duration.value = player.duration;
    elapsed.value = player.currentTime;
    playing.value = !player.paused;
  }, []);

  const stopped = () => {
    if (playing.value) announce("Paused");
    playing.value = false;
  };

  const play = (trigger: "open" | "button") => {
    const player = audio.current;
    if (!songUrl || !player) {
      toast({
        title: "Unable to play song",
        description: "The song URL is not available.",
        variant: "destructive",
      });
      return;
    }
    playing.value = true;
    // On opening, the live region is telling of the surprise; the song speaks for itself.
    if (trigger === "button") announce(`Playing ${title}`);
    track("Song Played", { orderId, trigger, ...versionOf(version) });
    // Already sounding: the boot started it inside a tap made before this island woke (data-plays).
    if (!player.paused) return;
    player.play().catch((error: unknown) => {
      // Customer-side §8: blocked or failed playback is only logged, and the button shows Play again.
      console.info("The song could not start playing:", error);
      if (trigger === "button") stopped();
      else playing.value = false;
    });
  };

  const pause = () => {
    const player = audio.current;
    player?.pause();
    playing.value = false;
    announce("Paused");
    track("Song Paused", { orderId, at: Math.round(player?.currentTime ?? 0), ...versionOf(version) });
  };

  const seek = (seconds: number) => {
    const player = audio.current;
    if (player) player.currentTime = seconds;
    elapsed.value = seconds;
  };

  const hush = () => {
    // Set first, so the pause event that follows announces nothing over the song just started.
    playing.value = false;
    audio.current?.pause();
  };

  return {
    playing,
    elapsed,
    duration,
    play,
    pause,
    seek,
    hush,
    element: {
      id: `song-${orderId}-${version}`,
      ref: audio,
      src: songUrl ?? undefined,
      crossOrigin: "anonymous",
      // The page raises it once its first view is on screen (page_features.ts), before or after this
      // island wakes, so the server's "none" is expected to differ by then; a tap before then still plays,
      // fetching as it goes.
      preload: "none",
      "data-preload-after-view": preload,
      suppressHydrationWarning: true,
      onPlay: () => {
        playing.value = true;
        onStarted?.();
      },
      onPause: stopped,
      onEnded: () => {
        playing.value = false;
        elapsed.value = 0;
        announce("The song has finished");
      },
      onError: () => {
        console.info("The song could not be loaded:", audio.current?.error?.message ?? "unknown error");
        stopped();
      },
      onTimeUpdate: (event) => (elapsed.value = event.currentTarget.currentTime),
      onDurationChange: (event) => (duration.value = event.currentTarget.duration),
    },
  };
}

/** The reveal's own song keeps its analytics as they were; only the other version says which it is. */
function versionOf(version: 1 | 2): { version?: 2 } {
  return version === 2 ? { version } : {};
}
