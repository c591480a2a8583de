import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { LIST_SORT_LABELS, LIST_SORTS, type ListQuery } from "../../../domain/admin/list_query.ts";
import {
  GIFT_CHOICES,
  GIFT_LABELS,
  STREAMING_CHOICES,
  STREAMING_LABELS,
} from "../../../domain/admin/list_views.ts";
import { parseReferralCode } from "../../../domain/referral/code.ts";
import { ownTimeZone } from "../clock.ts";
import { NARROW_CONTROL, NarrowField, NarrowSelect } from "../Narrowing.tsx";

export interface ListNarrowingProps {
  query: ListQuery;
  onChange(next: Partial<ListQuery>): void;
}

/**
 * The list sorted oldest or newest first, and narrowed by gift, the streaming add-on and its
 * status, referral code and the days orders were placed. Each choice is in the address, so a link
 * shared with a colleague opens the same list.
 */
export function ListNarrowing({ query, onChange }: ListNarrowingProps) {
  useSignals();
  const code = useSignal(query.code);
  // Known only in the browser: the server renders without it, so the first render agrees with the HTML.
  const browserZone = useSignal<string | null>(null);
  useEffect(() => {
    browserZone.value = ownTimeZone();
  }, []);
  const codeProblem = useSignal<string | null>(null);
  // A change from outside (Reset Filters, Back) replaces what is typed.
  useEffect(() => {
    code.value = query.code;
    codeProblem.value = null;
  }, [query.code]);

  const applyCode = () => {
    const typed = code.value.trim();
    if (typed === "") {
      codeProblem.value = null;
      if (query.code) onChange({ code: "", page: 1 });
      return;
    }
    const parsed = parseReferralCode(typed);
    if (!parsed.ok) {
      codeProblem.value = parsed.message;
      return;
    }
    codeProblem.value = null;
    code.value = parsed.code;
    if (parsed.code !== query.code) onChange({ code: parsed.code, page: 1 });
  };

  const setDay = (field: "from" | "to", day: string) => {
    const next: Partial<ListQuery> = { [field]: day, page: 1 };
    // A first day after the last (or the other way) moves the other with it: one day is asked for.
    if (field === "from" && day && query.to && day > query.to) next.to = day;
    if (field === "to" && day && query.from && day < query.from) next.from = day;
    // Days are read in one time zone: the one of whoever chose them last.
    const other = field === "from" ? query.to : query.from;
    if (day || other) next.tz = ownTimeZone();
    onChange(next);
  };
  const otherZone = browserZone.value && (query.from || query.to) && query.tz !== browserZone.value
    ? query.tz
    : null;

  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <legend className="sr-only">Sort and narrow the orders</legend>
      <NarrowSelect
        label="Sort"
        value={query.sort}
        choices={LIST_SORTS}
        labelOf={(sort) => LIST_SORT_LABELS[sort]}
        onChange={(sort) => onChange({ sort, page: 1 })}
      />
      <NarrowSelect
        label="Gift"
        value={query.gift}
        choices={GIFT_CHOICES}
        labelOf={(gift) => GIFT_LABELS[gift]}
        onChange={(gift) => onChange({ gift, page: 1 })}
      />
      <NarrowSelect
        label="Streaming"
        value={query.streaming}
        choices={STREAMING_CHOICES}
        labelOf={(choice) => STREAMING_LABELS[choice]}
        onChange={(streaming) => onChange({ streaming, page: 1 })}
      />
      <NarrowField label="Referral code">
        <input
          type="text"
          value={code.value}
          placeholder="Any"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={codeProblem.value ? true : undefined}
          aria-describedby={codeProblem.value ? "list-code-problem" : undefined}
          onChange={(event) => (code.value = event.currentTarget.value)}
          onBlur={applyCode}
          onKeyDown={(event) => {
            if (event.key === "Enter") applyCode();
          }}
          className={`${NARROW_CONTROL} uppercase placeholder:normal-case`}
        />
        {codeProblem.value && (
          <span id="list-code-problem" className="text-xs font-normal text-red-700">{codeProblem.value}</span>
        )}
      </NarrowField>
      <NarrowField label="Placed from">
        <input
          type="date"
          value={query.from}
          max={query.to || undefined}
          onChange={(event) => setDay("from", event.currentTarget.value)}
          className={NARROW_CONTROL}
        />
      </NarrowField>
      <NarrowField label="Placed to">
        <input
          type="date"
          value={query.to}
          min={query.from || undefined}
          onChange={(event) => setDay("to", event.currentTarget.value)}
          className={NARROW_CONTROL}
        />
      </NarrowField>
      {otherZone && (
        <p className="col-span-full text-xs text-slate-600">Days are read in the time zone {otherZone}.</p>
      )}
    </fieldset>
  );
}
