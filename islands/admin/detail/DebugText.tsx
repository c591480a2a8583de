/** One stored debug text (staff-side §3, debug logs), folded away until asked for: they are long. */
export function DebugText({ label, text }: { label: string; text: string | null }) {
  if (!text) {
    return (
      <p className="flex justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm">
        <span className="font-semibold text-slate-700">{label}</span>
        <span className="text-slate-400">Not recorded</span>
      </p>
    );
  }
  return (
    <details className="group rounded-xl border border-slate-200" data-debug={label}>
      <summary className="flex min-h-[44px] cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
        {label}
        <span className="text-xs font-normal text-slate-500">
          {text.length.toLocaleString("en-US")} characters
        </span>
      </summary>
      <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words border-t border-slate-200 bg-slate-50 p-4 font-mono text-xs text-slate-800">
        {text}
      </pre>
    </details>
  );
}
