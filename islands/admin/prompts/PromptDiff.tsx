import { type DiffRow, type LineDiff, withContext } from "../../../domain/prompts/line_diff.ts";

export interface PromptDiffProps {
  diff: LineDiff;
  /** 'version 2' and 'version 5 (in use)': the two sides, named in the legend. */
  chosen: string;
  current: string;
}

const ROW_STYLES = {
  added: "bg-green-50 text-green-900",
  removed: "bg-red-50 text-red-900",
  same: "text-slate-700",
} as const;

/** The marks are drawn for sight and hidden from screen readers, which hear the words instead. */
const MARKS = { added: "+", removed: "−", same: " " } as const;
const SPOKEN = { added: "added", removed: "removed" } as const;

/**
 * A line diff that does not rely on colour: every changed line starts with + or −, and screen readers
 * hear "added" or "removed" before it. Long unchanged stretches are folded to a count.
 */
export function PromptDiff({ diff, chosen, current }: PromptDiffProps) {
  if (diff.kind === "too-different") {
    return (
      <p
        data-prompt-diff="too-different"
        className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700"
      >
        {capitalised(chosen)} is too different from {current} to compare line by line ({diff.removed}{" "}
        lines differ in {current}, {diff.added} in {chosen}).
      </p>
    );
  }
  const rows = withContext(diff.lines);
  if (rows.every((row) => row.op === "skipped")) {
    return (
      <p data-prompt-diff="same" className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700">
        {capitalised(chosen)} has the same text as {current}.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-600">
        Lines marked <span className="font-mono font-bold">+</span> are only in {chosen}; lines marked{" "}
        <span className="font-mono font-bold">−</span> only in {current}.
      </p>
      <ul
        data-prompt-diff="lines"
        className="max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white py-1 font-mono text-xs leading-relaxed"
      >
        {rows.map((row, index) => <DiffRowItem key={index} row={row} />)}
      </ul>
    </div>
  );
}

function DiffRowItem({ row }: { row: DiffRow }) {
  if (row.op === "skipped") {
    return (
      <li data-diff-row="skipped" className="px-3 py-1 font-sans italic text-slate-600">
        … {row.count} unchanged {row.count === 1 ? "line" : "lines"}
      </li>
    );
  }
  return (
    <li data-diff-row={row.op} className={`flex gap-2 px-3 ${ROW_STYLES[row.op]}`}>
      <span aria-hidden="true" className="w-3 shrink-0 select-none font-bold">{MARKS[row.op]}</span>
      {row.op !== "same" && <span className="sr-only">{SPOKEN[row.op]}:</span>}
      <span className="min-w-0 whitespace-pre-wrap break-words">{row.text || "\u00a0"}</span>
    </li>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
