import { LINK_CLASS } from "../../../components/ui.ts";
import { LocalTime } from "../LocalTime.tsx";
import type { ListedOrder } from "../types.ts";
import { Field, Section } from "./fields.tsx";
import { TakesSection } from "./TakesSection.tsx";

/** The song as made: title, style, the audio and the lyrics (staff-side §3, song). */
export function SongInfoTab({ order }: { order: ListedOrder }) {
  return (
    <div className="grid gap-6">
      <Section title="Song">
        <Field label="Song Title" value={order.songTitle} />
        <Field label="Song Style" value={order.songStyle} />
        <Field label="Song Genre" value={order.songGenre} />
        <Field label="Singer" value={order.singerGender} />
        <Field
          label="Song URL"
          wide
          value={order.songUrl && (
            <a href={order.songUrl} target="_blank" rel="noopener" className={`${LINK_CLASS} break-all`}>
              {order.songUrl}
            </a>
          )}
        />
        <Field label="Lyrics Regenerations" value={String(order.lyricsRegenerationCount ?? 0)} />
        <Field
          label="Lyrics Last Regenerated"
          value={order.lastLyricsRegeneratedAt && <LocalTime iso={order.lastLyricsRegeneratedAt} />}
        />
      </Section>
      <TakesSection order={order} />
      <section className="grid gap-2">
        <h3 className="font-display text-base font-bold text-slate-900">Lyrics</h3>
        {order.songLyrics
          ? (
            <pre className="max-h-80 overflow-y-auto whitespace-pre-wrap rounded-xl bg-slate-50 p-4 font-sans text-sm text-slate-800">
              {order.songLyrics}
            </pre>
          )
          : <p className="text-sm text-slate-500">No lyrics yet.</p>}
      </section>
    </div>
  );
}
