import type { ListQuery } from "../../domain/admin_list_query.ts";

/**
 * The order list's view (domain/admin_list_query.ts reads it) written back: into the address, so a
 * reload or a shared link opens the same view, and into the API call.
 */

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

/** The list's tab and search, every page of it, as a spreadsheet (routes/api/admin/export.ts). */
export function listExportPath(query: ListQuery): string {
  const params = new URLSearchParams({ filter: query.filter });
  if (query.q) params.set("q", query.q);
  return `/api/admin/orders.csv?${params}`;
}

/** Staff-side §2: 'Reset Filters' shows while a search or a tab other than All narrows the list. */
export function hasActiveFilters(query: ListQuery): boolean {
  return query.q !== "" || query.filter !== "all";
}
