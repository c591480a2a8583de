import type { FormEvent, MouseEvent } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons.tsx";
import { pageLinks, showingRange } from "../../../domain/admin/order_list.ts";
import type { ListQuery } from "../../../domain/admin/list_query.ts";
import { listQueryString } from "./list_query.ts";

export interface PaginationProps {
  query: ListQuery;
  total: number;
  pageSize: number;
  totalPages: number;
  onPage(page: number): void;
}

const LINK =
  "inline-flex h-11 min-w-[2.75rem] items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";
const IDLE = "text-slate-700 hover:bg-violet-50";
const CURRENT = "bg-violet-600 text-white";
const DISABLED = "cursor-not-allowed text-slate-300";

/**
 * Staff-side §2: 'Showing X to Y of Z orders', previous and next, the first and last page, and the
 * current page's neighbours with ellipses. Real links (`?page=N`), so they work before the island runs.
 */
export function Pagination({ query, total, pageSize, totalPages, onPage }: PaginationProps) {
  const { from, to } = showingRange(query.page, total, pageSize);
  const href = (page: number) => dashboardHref(listQueryString({ ...query, page }));
  const go = (page: number) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab
    event.preventDefault();
    onPage(page);
  };
  const hasPrevious = query.page > 1;
  const hasNext = query.page < totalPages;

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from} to {to} of {total.toLocaleString("en-US")} orders
      </p>
      {totalPages > 1 && (
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            {hasPrevious
              ? (
                <a href={href(query.page - 1)} onClick={go(query.page - 1)} className={`${LINK} ${IDLE}`}>
                  <ChevronLeftIcon />
                  <span className="sr-only sm:not-sr-only">Previous</span>
                </a>
              )
              : (
                <span aria-disabled="true" className={`${LINK} ${DISABLED}`}>
                  <ChevronLeftIcon />
                  <span className="sr-only sm:not-sr-only">Previous</span>
                </span>
              )}
          </li>
          {pageLinks(query.page, totalPages).map((link, index) =>
            link === "ellipsis"
              ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
                  …
                </li>
              )
              : (
                <li key={link}>
                  <a
                    href={href(link)}
                    onClick={go(link)}
                    aria-label={`Page ${link}`}
                    aria-current={link === query.page ? "page" : undefined}
                    className={`${LINK} ${link === query.page ? CURRENT : IDLE}`}
                  >
                    {link}
                  </a>
                </li>
              )
          )}
          <li>
            {hasNext
              ? (
                <a href={href(query.page + 1)} onClick={go(query.page + 1)} className={`${LINK} ${IDLE}`}>
                  <span className="sr-only sm:not-sr-only">Next</span>
                  <ChevronRightIcon />
                </a>
              )
              : (
                <span aria-disabled="true" className={`${LINK} ${DISABLED}`}>
                  <span className="sr-only sm:not-sr-only">Next</span>
                  <ChevronRightIcon />
                </span>
              )}
          </li>
        </ul>
      )}
      {totalPages > 1 && <GoToPage query={query} totalPages={totalPages} onPage={onPage} />}
    </nav>
  );
}

/**
 * A page by its number, for a list of thousands. A plain GET form carrying the list's view,
 * so it works before the island runs; a number past the end goes to the last page.
 */
function GoToPage({ query, totalPages, onPage }: Pick<PaginationProps, "query" | "totalPages" | "onPage">) {
  const kept = [...new URLSearchParams(listQueryString({ ...query, page: 1 }))];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = Number(new FormData(event.currentTarget).get("page"));
    if (!Number.isInteger(asked) || asked < 1) return;
    onPage(Math.min(asked, totalPages));
  };
  return (
    <form action="/admin/orders" method="get" onSubmit={onSubmit} className="flex items-center gap-2">
      {kept.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <label htmlFor="go-to-page" className="text-sm text-slate-700">Go to page</label>
      <input
        id="go-to-page"
        name="page"
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        required
        placeholder={String(query.page)}
        className="h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200"
      />
      <button type="submit" className={`${LINK} ${IDLE} border border-slate-300`}>Go</button>
    </form>
  );
}

/** The dashboard's own address with a query string ("" means the bare path). */
function dashboardHref(search: string): string {
  return `/admin/orders${search}`;
}
