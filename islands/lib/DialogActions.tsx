import type { ReactNode, Ref } from "react";
import { buttonClass } from "../../components/ui.ts";

export interface DialogActionsProps {
  /** What the primary button says now, its busy words included. */
  label: ReactNode;
  /** Absent: the primary button submits the form the row stands in. */
  onConfirm?(): void;
  onCancel(): void;
  cancelLabel?: string;
  variant?: "primary" | "destructive";
  size?: "sm" | "md";
  /** The action runs. */
  busy?: boolean;
  /**
   * While busy the primary button only says so (a wait cursor, `aria-disabled`) and Cancel stays
   * usable: a dialog whose fields are disabled while it works would otherwise have nothing left to
   * hold the focus. Without it both buttons are disabled while busy.
   */
  holdFocus?: boolean;
  /** The primary button cannot be used yet (nothing chosen, a value out of bounds). */
  disabled?: boolean;
  /** Which of the two the dialog opens on (`data-autofocus`). */
  autoFocus?: "cancel" | "confirm";
  confirmRef?: Ref<HTMLButtonElement>;
}

/** A dialog's last row: Cancel, then its one action; stacked with the action on top on a phone. */
export function DialogActions(
  {
    label,
    onConfirm,
    onCancel,
    cancelLabel = "Cancel",
    variant = "primary",
    size = "md",
    busy = false,
    holdFocus = false,
    disabled = false,
    autoFocus,
    confirmRef,
  }: DialogActionsProps,
) {
  const waiting = holdFocus && busy;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        type="button"
        data-autofocus={autoFocus === "cancel" || undefined}
        className={`${buttonClass("outline", size)} min-h-[44px]`}
        onClick={onCancel}
        disabled={busy && !holdFocus}
      >
        {cancelLabel}
      </button>
      <button
        ref={confirmRef}
        type={onConfirm ? "button" : "submit"}
        data-autofocus={autoFocus === "confirm" || undefined}
        className={`${buttonClass(variant, size)} min-h-[44px] ${waiting ? "cursor-wait opacity-60" : ""}`}
        onClick={onConfirm}
        disabled={disabled || (busy && !holdFocus)}
        aria-disabled={waiting || undefined}
      >
        {label}
      </button>
    </div>
  );
}
