import { useState } from "react";
import { Dialog } from "../../lib/Dialog.tsx";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { bulkQuestion } from "./bulk_questions.ts";
import type { ListedOrder } from "../types.ts";

export interface BulkConfirmProps {
  action: "send-now" | "regenerate";
  confirmLabel: string;
  /** The ticked rows as the page shows them. */
  ticked: readonly ListedOrder[];
  busy: boolean;
  /** `sendEarly`: the booked songs staff ticked to send before their family's day, with that day. */
  onConfirm(sendEarly: Record<string, string>): void;
  onCancel(): void;
}

/**
 * The question a bulk Send Now or Regenerate asks first (bulk_questions.ts): how many orders it acts
 * on and what the rows' own questions would have said. Each song booked for a later day has a box of
 * its own, clear until staff tick it, so none goes early by a bulk click.
 */
export function BulkConfirm({ action, confirmLabel, ticked, busy, onConfirm, onCancel }: BulkConfirmProps) {
  const [sendEarly, setSendEarly] = useState<ReadonlySet<string>>(new Set());
  const question = bulkQuestion(action, ticked, Date.now(), { sendEarly });
  const toggle = (id: string) => {
    const next = new Set(sendEarly);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSendEarly(next);
  };
  const canConfirm = question.count > 0 && !busy;
  return (
    <Dialog title={question.title} description={question.summary} onClose={onCancel}>
      {question.notes.length > 0 && (
        <ul className="grid gap-2 text-sm text-slate-700" data-bulk-notes="">
          {question.notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      )}
      {question.early.length > 0 && (
        <fieldset className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-semibold text-amber-950">Send early anyway</legend>
          {question.early.map((early) => (
            <label key={early.id} className="flex min-h-[44px] cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={sendEarly.has(early.id)}
                onChange={() =>
                  toggle(early.id)}
                className="h-5 w-5 cursor-pointer accent-violet-700"
              />
              {early.text}
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions
        label={busy ? "Working..." : confirmLabel}
        onConfirm={() => onConfirm(daysConfirmed(ticked, sendEarly))}
        onCancel={onCancel}
        busy={busy}
        disabled={question.count === 0}
        autoFocus={canConfirm ? "confirm" : "cancel"}
      />
    </Dialog>
  );
}

/** Each ticked early song with its day as the dialog showed it: the server sends it only on that day. */
function daysConfirmed(
  ticked: readonly ListedOrder[],
  sendEarly: ReadonlySet<string>,
): Record<string, string> {
  return Object.fromEntries(
    ticked.flatMap((order) =>
      sendEarly.has(order.id) && order.requestedDelivery ? [[order.id, order.requestedDelivery.at]] : []
    ),
  );
}
