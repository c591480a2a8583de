import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { SearchIcon } from "../../../components/icons.tsx";
import { MAX_SEARCH_LENGTH } from "../../../domain/admin/list_query.ts";

/** The box's id: `/` puts the focus here. */
export const SEARCH_INPUT_ID = "admin-order-search";

/** Long enough not to search on every keystroke, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search the list shows; a change from outside (Reset Filters, Back) replaces the text. */
  value: string;
  onSearch(q: string): void;
}

/** Staff-side §2: one box over order number, child name, parent name and parent email (the server matches). */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  useSignals();
  const text = useSignal(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The last search this box asked for, to tell its own echo from a change made elsewhere. */
  const asked = useRef(value);

  useEffect(() => {
    if (value === asked.current) return;
    asked.current = value;
    clearTimeout(timer.current);
    text.value = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (next: string) => {
    text.value = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = next.trim();
      if (q === asked.current) return;
      asked.current = q;
      onSearch(q);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="relative w-full lg:w-72">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        Search orders by order number, child, parent name or email
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        value={text.value}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search orders"
        autoComplete="off"
        aria-keyshortcuts="/"
        onChange={(event) => onInput(event.currentTarget.value)}
        className="block h-11 w-full rounded-full border border-slate-300 bg-white pl-10 pr-4 text-base text-slate-900 placeholder-slate-400 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200"
      />
    </div>
  );
}
