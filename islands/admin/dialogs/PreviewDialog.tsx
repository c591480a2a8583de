import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef } from "react";
import type { AdminOrder } from "../../../domain/admin_orders.ts";
import {
  AlertCircleIcon,
  ExternalLinkIcon,
  PauseIcon,
  PlayIcon,
  VolumeOnIcon,
} from "../../../components/icons.tsx";
import { LINK_CLASS } from "../../../components/ui.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import {
  formatPlayTime,
  INITIAL_VOLUME,
  PLAYBACK_BLOCKED_NOTE,
  PLAYER_STATE_TEXT,
  type PlayerState,
  positionText,
  SEEK_STEP,
  usableDuration,
  VOLUME_STEP,
} from "./player.ts";

export interface PreviewDialogProps {
  order: AdminOrder;
  onClose(): void;
}

/**
 * Staff-side §2, song preview: the order's song with a player staff can scrub through, its title,
 * child and lyrics. The audio stops when the dialog closes.
 */
export function PreviewDialog({ order, onClose }: PreviewDialogProps) {
  useSignals();
  const audio = useRef<HTMLAudioElement>(null);
  const state = useSignal<PlayerState>(order.songUrl ? "loading" : "error");
  const elapsed = useSignal(0);
  const duration = useSignal(0);
  const volume = useSignal(INITIAL_VOLUME);
  const lyricsId = useId();

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

  const songTitle = order.songTitle?.trim() || `${order.childName}'s Song`;
  const ready = state.value === "playing" || state.value === "paused";
  const length = duration.value;
  return (
    <Dialog title="Song Preview" description={`Order #${order.orderNumber}`} onClose={onClose} size="lg">
      <div className="grid gap-5">
        <div
          data-player=""
          data-state={state.value}
          className="grid gap-3 rounded-2xl border border-violet-200 bg-violet-50 p-4"
        >
          <div className="flex items-center gap-3">
            <button
              type="button"
              data-autofocus=""
              onClick={togglePlay}
              // Not `disabled`: the dialog puts focus here first, and a disabled button cannot take it.
              aria-disabled={!ready}
              aria-label={state.value === "playing" ? "Pause" : "Play"}
              className={ready
                ? "grid h-12 w-12 shrink-0 place-items-center rounded-full bg-violet-600 text-white shadow transition-colors hover:bg-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2"
                : "grid h-12 w-12 shrink-0 cursor-not-allowed place-items-center rounded-full bg-violet-600 text-white opacity-50 shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2"}
            >
              {state.value === "playing"
                ? <PauseIcon className="h-5 w-5" />
                : <PlayIcon className="ml-0.5 h-5 w-5" />}
            </button>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p
                aria-live="polite"
                data-player-status=""
                className={state.value === "error"
                  ? "text-sm font-semibold text-red-700"
                  : "text-sm font-semibold text-violet-900"}
              >
                {PLAYER_STATE_TEXT[state.value]}
              </p>
              <p className="text-sm tabular-nums text-slate-600">
                {formatPlayTime(elapsed.value)} / {formatPlayTime(length)}
              </p>
            </div>
          </div>

          <input
            type="range"
            aria-label="Song position"
            aria-valuetext={positionText(elapsed.value, length)}
            min={0}
            max={length || 0}
            step={SEEK_STEP}
            value={Math.min(elapsed.value, length)}
            disabled={!ready || length === 0}
            onChange={(event) => seek(Number(event.currentTarget.value))}
            className="h-11 w-full cursor-pointer accent-violet-600 disabled:cursor-not-allowed"
          />

          <div className="flex items-center gap-3">
            <VolumeOnIcon className="h-5 w-5 shrink-0 text-violet-700" />
            <input
              type="range"
              aria-label="Volume"
              aria-valuetext={`${Math.round(volume.value * 100)}%`}
              min={0}
              max={1}
              step={VOLUME_STEP}
              value={volume.value}
              onChange={(event) => setVolume(Number(event.currentTarget.value))}
              className="h-11 w-full max-w-[12rem] cursor-pointer accent-violet-600"
            />
          </div>
        </div>

        {state.value === "error" && (
          <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{PLAYBACK_BLOCKED_NOTE}</span>
          </p>
        )}

        {order.songUrl && (
          <a
            href={order.songUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${LINK_CLASS} inline-flex min-h-[44px] items-center gap-1.5 justify-self-start font-semibold`}
          >
            Open in new tab
            <ExternalLinkIcon />
            <span className="sr-only">(opens a new tab)</span>
          </a>
        )}

        <div className="grid gap-2 border-t border-slate-200 pt-4">
          <div>
            <h3 className="font-display text-lg font-bold text-slate-900" data-song-title="">{songTitle}</h3>
            <p className="text-sm text-slate-600">For {order.childName}</p>
          </div>
          <h4 id={lyricsId} className="text-sm font-semibold text-slate-800">Lyrics</h4>
          <div
            tabIndex={0}
            role="region"
            aria-labelledby={lyricsId}
            className="max-h-64 overflow-y-auto whitespace-pre-line rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            {order.songLyrics?.trim() || <span className="italic text-slate-500">No lyrics.</span>}
          </div>
        </div>
      </div>

      {order.songUrl && (
        <audio
          ref={audio}
          src={order.songUrl}
          preload="metadata"
          onLoadedMetadata={(event) => {
            duration.value = usableDuration(event.currentTarget.duration);
            if (state.value === "loading") state.value = "paused";
          }}
          onDurationChange={(event) => (duration.value = usableDuration(event.currentTarget.duration))}
          onTimeUpdate={(event) => (elapsed.value = event.currentTarget.currentTime)}
          onPlay={() => (state.value = "playing")}
          onPause={() => state.value !== "error" && (state.value = "paused")}
          onEnded={() => (state.value = "paused")}
          onError={() => (state.value = "error")}
        />
      )}
    </Dialog>
  );
}
