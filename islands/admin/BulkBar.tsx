import { useSignals } from "@preact/signals-react/runtime";
import { type BulkAction, NOT_HEARD } from "../../domain/bulk_actions.ts";
import { buttonClass } from "../../components/ui.ts";
import { ConfirmDialog } from "../lib/ConfirmDialog.tsx";
import type { BulkState } from "./use_bulk.ts";

const LABELS: Record<BulkAction, string> = {
  approve: "Approve",
  "send-now": "Send Now",
  regenerate: "Regenerate",
};

/** What is asked before a bulk action that cannot be taken back; Approve is not (Hold undoes it). */
const QUESTIONS: Partial<Record<BulkAction, (count: number) => { title: string; message: string }>> = {
  "send-now": (count) => ({
    title: "Send Songs Now",
    message: `The families of ${count} order${count === 1 ? "" : "s"} get their song's email right away.`,
  }),
  regenerate: (count) => ({
    title: "Regenerate Songs",
    message: `${count} song${count === 1 ? " is" : "s are"} made again and go${
      count === 1 ? "es" : ""
    } back to review. Their current audio is replaced.`,
  }),
};

/**
 * The ticked rows' actions (issue 23), and what each order came to. Each order goes through its own
 * row's rules on the server; a song nobody listened to is approved only when staff say so again.
 * Drawn after the list and held at the foot of the screen while the list scrolls (issue 41), so the
 * actions stay in reach however far down the ticked rows are, and never under a toast (at the top).
 * A long answer scrolls inside it rather than covering the list.
 */
export function BulkBar({ bulk }: { bulk: BulkState }) {
  useSignals();
  const count = bulk.selected.value.size;
  const answer = bulk.answer.value;
  const unheard = answer?.action === "approve"
    ? answer.results.filter((result) => !result.ok && result.message === NOT_HEARD).map((result) => result.id)
    : [];
  const ask = bulk.confirming.value && QUESTIONS[bulk.confirming.value]?.(count);
  if (count === 0 && !answer) return null;

  const start = (action: BulkAction) => {
    if (QUESTIONS[action]) bulk.confirming.value = action;
    else bulk.run(action, [...bulk.selected.value]);
  };

  return (
    <section
      aria-label="Bulk actions"
      data-bulk-bar=""
      className="sticky bottom-2 z-30 grid max-h-[50vh] gap-3 overflow-y-auto rounded-2xl border border-violet-200 bg-violet-50 p-3 shadow-lg"
    >
      {count > 0 && (
        <div
          role="toolbar"
          aria-label="Actions for the ticked orders"
          className="flex flex-wrap items-center gap-2"
        >
          <p className="mr-2 text-sm font-semibold text-violet-950" data-bulk-count="">
            {count} selected
          </p>
          {(Object.keys(LABELS) as BulkAction[]).map((action) => (
            <button
              key={action}
              type="button"
              disabled={!!bulk.busy.value}
              onClick={() => start(action)}
              className={`${buttonClass(action === "approve" ? "success" : "outline", "sm")} min-h-[44px]`}
            >
              {bulk.busy.value === action ? "Working..." : LABELS[action]}
            </button>
          ))}
          <button
            type="button"
            onClick={bulk.clear}
            className={`${buttonClass("ghost", "sm")} min-h-[44px]`}
          >
            Clear selection
          </button>
        </div>
      )}
      {answer && (
        <div role="status" className="grid gap-2 text-sm text-slate-800" data-bulk-results="">
          <p className="font-semibold">{answer.message}</p>
          <ul className="grid gap-1">
            {answer.results.map((result) => (
              <li key={result.id} data-bulk-result={result.ok ? "done" : "refused"} className="flex gap-2">
                <span className="font-mono font-semibold">
                  {result.orderNumber === null ? "Unknown order" : `#${result.orderNumber}`}
                </span>
                <span className={result.ok ? "text-green-800" : "text-red-800"}>{result.message}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {unheard.length > 0 && (
              <button
                type="button"
                disabled={!!bulk.busy.value}
                onClick={() => bulk.run("approve", unheard, true)}
                className={`${buttonClass("outline", "sm")} min-h-[44px]`}
              >
                Approve {unheard.length} without listening
              </button>
            )}
            <button
              type="button"
              onClick={() => (bulk.answer.value = null)}
              className={`${buttonClass("ghost", "sm")} min-h-[44px]`}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      {ask && (
        <ConfirmDialog
          title={ask.title}
          message={ask.message}
          confirmLabel={LABELS[bulk.confirming.value!]}
          cancelLabel="Cancel"
          busyLabel={bulk.busy.value ? "Working..." : null}
          onConfirm={() => bulk.run(bulk.confirming.value!, [...bulk.selected.value])}
          onCancel={() => (bulk.confirming.value = null)}
        />
      )}
    </section>
  );
}
