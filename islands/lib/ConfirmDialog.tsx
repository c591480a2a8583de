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
  /**
   * The confirmed action cannot be undone (deleting something): the confirm button is red, and the
   * dialog opens on Cancel, so an Enter pressed out of habit keeps things as they are.
   */
  destructive?: boolean;
}

/** A modal question with two answers; Escape cancels. */
export function ConfirmDialog(
  { title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busyLabel, destructive = false }:
    ConfirmDialogProps,
) {
  return (
    <Dialog title={title} description={message} onClose={onCancel}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          data-autofocus={destructive || undefined}
          type="button"
          className={buttonClass("outline")}
          onClick={onCancel}
          disabled={!!busyLabel}
        >
          {cancelLabel}
        </button>
        <button
          data-autofocus={!destructive || undefined}
          type="button"
          className={buttonClass(destructive ? "destructive" : "primary")}
          onClick={onConfirm}
          disabled={!!busyLabel}
        >
          {busyLabel ?? confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
