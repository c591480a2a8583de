import { type KeyboardEvent, useEffect, useRef } from "react";
import { buttonClass } from "../../components/ui.ts";

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question with two answers. Focus moves into it on open, Tab stays inside, Escape cancels,
 * and focus returns to where it was on close (ARCHITECTURE §8: focus management in dialogs).
 */
export function ConfirmDialog(
  { title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps,
) {
  const dialog = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    confirm.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== "Tab") return;
    const buttons = [...dialog.current!.querySelectorAll<HTMLElement>("button")];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/50 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-dialog-title"
        aria-describedby="confirm-dialog-message"
        onKeyDown={onKeyDown}
        className="grid max-h-[90vh] w-full max-w-md gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="confirm-dialog-title" className="font-display text-xl font-bold text-slate-900">{title}</h2>
        <p id="confirm-dialog-message" className="text-slate-600">{message}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass("outline")} onClick={onCancel}>{cancelLabel}</button>
          <button ref={confirm} type="button" className={buttonClass("primary")} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
