import { type HTMLAttributes, type KeyboardEvent, type ReactNode, useRef } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabListProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  /** Prefix of the tab and panel ids, unique on the page. */
  idBase: string;
  className: string;
  tabClass(selected: boolean): string;
}

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
export const panelId = (idBase: string, key: string) => `${idBase}-panel-${key}`;

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * An ARIA tab list (WAI-ARIA APG, tabs with automatic activation): one tab stop, arrow keys move
 * between tabs and select them, Home and End jump to the ends. Panels are the caller's, labelled
 * with `tabId` and found under `panelId`.
 */
export function TabList<K extends string>(
  { label, items, selected, onSelect, idBase, className, tabClass }: TabListProps<K>,
) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const index = items.findIndex((item) => item.key === selected);
    const target = items[next(Math.max(0, index), items.length)];
    onSelect(target.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, target.key))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const isSelected = item.key === selected;
        return (
          <button
            key={item.key}
            id={tabId(idBase, item.key)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId(idBase, item.key)}
            tabIndex={isSelected ? 0 : -1}
            className={tabClass(isSelected)}
            onClick={() => onSelect(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps extends HTMLAttributes<HTMLDivElement> {
  /** The tab list's `idBase`. */
  idBase: string;
  /** The key of the tab that shows this panel. */
  tab: string;
}

/** The panel of one tab of a `TabList`, found by its tab's `aria-controls` and named by the tab. */
export function TabPanel({ idBase, tab, ...panel }: TabPanelProps) {
  return <div role="tabpanel" id={panelId(idBase, tab)} aria-labelledby={tabId(idBase, tab)} {...panel} />;
}
