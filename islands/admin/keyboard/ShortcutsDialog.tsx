import { useEffect, useRef } from "react";
import { CloseButton, Dialog } from "../../lib/Dialog.tsx";
import { PLAYER_KEYS, REASON_KEYS, type ShortcutScope, shortcutsIn } from "./shortcuts.ts";

const KBD =
  "inline-block min-w-[1.75rem] rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-sm font-semibold text-slate-900";

const SECTIONS: { title: string; scope: ShortcutScope }[] = [
  { title: "On the order list", scope: "list" },
  { title: "In Song Preview", scope: "preview" },
];

/** `?`: every shortcut, from the one list that defines them (shortcuts.ts). */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const list = useRef<HTMLDivElement>(null);
  // Focusing the list scrolled its top to the top of the panel: the title above it is shown again.
  useEffect(() => {
    const frame = requestAnimationFrame(() => list.current?.closest("[role=dialog]")?.scrollTo({ top: 0 }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Dialog
      title="Keyboard shortcuts"
      description="They work while you are not typing in a field."
      onClose={onClose}
    >
      {/* Opened on its list, not its Close button: on a phone the list is taller than the screen. */}
      <div ref={list} data-autofocus="" tabIndex={-1} className="grid gap-5 focus:outline-none">
        {SECTIONS.map(({ title, scope }) => <KeyList key={scope} title={title} keys={shortcutsIn(scope)} />)}
        <KeyList title="In the song player" keys={PLAYER_KEYS} />
        <KeyList title="Saying why a song is rejected" keys={REASON_KEYS} />
        <div className="flex justify-end">
          <CloseButton onClose={onClose} />
        </div>
      </div>
    </Dialog>
  );
}

function KeyList({ title, keys }: { title: string; keys: readonly { label: string; what: string }[] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-bold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="grid gap-2 text-sm">
        {keys.map(({ label, what }) => (
          <div key={label} className="flex items-baseline gap-3">
            <dt className="min-w-[6rem] shrink-0 sm:w-44">
              <kbd className={KBD}>{label}</kbd>
            </dt>
            <dd className="text-slate-700">{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
