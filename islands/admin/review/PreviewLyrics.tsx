import type { ReadonlySignal } from "@preact/signals-react";
import { useId } from "react";
import type { TimedLyrics } from "../../../domain/song/timed_lyrics.ts";
import { SingAlong } from "../../lib/SingAlong.tsx";

export interface PreviewLyricsProps {
  lyrics: string | null | undefined;
  timedLyrics: TimedLyrics | null;
  timingNote: string | null;
  elapsed: ReadonlySignal<number>;
  seek(seconds: number): void;
}

/**
 * The preview's lyrics: a sing-along following the player when the take's words are timed, so staff
 * hear and see what the family's reveal will show; otherwise the plain text as the family gets it.
 */
export function PreviewLyrics({ lyrics, timedLyrics, timingNote, elapsed, seek }: PreviewLyricsProps) {
  const headingId = useId();
  return (
    <>
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">Lyrics</h4>
      {timingNote && <p data-timing-note="" className="text-xs text-slate-600">{timingNote}</p>}
      {timedLyrics
        ? <SingAlong lyrics={timedLyrics} elapsed={elapsed} seek={seek} look="preview" label="Lyrics" />
        : (
          <div
            tabIndex={0}
            role="region"
            aria-labelledby={headingId}
            className="max-h-64 overflow-y-auto whitespace-pre-line rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            {lyrics?.trim() || <span className="italic text-slate-500">No lyrics.</span>}
          </div>
        )}
    </>
  );
}
