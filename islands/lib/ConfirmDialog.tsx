import { Dialog } from "./Dialog.tsx";
import { DialogActions } from "./DialogActions.tsx";

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
      <DialogActions
        label={busyLabel ?? confirmLabel}
        onConfirm={onConfirm}
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        variant={destructive ? "destructive" : "primary"}
        busy={!!busyLabel}
        autoFocus={destructive ? "cancel" : "confirm"}
      />
    </Dialog>
  );
}
