import { formatPlayTime } from "./song_facts.ts";

export interface PlayProgressProps {
  elapsed: number;
  duration: number;
  /** Colours for where it sits: the track, the filled part, and the times under it. */
  look: { track: string; fill: string; times: string };
}

/** How far a song has played: a bar for the eye, the elapsed time and length in words for everyone. */
export function PlayProgress({ elapsed, duration, look }: PlayProgressProps) {
  const progress = duration > 0 ? Math.min(100, (elapsed / duration) * 100) : 0;
  return (
    <>
      <div aria-hidden="true" className={`h-2 overflow-hidden rounded-full ${look.track}`}>
        <div className={`h-full rounded-full ${look.fill}`} style={{ width: `${progress}%` }} />
      </div>
      <p className={`flex justify-between text-sm font-semibold tabular-nums ${look.times}`}>
        <span>
          <span className="sr-only">Elapsed</span> {formatPlayTime(elapsed)}
        </span>
        <span>
          <span className="sr-only">Length</span> {formatPlayTime(duration)}
        </span>
      </p>
    </>
  );
}
