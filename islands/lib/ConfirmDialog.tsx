import { buttonClass } from "../../components/ui.ts";
import { Dialog } from "./Dialog.tsx";

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** While the confirmed action runs: both buttons wait, and the confirm button says so. */
  busyLabel?: string | null;
}

/** A modal question with two answers; the confirm button has the focus, Escape cancels. */
export function ConfirmDialog(
  { title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busyLabel }: ConfirmDialogProps,
) {
  return (
    <Dialog title={title} description={message} onClose={onCancel}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass("outline")} onClick={onCancel} disabled={!!busyLabel}>
          {cancelLabel}
        </button>
        <button
          data-autofocus
          type="button"
          className={buttonClass("primary")}
          onClick={onConfirm}
          disabled={!!busyLabel}
        >
          {busyLabel ?? confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
