import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { ChevronDownIcon, LyricsIcon } from "../../components/icons.tsx";
import type { TimedLyrics } from "../../domain/song/timed_lyrics.ts";
import { SingAlong } from "../lib/SingAlong.tsx";
import type { SongAudio } from "./song_audio.ts";
import { lyricStanzas } from "./song_facts.ts";
import { disclosure } from "../lib/disclosure.ts";

const PANEL_ID = "song-lyrics";

export interface SongLyricsProps {
  /** The lyrics as written; shown as stanzas when the song has no timing. */
  lyrics: string;
  /** When each word is sung: the lyrics then follow the song as a sing-along. */
  timing: TimedLyrics | null;
  /** The song the timing belongs to, which the sing-along follows and moves. */
  song: Pick<SongAudio, "elapsed" | "seek">;
}

/**
 * The collapsible 'Read Song Lyrics' section (customer-side §2), closed at first. With timing it
 * holds a sing-along instead of the stanzas: the same words, following the song.
 */
export function SongLyrics({ lyrics, timing, song }: SongLyricsProps) {
  useSignals();
  const open = useSignal(false);
  return (
    <section className="overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-violet-100">
      <button
        {...disclosure(open, PANEL_ID)}
        className="flex w-full items-center justify-between gap-3 px-6 py-5 text-left font-display text-xl font-bold text-violet-800 hover:bg-violet-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-violet-400"
      >
        <span className="flex items-center gap-3">
          <LyricsIcon className="h-6 w-6 text-pink-500" />
          {open.value ? "Hide Song Lyrics" : "Read Song Lyrics"}
        </span>
        <ChevronDownIcon
          className={open.value
            ? "h-6 w-6 rotate-180 motion-safe:transition-transform"
            : "h-6 w-6 motion-safe:transition-transform"}
        />
      </button>
      <div id={PANEL_ID} hidden={!open.value} className="grid gap-6 border-t border-violet-100 px-6 py-6">
        {timing ? <SingAlongLyrics timing={timing} song={song} /> : <Stanzas lyrics={lyrics} />}
      </div>
    </section>
  );
}

function SingAlongLyrics({ timing, song }: { timing: TimedLyrics; song: SongLyricsProps["song"] }) {
  return (
    <div className="grid gap-3">
      <p className="text-base font-semibold text-violet-800">Sing along: tap a line to jump to it.</p>
      <SingAlong lyrics={timing} elapsed={song.elapsed} seek={song.seek} look="reveal" label="Song lyrics" />
    </div>
  );
}

function Stanzas({ lyrics }: { lyrics: string }) {
  return (
    <>
      {lyricStanzas(lyrics).map((stanza, index) => (
        <div key={index} className="grid gap-1">
          {stanza.label && (
            <p className="text-xs font-extrabold uppercase tracking-[0.2em] text-pink-600">
              {stanza.label}
            </p>
          )}
          <p className="whitespace-pre-line text-lg leading-relaxed text-slate-700">
            {stanza.lines.join("\n")}
          </p>
        </div>
      ))}
    </>
  );
}
