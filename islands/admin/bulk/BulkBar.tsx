import { useSignals } from "@preact/signals-react/runtime";
import { type BulkAction, NOT_HEARD } from "../../../domain/admin/bulk_actions.ts";
import { buttonClass } from "../../../components/ui.ts";
import { ASKED } from "./bulk_questions.ts";
import { groupedResults } from "./bulk_results.ts";
import { BulkConfirm } from "./BulkConfirm.tsx";
import type { BulkState } from "./use_bulk.ts";

const LABELS: Record<BulkAction, string> = {
  approve: "Approve",
  "send-now": "Send Now",
  regenerate: "Regenerate",
};

/**
 * The ticked rows' actions, and what each order came to. Each order goes through its own
 * row's rules on the server; a song nobody listened to is approved only when staff say so again.
 * Drawn after the list and held at the foot of the screen while the list scrolls, so the
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
  const asking = bulk.confirming.value;
  if (count === 0 && !answer) return null;

  const start = (action: BulkAction) => {
    if (ASKED.includes(action)) bulk.confirming.value = action;
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
            {groupedResults(answer.results).map((group) => (
              <li
                key={group.ids.join()}
                data-bulk-result={group.ok ? "done" : "refused"}
                className="flex flex-wrap gap-x-2"
              >
                <span className="font-mono font-semibold">{group.orders}</span>
                <span className={group.ok ? "text-green-800" : "text-red-800"}>{group.message}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {unheard.length > 0 && (
              <button
                type="button"
                disabled={!!bulk.busy.value}
                onClick={() => bulk.run("approve", unheard, { override: true })}
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
      {(asking === "send-now" || asking === "regenerate") && (
        <BulkConfirm
          action={asking}
          confirmLabel={LABELS[asking]}
          ticked={bulk.ticked()}
          busy={!!bulk.busy.value}
          onConfirm={(sendEarly) => bulk.run(asking, [...bulk.selected.value], { sendEarly })}
          onCancel={() => (bulk.confirming.value = null)}
        />
      )}
    </section>
  );
}
