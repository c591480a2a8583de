import {
  DEFAULT_LIST_QUERY,
  defaultSortOf,
  type ListQuery,
  type ListSort,
} from "../../../domain/admin/list_query.ts";
import { ANY_FACETS, hasFacets } from "../../../domain/admin/list_views.ts";
import type { AdminFilter } from "../../../domain/admin/order_list.ts";

/**
 * The order list's view (domain/admin/list_query.ts reads it) written back: into the address, so a
 * reload or a shared link opens the same view, and into the API call.
 */

/** The fields that choose which orders are listed, in the order the address writes them. */
const LISTING_FIELDS = ["filter", "q", "sort", "gift", "streaming", "code", "from", "to"] as const;

/**
 * Only what differs from the default view (a sort from the tab's own order); the time zone only when a
 * day is chosen, as it reads them.
 */
function listingParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const defaults: ListQuery = { ...DEFAULT_LIST_QUERY, sort: defaultSortOf(query.filter) };
  for (const field of LISTING_FIELDS) {
    if (query[field] !== defaults[field]) params.set(field, query[field]);
  }
  if (query.from || query.to) params.set("tz", query.tz);
  return params;
}

/** The address's query string ("" for the default view). */
export function listQueryString(query: ListQuery): string {
  const params = listingParams(query);
  if (query.page !== 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function listApiPath(query: ListQuery): string {
  const params = listingParams(query);
  params.set("page", String(query.page));
  return `/api/admin/orders?${params}`;
}

/** Every page of the list as it is narrowed, as a spreadsheet (routes/api/admin/export.ts). */
export function listExportPath(query: ListQuery): string {
  return `/api/admin/orders.csv?${listingParams(query)}`;
}

/**
 * How many of the sort and narrowing choices differ from the tab's own view (the count on the
 * phone's "Sort and narrow" button, whose fields are folded away there).
 */
export function narrowingCount(query: ListQuery): number {
  return [
    query.sort !== defaultSortOf(query.filter),
    query.gift !== ANY_FACETS.gift,
    query.streaming !== ANY_FACETS.streaming,
    query.code !== ANY_FACETS.code,
    query.from !== "",
    query.to !== "",
  ].filter(Boolean).length;
}

/** Staff-side §2: 'Reset Filters' shows while anything narrows the list (a sort only orders it). */
export function hasActiveFilters(query: ListQuery): boolean {
  return query.q !== "" || query.filter !== "all" || hasFacets(query) || query.from !== "" ||
    query.to !== "";
}

/**
 * The sort of `query` carried to the tab `filter`: a sort staff chose stays as they move between tabs;
 * a tab's own order (domain/admin/list_query.ts, defaultSortOf) goes with its tab, so Review opens
 * oldest first however the list before it was sorted.
 */
export function sortOnTab(query: ListQuery, filter: AdminFilter): ListSort {
  return query.sort === defaultSortOf(query.filter) ? defaultSortOf(filter) : query.sort;
}

/** Another filter tab, from its first page. */
export function showTab(query: ListQuery, filter: AdminFilter): Partial<ListQuery> {
  return { filter, page: 1, sort: sortOnTab(query, filter) };
}

/** What 'Reset Filters' leaves: every order, in the order staff chose. */
export function resetFilters(query: ListQuery): Partial<ListQuery> {
  return { ...ANY_FACETS, ...showTab(query, "all"), q: "", from: "", to: "" };
}
