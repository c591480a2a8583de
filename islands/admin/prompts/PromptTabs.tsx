import { type KeyboardEvent, useRef } from "react";
import { PROMPT_KINDS, PROMPT_TAB_LABELS, type PromptKind } from "./prompts.ts";

export function promptTabId(kind: PromptKind): string {
  return `prompt-tab-${kind}`;
}

export function promptPanelId(kind: PromptKind): string {
  return `prompt-panel-${kind}`;
}

export interface PromptTabsProps {
  selected: PromptKind;
  /** Tabs with unsaved text get a dot, so a change on the other tab is not forgotten. */
  dirty: Record<PromptKind, boolean>;
  onSelect(kind: PromptKind): void;
}

/**
 * The tab list of the prompt editor (WAI-ARIA tabs): only the selected tab is in the Tab order, and
 * the arrow keys, Home and End move between tabs and select them.
 */
export function PromptTabs({ selected, dirty, onSelect }: PromptTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = PROMPT_KINDS.indexOf(selected);
    const last = PROMPT_KINDS.length - 1;
    const next = event.key === "ArrowRight"
      ? (index + 1) % PROMPT_KINDS.length
      : event.key === "ArrowLeft"
      ? (index + last) % PROMPT_KINDS.length
      : event.key === "Home"
      ? 0
      : event.key === "End"
      ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(PROMPT_KINDS[next]);
    list.current?.querySelector<HTMLElement>(`#${promptTabId(PROMPT_KINDS[next])}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="System prompts"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
    >
      {PROMPT_KINDS.map((kind) => {
        const active = kind === selected;
        return (
          <button
            key={kind}
            type="button"
            role="tab"
            id={promptTabId(kind)}
            aria-selected={active}
            aria-controls={promptPanelId(kind)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(kind)}
            className={`inline-flex min-h-[2.75rem] items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 ${
              active ? "bg-white text-violet-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {PROMPT_TAB_LABELS[kind]}
            {dirty[kind] && (
              <>
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
                <span className="sr-only">(unsaved changes)</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
