import { useEffect, useRef } from "react";
import { type Shortcut, shortcutOf, type ShortcutScope, worksIn } from "./shortcuts.ts";

/** What the keys reach at the moment of a press. */
export interface ShortcutTarget {
  scope: ShortcutScope;
  handlers: Partial<Record<Shortcut, () => void>>;
}

/**
 * One key listener on the document for every shortcut. `target` is asked at each press,
 * so it answers for the screen as it is then: the list, the open preview, or nothing (null) while
 * another dialog is open or the list is not shown. So a key meant for the preview never also acts on
 * the list under it. A shortcut that does nothing there is left to the browser.
 */
export function useShortcuts(target: () => ShortcutTarget | null) {
  const current = useRef(target);
  current.current = target;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      const reached = current.current();
      if (!reached || !worksIn(shortcut, reached.scope)) return;
      const handler = reached.handlers[shortcut];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
