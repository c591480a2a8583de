import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui.ts";

export interface DialogProps {
  title: ReactNode;
  /** Read by screen readers with the title; also shown under it. */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** max-w-md for questions, max-w-2xl for forms, max-w-4xl for detail views. */
  size?: "md" | "lg" | "xl";
}

const SIZES = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/** Open dialogs, innermost last: Escape closes only the innermost (a confirmation above a form). */
const openDialogs: HTMLElement[] = [];

/** The dialog keys go to now, if one is open: page-wide shortcuts ask it whether they are meant for it. */
export function innermostDialog(): HTMLElement | null {
  return openDialogs.at(-1) ?? null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (ARCHITECTURE §8: focus management in dialogs). Focus moves to the first field or
 * button inside on open (or an element marked `data-autofocus`; a field that took it as it was drawn
 * keeps it), Tab and Shift+Tab stay inside,
 * Escape and a click on the backdrop close it, and focus returns to where it was on close. Focus that
 * falls out (a focused button becomes disabled while it works) is brought back to the panel, and
 * Escape is heard on the document, so it still works then. The panel is at most 90vh tall and
 * scrolls inside, so long content never pushes the buttons away.
 */
export function Dialog({ title, description, onClose, children, size = "md" }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const close = useRef(onClose);
  close.current = onClose;

  // Where the focus was before the dialog was drawn (a field inside may take it as it is drawn).
  const [opener] = useState(() => typeof document === "undefined" ? null : document.activeElement);

  useEffect(() => {
    const previous = (opener ?? document.activeElement) as HTMLElement | null;
    const root = panel.current!;
    const first = root.querySelector<HTMLElement>("[data-autofocus]") ??
      root.querySelector<HTMLElement>(FOCUSABLE) ?? root;
    // A field that took the focus as it was drawn (autoFocus) keeps it: it was opened to be written in.
    if (!root.contains(document.activeElement)) first.focus();
    openDialogs.push(root);
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || openDialogs.at(-1) !== root) return;
      event.preventDefault();
      event.stopPropagation();
      close.current();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return;
      // Nothing took the focus: it went to the page behind (e.g. a button that just became disabled).
      queueMicrotask(() => {
        if (document.activeElement === document.body && openDialogs.at(-1) === root) root.focus();
      });
    };
    document.addEventListener("keydown", onEscape);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onEscape);
      root.removeEventListener("focusout", onFocusOut);
      openDialogs.splice(openDialogs.indexOf(root), 1);
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const focusable = [...panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE)]
      .filter((element) => element.offsetParent !== null || element === document.activeElement);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`grid max-h-[90vh] w-full ${
          SIZES[size]
        } gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none`}
      >
        <div className="grid gap-1">
          <h2 id={titleId} className="font-display text-xl font-bold text-slate-900">{title}</h2>
          {description && <p id={descriptionId} className="text-slate-600">{description}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}

/** The Close button at a dialog's foot, for dialogs that only show things. */
export function CloseButton({ onClose }: { onClose(): void }) {
  return (
    <button type="button" onClick={onClose} className={`${buttonClass("outline", "sm")} min-h-[44px]`}>
      Close
    </button>
  );
}
