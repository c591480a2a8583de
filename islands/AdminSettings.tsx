import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { PromptEditorDialog } from "./admin/prompts/PromptEditorDialog.tsx";

/** The navigation's admin settings buttons (desktop icon, mobile menu entry), drawn by the server. */
const TRIGGER = "[data-admin-settings]";

/**
 * Staff-side §2 and §6: demo users open the prompt editor from the site navigation. The buttons are
 * server-rendered in components/Nav.tsx; this island, placed on every page for demo users only,
 * draws nothing until one of them is clicked.
 */
export default function AdminSettings() {
  useSignals();
  const open = useSignal(false);
  /** The mobile menu the button was in: closed while the dialog is open, its toggle refocused after. */
  const menu = useRef<HTMLDetailsElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.(TRIGGER);
      if (!trigger) return;
      event.preventDefault();
      menu.current = trigger.closest<HTMLDetailsElement>("details[data-menu]");
      if (menu.current) menu.current.open = false;
      open.value = true;
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    // The dialog hands focus back to the button it was opened from; inside a closed menu that button
    // is hidden, so the menu's own toggle takes the focus instead.
    if (!open.value && menu.current) {
      menu.current.querySelector("summary")?.focus();
      menu.current = null;
    }
  }, [open.value]);

  return open.value ? <PromptEditorDialog onClose={() => (open.value = false)} /> : null;
}
