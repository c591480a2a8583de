import type { LyricsHistoryEntry } from "../../../domain/admin/order_list.ts";
import { LocalTime } from "../LocalTime.tsx";

/** Lyrics an admin regenerated away, newest first, each with the instruction that replaced it. */
export function LyricsHistory({ entries }: { entries: LyricsHistoryEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-500">The lyrics were never regenerated.</p>;
  }
  return (
    <ol className="grid gap-2">
      {[...entries].reverse().map((entry, index) => (
        <li key={`${entry.replacedAt}-${index}`} className="rounded-xl border border-slate-200">
          <details>
            <summary className="flex min-h-[44px] cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-2 text-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
              <span className="font-semibold text-slate-800">
                Replaced <LocalTime iso={entry.replacedAt} />
              </span>
              <span className="text-slate-500">by {entry.replacedBy}</span>
              {entry.customInput && (
                <span className="text-slate-600">· instruction: “{entry.customInput}”</span>
              )}
            </summary>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap border-t border-slate-200 bg-slate-50 p-4 font-mono text-xs text-slate-800">
              {entry.lyrics}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
