import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useId } from "react";
import { INPUT_CLASS } from "../../../components/ui.ts";
import { MAX_REJECTION_REASON_CHARS } from "../../../domain/admin/staff_actions.ts";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { FieldLabel } from "../FieldLabel.tsx";

export interface RejectFormProps {
  /** The call is under way: the form waits and its button says so. */
  busy: boolean;
  onReject(reason: string): void;
  onCancel(): void;
}

/**
 * Reject, inside the preview: why the song goes back to be made again. The reason is
 * required, as the next person to review the remade song reads it.
 */
export function RejectForm({ busy, onReject, onCancel }: RejectFormProps) {
  useSignals();
  const reason = useSignal("");
  const problem = useSignal<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const send = () => {
    if (busy) return;
    const text = reason.value.trim();
    if (!text) {
      problem.value = "Please say why the song is rejected.";
      return;
    }
    onReject(text);
  };
  return (
    <form data-reject-form="" onSubmit={submit} noValidate className="grid gap-2">
      <FieldLabel htmlFor={`${id}-reason`}>Why is it sent back?</FieldLabel>
      <textarea
        id={`${id}-reason`}
        // Opened to write in: the focus goes here (Escape still closes the dialog).
        autoFocus
        required
        rows={3}
        maxLength={MAX_REJECTION_REASON_CHARS}
        value={reason.value}
        aria-invalid={problem.value ? true : undefined}
        aria-describedby={`${id}-count${problem.value ? ` ${id}-problem` : ""}`}
        onChange={(event) => {
          reason.value = event.currentTarget.value;
          if (problem.value && reason.value.trim()) problem.value = null;
        }}
        // Enter is a new line in a reason; Ctrl+Enter (⌘+Enter) sends it, so a Reject is r, the words, send.
        aria-keyshortcuts="Control+Enter Meta+Enter"
        onKeyDown={(event) => {
          if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          send();
        }}
        className={INPUT_CLASS}
      />
      <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
        {problem.value
          ? <p id={`${id}-problem`} className="font-semibold text-red-700">{problem.value}</p>
          : <span />}
        <p id={`${id}-count`} className="tabular-nums text-slate-600">
          {reason.value.length}/{MAX_REJECTION_REASON_CHARS}
        </p>
      </div>
      <DialogActions
        label={busy ? "Sending back..." : "Send back to be made again"}
        onCancel={onCancel}
        variant="destructive"
        size="sm"
        busy={busy}
      />
    </form>
  );
}
