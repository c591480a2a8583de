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

export interface ListNarrowingProps {
  query: ListQuery;
  onChange(next: Partial<ListQuery>): void;
}

const FIELD = "grid min-w-0 gap-1 text-sm font-medium text-slate-700";
const CONTROL =
  "block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200";

/** The browser's own time zone: the days staff pick are their days. */
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
      <label className={FIELD}>
        Sort
        <select
          value={query.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value as ListQuery["sort"], page: 1 })}
          className={CONTROL}
        >
          {LIST_SORTS.map((sort) => <option key={sort} value={sort}>{LIST_SORT_LABELS[sort]}</option>)}
        </select>
      </label>
      <label className={FIELD}>
        Gift
        <select
          value={query.gift}
          onChange={(event) => onChange({ gift: event.currentTarget.value as ListQuery["gift"], page: 1 })}
          className={CONTROL}
        >
          {GIFT_CHOICES.map((gift) => <option key={gift} value={gift}>{GIFT_LABELS[gift]}</option>)}
        </select>
      </label>
      <label className={FIELD}>
        Streaming
        <select
          value={query.streaming}
          onChange={(event) =>
            onChange({ streaming: event.currentTarget.value as ListQuery["streaming"], page: 1 })}
          className={CONTROL}
        >
          {STREAMING_CHOICES.map((choice) => (
            <option key={choice} value={choice}>{STREAMING_LABELS[choice]}</option>
          ))}
        </select>
      </label>
      <label className={FIELD}>
        Referral code
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
          className={`${CONTROL} uppercase placeholder:normal-case`}
        />
        {codeProblem.value && (
          <span id="list-code-problem" className="text-xs font-normal text-red-700">{codeProblem.value}</span>
        )}
      </label>
      <label className={FIELD}>
        Placed from
        <input
          type="date"
          value={query.from}
          max={query.to || undefined}
          onChange={(event) => setDay("from", event.currentTarget.value)}
          className={CONTROL}
        />
      </label>
      <label className={FIELD}>
        Placed to
        <input
          type="date"
          value={query.to}
          min={query.from || undefined}
          onChange={(event) => setDay("to", event.currentTarget.value)}
          className={CONTROL}
        />
      </label>
      {otherZone && (
        <p className="col-span-full text-xs text-slate-600">Days are read in the time zone {otherZone}.</p>
      )}
    </fieldset>
  );
}
