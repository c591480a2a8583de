import { type AdminFilter, isAdminFilter } from "../../domain/admin_orders.ts";

/**
 * What the order list shows (page, filter tab, search), as the address keeps it (`?page=&filter=&q=`)
 * so a reload or a shared link opens the same view. Used by the page route and the island alike.
 */
export interface ListQuery {
  page: number;
  filter: AdminFilter;
  q: string;
}

export const DEFAULT_LIST_QUERY: ListQuery = { page: 1, filter: "all", q: "" };

/** A search longer than any name or address is a paste gone wrong; the server gets a bounded one. */
export const MAX_SEARCH_LENGTH = 200;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get("page"));
  const filter = params.get("filter");
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filter: isAdminFilter(filter) ? filter : "all",
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

/** The address's query string ("" for the default view): only what differs from the default. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.q) params.set("q", query.q);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function listApiPath(query: ListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), filter: query.filter });
  if (query.q) params.set("q", query.q);
  return `/api/admin/orders?${params}`;
}

/** Staff-side §2: 'Reset Filters' shows while a search or a tab other than All narrows the list. */
export function hasActiveFilters(query: ListQuery): boolean {
  return query.q !== "" || query.filter !== "all";
}

export function sameListQuery(a: ListQuery, b: ListQuery): boolean {
  return a.page === b.page && a.filter === b.filter && a.q === b.q;
}
