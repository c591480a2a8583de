import { ADMIN_FILTER_TABS, type AdminFilter, isAdminFilter } from "./admin_orders.ts";

/**
 * What the admin order list shows (page, filter tab, search), read from a query string: the page's
 * address (`/admin/orders?page=&filter=&q=`, so a reload or a shared link opens the same view) and
 * the API's (`GET /api/admin/orders`). One reading for both; zod-free, so the island can use it.
 */
export interface ListQuery {
  page: number;
  filter: AdminFilter;
  q: string;
}

/** A search longer than any name or address is a paste gone wrong; the server gets a bounded one. */
export const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1_000_000;

const PAGE_PROBLEM = "page must be a whole number from 1.";

/** The values of a query string's parameter, in order (URLSearchParams has this, and Hono's request). */
export interface QueryValues {
  getAll(name: string): string[];
}

/**
 * The query, with anything wrong replaced by the default view's value, and the first thing wrong
 * (page, then filter, then search) as the API words its refusal, or null when nothing is.
 */
export function readListQuery(params: QueryValues): { query: ListQuery; problem: string | null } {
  const pages = params.getAll("page");
  const filters = params.getAll("filter");
  const searches = params.getAll("q");
  const page = Number(pages[0] ?? "");
  const filter = filters[0] ?? null;
  const q = searches[0] ?? "";
  const query: ListQuery = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filter: isAdminFilter(filter) ? filter : "all",
    q: q.trim().slice(0, MAX_SEARCH_LENGTH),
  };
  return { query, problem: pageProblem(pages) ?? filterProblem(filters) ?? searchProblem(searches) };
}

/** The view a page's address asks for, defaulting whatever is wrong (the address is never refused). */
export function parseListQuery(params: QueryValues): ListQuery {
  return readListQuery(params).query;
}

function pageProblem(values: string[]): string | null {
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  const page = values.length === 1 ? Number(values[0]) : NaN;
  if (!Number.isInteger(page) || page < 1) return PAGE_PROBLEM;
  return page > MAX_PAGE ? "page is too large." : null;
}

function filterProblem(values: string[]): string | null {
  if (values.length === 0 || (values.length === 1 && (values[0] === "" || isAdminFilter(values[0])))) {
    return null;
  }
  return `filter must be one of ${ADMIN_FILTER_TABS.join(", ")}.`;
}

function searchProblem(values: string[]): string | null {
  if (values.length > 1) return "q: Invalid input: expected string, received array";
  if (values.length === 1 && values[0].length > MAX_SEARCH_LENGTH) {
    return `The search is too long (${MAX_SEARCH_LENGTH} characters at most).`;
  }
  return null;
}
