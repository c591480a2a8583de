import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect } from "react";
import { buttonClass } from "../../../components/ui.ts";
import type { StaffActivityPage } from "../../../domain/admin/staff_activity.ts";
import { api } from "../../lib/api.ts";
import { orderHref } from "../attention/attention_text.ts";
import { LocalTime } from "../LocalTime.tsx";
import { ownTimeZone } from "../clock.ts";
import { NARROW_CONTROL, NarrowField, NarrowSelect } from "../Narrowing.tsx";
import { activityApiPath, type ActivityFilters, isNarrowed, NO_FILTERS, today } from "./activity_query.ts";

const HEADING_ID = "staff-activity-heading";

/**
 * The staff activity log: what staff did across orders, newest first, narrowed to a staff member,
 * a day on the staff member's own clock, or one order ("who approved #1070"), each line a link to its
 * order. Older actions are added below on request, a page at a time.
 */
export function StaffActivityTab() {
  useSignals();
  const filters = useSignal<ActivityFilters>(NO_FILTERS);
  const shown = useSignal<ActivityFilters>(NO_FILTERS);
  const page = useSignal<StaffActivityPage | null>(null);
  const loading = useSignal(false);
  const problem = useSignal<string | null>(null);

  const load = async (asked: ActivityFilters, cursor = "") => {
    loading.value = true;
    problem.value = null;
    try {
      const answer = await api<StaffActivityPage>("GET", activityApiPath(asked, ownTimeZone(), cursor));
      shown.value = asked;
      page.value = cursor && page.value
        ? { ...answer, entries: [...page.value.entries, ...answer.entries] }
        : answer;
    } catch (error) {
      problem.value = error instanceof Error ? error.message : "The log could not be read. Please try again.";
    } finally {
      loading.value = false;
    }
  };

  useEffect(() => {
    load(NO_FILTERS);
  }, []);

  const set = (change: Partial<ActivityFilters>) => (filters.value = { ...filters.value, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    load(filters.value);
  };
  const reset = () => {
    filters.value = NO_FILTERS;
    load(NO_FILTERS);
  };
  const current = page.value;

  return (
    <section aria-labelledby={HEADING_ID} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={HEADING_ID} className="font-display text-xl font-bold text-slate-900">Staff activity</h2>
        <p className="text-sm text-slate-600">What staff did to orders, newest first.</p>
      </div>
      <form onSubmit={submit} aria-label="Narrow the staff activity" className="grid gap-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <NarrowSelect
            label="Staff member"
            value={filters.value.by}
            choices={["", ...(current?.staff ?? [])]}
            labelOf={(name) => name || "Everyone"}
            onChange={(by) => set({ by })}
          />
          <NarrowField label="Day">
            <input
              type="date"
              value={filters.value.day}
              onChange={(event) => set({ day: event.currentTarget.value })}
              className={NARROW_CONTROL}
            />
          </NarrowField>
          <NarrowField label="Order number">
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Any, or e.g. 1070"
              value={filters.value.order}
              onChange={(event) => set({ order: event.currentTarget.value })}
              className={NARROW_CONTROL}
            />
          </NarrowField>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className={`${buttonClass("primary", "sm")} min-h-[44px]`}
            disabled={loading.value}
          >
            Show
          </button>
          <button
            type="button"
            className={`${buttonClass("outline", "sm")} min-h-[44px]`}
            onClick={() => {
              set({ day: today() });
              load({ ...filters.value });
            }}
          >
            Today
          </button>
          {(isNarrowed(filters.value) || isNarrowed(shown.value)) && (
            <button type="button" className={`${buttonClass("ghost", "sm")} min-h-[44px]`} onClick={reset}>
              Show everything
            </button>
          )}
        </div>
      </form>
      {problem.value && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">{problem.value}</p>
      )}
      <p role="status" className="sr-only">
        {current && !loading.value ? `${current.entries.length} staff actions shown.` : ""}
      </p>
      {current && current.entries.length === 0 && (
        <p className="text-sm text-slate-600">No staff actions match.</p>
      )}
      {current && current.entries.length > 0 && (
        <ol
          aria-label="Staff actions, newest first"
          className="grid divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {current.entries.map((entry) => (
            <li
              key={entry.eventId}
              data-activity-entry=""
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr]"
            >
              <span className="text-slate-600">
                <LocalTime iso={entry.at} />
              </span>
              <span className="grid min-w-0 gap-0.5">
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <a
                    href={orderHref(entry)}
                    className="font-mono font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                  >
                    #{entry.orderNumber}
                  </a>
                  <span className="font-medium text-slate-900">{entry.childName}</span>
                  <span className="break-all text-slate-600">{entry.by}</span>
                </span>
                <span className="break-words text-slate-800">{entry.message}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {current?.next && (
        <button
          type="button"
          className={`${buttonClass("outline", "sm")} min-h-[44px] w-fit`}
          disabled={loading.value}
          onClick={() => load(shown.value, current.next ?? "")}
        >
          Show older actions
        </button>
      )}
    </section>
  );
}
