import {
  ADMIN_FILTER_LABELS,
  ADMIN_FILTER_TABS,
  type AdminFilter,
} from "../../../domain/admin/order_list.ts";
import { TabList } from "../Tabs.tsx";

export const FILTER_TABS_ID = "admin-filter";

export interface FilterTabsProps {
  selected: AdminFilter;
  /** Null until the first list has arrived. */
  counts: Record<AdminFilter, number> | null;
  onSelect(filter: AdminFilter): void;
}

/** A tab's count badge: failed songs wait on staff, so their count is red whenever there is one. */
function countClass(key: AdminFilter, count: number | null, selected: boolean): string {
  if (key === "failed" && count) return "bg-red-700 text-white";
  return selected ? "bg-violet-800 text-white" : "bg-slate-100 text-slate-700";
}

/**
 * Staff-side §2: All, Review, Approved and Sent, For a date (songs still to be sent on a
 * day the family chose), In Progress and Failed, each with its count, in the order of
 * ADMIN_FILTER_TABS; the list is their panel.
 */
export function FilterTabs({ selected, counts, onSelect }: FilterTabsProps) {
  const items = ADMIN_FILTER_TABS.map((key) => ({
    key,
    label: (
      <>
        {ADMIN_FILTER_LABELS[key]}
        <span
          data-count={key}
          className={`min-w-[1.75rem] rounded-full px-2 py-0.5 text-xs font-bold tabular-nums ${
            countClass(key, counts?.[key] ?? null, key === selected)
          }`}
        >
          {counts ? counts[key].toLocaleString("en-US") : "…"}
        </span>
      </>
    ),
  }));
  return (
    <TabList
      label="Filter orders"
      idBase={FILTER_TABS_ID}
      items={items}
      selected={selected}
      onSelect={onSelect}
      // Wrapping rather than squeezing a label onto two lines where seven do not fit: three rows on a
      // phone rather than the four a two-column grid took, which started the list below the fold.
      className="flex flex-wrap gap-1 rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
      tabClass={(isSelected) =>
        `inline-flex min-h-[44px] items-center justify-center gap-1.5 whitespace-nowrap rounded-xl px-2.5 text-sm sm:gap-2 sm:px-4 font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-1 ${
          isSelected ? "bg-violet-600 text-white" : "text-slate-700 hover:bg-violet-50"
        }`}
    />
  );
}
