import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { ChevronDownIcon, LyricsIcon } from "../../components/icons.tsx";
import { lyricStanzas } from "./song_facts.ts";

const PANEL_ID = "song-lyrics";

/** The collapsible 'Read Song Lyrics' section (customer-side §2), closed at first. */
export function SongLyrics({ lyrics }: { lyrics: string }) {
  useSignals();
  const open = useSignal(false);
  return (
    <section className="overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-violet-100">
      <button
        type="button"
        aria-expanded={open.value}
        aria-controls={PANEL_ID}
        onClick={() => (open.value = !open.value)}
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
      </div>
    </section>
  );
}
