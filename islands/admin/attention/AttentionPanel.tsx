import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId } from "react";
import type { AttentionAnswer, AttentionGroupName } from "../../../domain/admin/attention.ts";
import { api } from "../../lib/api.ts";
import {
  countText,
  GROUP_TAB,
  groupsToShow,
  groupTitle,
  orderHref,
  orderNote,
  storageOutageText,
  tabHref,
  tabLinkText,
} from "./attention_text.ts";
import { disclosure } from "../../lib/disclosure.ts";

/**
 * Less often than the backlog: what it flags takes hours to build up (a review wait, a date's
 * approval window), and each look reads up to a couple of hundred orders.
 */
export const ATTENTION_REFRESH_MS = 30_000;

const HEADING_ID = "attention-heading";

/**
 * "Needs attention", on the dashboard: the orders that wait on staff before a family is let down, or already are (failed songs,
 * late sends, families past the 24-hour promise, dates at risk, songs long in review), each a link
 * to the order in the list.
 */
export function AttentionPanel() {
  useSignals();
  const answer = useSignal<AttentionAnswer | null>(null);

  useEffect(() => {
    const load = () =>
      api<AttentionAnswer>("GET", "/api/admin/attention").then((current) => (answer.value = current))
        .catch(() => {
          // What was shown stays; the order list says when the server cannot be reached.
        });
    load();
    const timer = setInterval(load, ATTENTION_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return answer.value && <AttentionView answer={answer.value} />;
}

/**
 * The panel as one answer makes it: every group with something in it, or one line saying nothing is.
 * Compact above the order list (taller, it pushed the list below the fold): one line of each
 * group's count, its orders shown on request. Beside the list on a wide screen, where there is room,
 * the orders are always shown.
 */
export function AttentionView({ answer }: { answer: AttentionAnswer }) {
  useSignals();
  const groups = groupsToShow(answer);
  const outage = answer.storageOutage;
  const open = useSignal(false);
  const listId = `attention-orders-${useId().replace(/[^\w-]/g, "")}`;
  return (
    <section
      aria-labelledby={HEADING_ID}
      data-attention=""
      className="grid gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-2 sm:py-3"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={HEADING_ID} className="font-display text-base font-bold text-slate-900">Needs attention</h2>
        {groups.length === 0
          ? !outage && <p className="text-sm text-slate-600">Nothing needs attention right now.</p>
          : (
            <>
              <ul
                className="order-last flex basis-full flex-wrap gap-1.5 sm:order-none sm:basis-auto 2xl:hidden"
                data-attention-summary=""
              >
                {groups.map((name) => (
                  <li key={name} className="rounded-full bg-slate-50 px-2.5 py-0.5 text-xs text-slate-800">
                    {groupTitle(name, answer)}{" "}
                    <span className={`font-bold tabular-nums ${urgent(name) ? "text-red-700" : ""}`}>
                      {countText(answer[name])}
                    </span>
                  </li>
                ))}
              </ul>
              <button
                {...disclosure(open, listId)}
                className="-my-2 ml-auto min-h-[44px] rounded-lg px-2 text-sm font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 2xl:hidden"
              >
                {open.value ? "Hide orders" : "Show orders"}
              </button>
            </>
          )}
      </div>
      {outage && (
        <p data-attention-storage="" className="break-words text-sm font-medium text-red-700">
          {storageOutageText(outage, answer.checkedAt)}
        </p>
      )}
      {groups.length > 0 && (
        <div
          id={listId}
          className={`${
            open.value ? "grid" : "hidden"
          } grid-cols-1 gap-3 md:grid-cols-2 2xl:grid 2xl:grid-cols-1`}
        >
          {groups.map((name) => <Group key={name} name={name} answer={answer} />)}
        </div>
      )}
    </section>
  );
}

/** What has gone wrong already is in red; what is about to, in amber. */
const urgent = (name: AttentionGroupName) =>
  name === "failed" || name === "storageWait" || name === "overdueSends" || name === "pastPromise";

function Group({ name, answer }: { name: AttentionGroupName; answer: AttentionAnswer }) {
  const group = answer[name];
  const tab = GROUP_TAB[name];
  const headingId = `attention-${name}`;
  return (
    <div data-attention-group={name} className="grid content-start gap-1 rounded-xl bg-slate-50 p-3">
      <h3
        id={headingId}
        className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-900"
      >
        {groupTitle(name, answer)}
        <span
          data-attention-count=""
          className={`min-w-[1.75rem] rounded-full px-2 py-0.5 text-center text-xs font-bold tabular-nums ${
            urgent(name) ? "bg-red-700 text-white" : "bg-amber-100 text-amber-900"
          }`}
        >
          {countText(group)}
        </span>
      </h3>
      <ul className="grid">
        {group.orders.map((order) => (
          <li key={order.id}>
            <a
              href={orderHref(order)}
              className="flex min-h-[44px] flex-wrap items-center gap-x-2 rounded-lg px-1 text-sm text-slate-700 hover:bg-violet-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <span className="font-mono font-semibold text-violet-700 underline underline-offset-2">
                #{order.orderNumber}
              </span>
              <span className="min-w-0 break-words font-medium text-slate-900">{order.childName}</span>
              <span className={order.risk === "missed" ? "font-medium text-red-700" : ""}>
                {orderNote(name, order, answer.checkedAt)}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {tab && group.count > group.orders.length && (
        <a
          href={tabHref(tab)}
          className="w-fit rounded py-2 text-sm font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {tabLinkText(tab)}
        </a>
      )}
    </div>
  );
}
