import { type ReactNode, useLayoutEffect } from "react";
import type { TimedLyrics } from "../../../domain/song/timed_lyrics.ts";
import { PreviewLyrics } from "./PreviewLyrics.tsx";
import { PreviewPlayerControls } from "./PreviewPlayerControls.tsx";
import { usePreviewPlayer } from "./use_preview_player.ts";
import type { PreviewSession } from "./use_preview_session.ts";

export interface PreviewSongProps {
  songUrl: string | null | undefined;
  songTitle: string;
  childName: string;
  lyrics: string | null | undefined;
  /** The words timed to this audio: the lyrics then follow the player as a sing-along. */
  timedLyrics: TimedLyrics | null;
  /** Why there is no sing-along, for staff; null when there is nothing to say. */
  timingNote: string | null;
  /** What sits above the player: a take's name, its length and what staff may do with it. */
  header?: ReactNode;
  /** The order's sitting in the preview: what is heard here is recorded, and its keys reach this player. */
  session?: PreviewSession;
}

/**
 * One song in the preview: its player, title, child and lyrics. Mounted afresh for each take shown,
 * so only one take plays at a time and each starts from its own beginning.
 */
export function PreviewSong(
  { songUrl, songTitle, childName, lyrics, timedLyrics, timingNote, header, session }: PreviewSongProps,
) {
  const player = usePreviewPlayer(songUrl, session?.listen);
  // In the commit that shows this song (before it is painted), so no key reaches a song that has gone.
  useLayoutEffect(() => {
    if (!session) return;
    session.player.current = player;
    return () => {
      if (session.player.current === player) session.player.current = null;
    };
  });
  return (
    <div className="grid gap-5">
      {header}
      <PreviewPlayerControls player={player} songUrl={songUrl} />
      <div className="grid gap-2 border-t border-slate-200 pt-4">
        <div>
          <h3 className="font-display text-lg font-bold text-slate-900" data-song-title="">{songTitle}</h3>
          <p className="text-sm text-slate-600">For {childName}</p>
        </div>
        <PreviewLyrics
          lyrics={lyrics}
          timedLyrics={timedLyrics}
          timingNote={timingNote}
          elapsed={player.elapsed}
          seek={player.seek}
        />
      </div>
    </div>
  );
}
