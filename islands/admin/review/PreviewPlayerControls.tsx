import { useSignals } from "@preact/signals-react/runtime";
import type { KeyboardEvent } from "react";
import {
  AlertCircleIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ExternalLinkIcon,
  PauseIcon,
  PlayIcon,
  VolumeOnIcon,
} from "../../../components/icons.tsx";
import { LINK_CLASS } from "../../../components/ui.ts";
import {
  formatPlayTime,
  JUMP_SECONDS,
  PLAYBACK_BLOCKED_NOTE,
  PLAYER_STATE_TEXT,
  positionText,
  SEEK_STEP,
  VOLUME_STEP,
} from "./player.ts";
import type { PreviewPlayer } from "./use_preview_player.ts";

export interface PreviewPlayerControlsProps {
  player: PreviewPlayer;
  songUrl: string | null | undefined;
}

const JUMP_BUTTON =
  "inline-flex h-11 min-w-[2.75rem] shrink-0 items-center justify-center gap-0.5 rounded-full border border-violet-300 bg-white px-2 text-sm font-semibold text-violet-800 transition-colors hover:bg-violet-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Page Up and Page Down on the position slider jump 5 s, up being forward as on any
 * slider; the arrows keep the spec's 0.1 s steps.
 */
const PAGE_JUMPS: Record<string, number> = { PageUp: JUMP_SECONDS, PageDown: -JUMP_SECONDS };

/**
 * Staff-side §2, song preview: play and pause, ±5 s, the state in words, a position slider, volume,
 * the note for blocked playback and the new-tab link (no download: staff listen, the family
 * downloads).
 * Its own component so the position ticking re-renders only the player, not the lyrics beside it.
 */
export function PreviewPlayerControls({ player, songUrl }: PreviewPlayerControlsProps) {
  useSignals();
  const { state, elapsed, duration, volume } = player;
  const ready = state.value === "playing" || state.value === "paused";
  const playable = state.value !== "error";
  const length = duration.value;
  const seekable = ready && length > 0;
  const onSliderKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const by = PAGE_JUMPS[event.key];
    if (by === undefined || !seekable) return;
    event.preventDefault();
    player.jump(by);
  };
  return (
    <>
      <div
        data-player=""
        data-state={state.value}
        className="grid gap-3 rounded-2xl border border-violet-200 bg-violet-50 p-4"
      >
        <div className="flex items-center gap-3">
          <button
            type="button"
            data-autofocus=""
            onClick={player.togglePlay}
            // Not `disabled`: the dialog puts focus here first, and a disabled button cannot take it.
            // While the audio loads a press still counts: it plays once it can.
            aria-disabled={!playable}
            aria-label={state.value === "playing" ? "Pause" : "Play"}
            className={playable
              ? "grid h-12 w-12 shrink-0 place-items-center rounded-full bg-violet-600 text-white shadow transition-colors hover:bg-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2"
              : "grid h-12 w-12 shrink-0 cursor-not-allowed place-items-center rounded-full bg-violet-600 text-white opacity-50 shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2"}
          >
            {state.value === "playing"
              ? <PauseIcon className="h-5 w-5" />
              : <PlayIcon className="ml-0.5 h-5 w-5" />}
          </button>
          <button
            type="button"
            aria-label={`Back ${JUMP_SECONDS} seconds`}
            disabled={!seekable}
            onClick={() => player.jump(-JUMP_SECONDS)}
            className={JUMP_BUTTON}
          >
            <ChevronLeftIcon />
            {JUMP_SECONDS}
          </button>
          <button
            type="button"
            aria-label={`Forward ${JUMP_SECONDS} seconds`}
            disabled={!seekable}
            onClick={() => player.jump(JUMP_SECONDS)}
            className={JUMP_BUTTON}
          >
            {JUMP_SECONDS}
            <ChevronRightIcon />
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
          disabled={!seekable}
          onChange={(event) => player.seek(Number(event.currentTarget.value))}
          onKeyDown={onSliderKey}
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
            onChange={(event) => player.setVolume(Number(event.currentTarget.value))}
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

      {songUrl && (
        <a
          href={songUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${LINK_CLASS} inline-flex min-h-[44px] items-center gap-1.5 justify-self-start font-semibold`}
        >
          Open in new tab
          <ExternalLinkIcon />
          <span className="sr-only">(opens a new tab)</span>
        </a>
      )}

      {songUrl && <audio {...player.element} />}
    </>
  );
}
