import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect } from "react";
import { AlertCircleIcon } from "../../../components/icons.tsx";
import { api } from "../../lib/api.ts";
import { orderHref } from "./attention_text.ts";
import { type BacklogAnswer, failureShare, overdueWarning, waited } from "./backlog_text.ts";

/** As often as the order list refreshes. */
const BACKLOG_REFRESH_MS = 10_000;

/**
 * The studio's background work at a glance: songs in the making, the family that has waited longest
 * for their song, late emails and how often the outside services failed in the last hour. Warns while emails are overdue.
 */
export function BacklogPanel() {
  useSignals();
  const backlog = useSignal<BacklogAnswer | null>(null);

  useEffect(() => {
    const load = () =>
      api<BacklogAnswer>("GET", "/api/admin/backlog").then((answer) => (backlog.value = answer)).catch(() => {
        // The figures stay as they were; the order list says when the server cannot be reached.
      });
    load();
    const timer = setInterval(load, BACKLOG_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const current = backlog.value;
  if (!current) return null;
  const warning = overdueWarning(current);
  const longest = current.longestWaiting;
  const figures: { label: string; value: string; note?: ReactNode }[] = [
    { label: "Songs in the making", value: String(current.generating) },
    // The family's wait, from their order to their song: what the 24-hour promise counts.
    {
      label: "Longest waiting",
      value: waited(longest?.since ?? null, current.checkedAt),
      note: longest && (
        <>
          <a
            href={orderHref(longest)}
            className="font-mono font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            #{longest.orderNumber}
          </a>{" "}
          since ordering
        </>
      ),
    },
    { label: "Emails overdue", value: String(current.overdueSends) },
    { label: "Failed calls, last hour", value: failureShare(current.lastHour) },
  ];
  return (
    <section aria-label="Studio backlog" className="grid gap-2">
      {warning && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <AlertCircleIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {warning}
        </p>
      )}
      {/* One line of figures (four tall boxes pushed the order list below the fold). */}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white px-3 py-2 text-xs sm:flex sm:flex-wrap sm:gap-x-5 sm:text-sm">
        {figures.map(({ label, value, note }) => (
          <div key={label} className="sm:flex sm:items-baseline sm:gap-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
            {note && <dd className="text-slate-600">{note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
