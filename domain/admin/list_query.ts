import { ADMIN_FILTER_TABS, type AdminFilter, isAdminFilter } from "./order_list.ts";
import {
  GIFT_CHOICES,
  type GiftChoice,
  isGiftChoice,
  isStreamingChoice,
  type ListFacets,
  STREAMING_CHOICES,
  type StreamingChoice,
} from "./list_views.ts";
import { parseReferralCode } from "../referral/code.ts";
import { canonicalTimeZone } from "../delivery/requested.ts";

/**
 * What the admin order list shows (page, filter tab, search, sort, narrowing and the days placed),
 * read from a query string: the page's address (`/admin/orders?page=&filter=&q=&…`, so a reload or a
 * shared link opens the same view) and the API's (`GET /api/admin/orders`). One reading for both.
 */
export interface ListQuery extends ListFacets {
  page: number;
  filter: AdminFilter;
  q: string;
  sort: ListSort;
  /** The first and last day placed ("2026-11-01"), "" when open, as days in `tz`. */
  from: string;
  to: string;
  /**
   * The time zone the days are read in: the address carries the one of whoever chose them, so a link
   * shared across time zones lists the same orders.
   */
  tz: string;
}

/** Order numbers are given as orders are placed, so newest by number is newest by date too. */
export const LIST_SORTS = ["newest", "oldest"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const LIST_SORT_LABELS: Record<ListSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
};

/**
 * The order a tab opens in, when staff have not chosen one: the Review tab oldest first, because the
 * song that has waited longest is the one closest to the 24-hour promise (customer-side §1), and a
 * song reviewed late is a promise broken; every other tab newest first. (For a date keeps its own
 * order, the soonest chosen moment first.) The address leaves a tab's own order out.
 */
export function defaultSortOf(filter: AdminFilter): ListSort {
  return filter === "review" ? "oldest" : "newest";
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  page: 1,
  filter: "all",
  q: "",
  sort: "newest",
  gift: "any",
  streaming: "any",
  code: "",
  from: "",
  to: "",
  tz: "UTC",
};

/** A search longer than any name or address is a paste gone wrong; the server gets a bounded one. */
export const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1_000_000;

const PAGE_PROBLEM = "page must be a whole number from 1.";
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The values of a query string's parameter, in order (URLSearchParams has this, and Hono's request). */
export interface QueryValues {
  getAll(name: string): string[];
}

interface Read<T> {
  value: T;
  problem: string | null;
}

/**
 * The query, with anything wrong replaced by the default view's value, and the first thing wrong
 * (in the order of the fields) as the API words its refusal, or null when nothing is.
 */
export function readListQuery(params: QueryValues): { query: ListQuery; problem: string | null } {
  const filter = readChoice(params.getAll("filter"), "filter", ADMIN_FILTER_TABS, isAdminFilter, "all");
  const fields = {
    page: readPage(params.getAll("page")),
    filter,
    q: readSearch(params.getAll("q")),
    sort: readChoice(params.getAll("sort"), "sort", LIST_SORTS, isListSort, defaultSortOf(filter.value)),
    gift: readChoice<GiftChoice>(params.getAll("gift"), "gift", GIFT_CHOICES, isGiftChoice, "any"),
    streaming: readChoice<StreamingChoice>(
      params.getAll("streaming"),
      "streaming",
      STREAMING_CHOICES,
      isStreamingChoice,
      "any",
    ),
    code: readCode(params.getAll("code")),
    from: readDay(params.getAll("from"), "from"),
    to: readDay(params.getAll("to"), "to"),
    tz: readTimeZone(params.getAll("tz")),
  };
  const query = Object.fromEntries(
    Object.entries(fields).map(([name, read]) => [name, read.value]),
  ) as unknown as ListQuery;
  const rangeProblem = query.from && query.to && query.from > query.to
    ? "from must be on or before to."
    : null;
  const problem = Object.values(fields).map((read) => read.problem).find((found) => found !== null) ??
    rangeProblem;
  return { query, problem };
}

/** The view a page's address asks for, defaulting whatever is wrong (the address is never refused). */
export function parseListQuery(params: QueryValues): ListQuery {
  return readListQuery(params).query;
}

function isListSort(value: unknown): value is ListSort {
  return (LIST_SORTS as readonly unknown[]).includes(value);
}

const single = (values: string[]) => (values.length === 1 ? values[0] : values.length ? null : "");

function readPage(values: string[]): Read<number> {
  const page = Number(values[0] ?? "");
  const value = Number.isInteger(page) && page >= 1 ? page : 1;
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return { value, problem: null };
  const asked = values.length === 1 ? Number(values[0]) : NaN;
  if (!Number.isInteger(asked) || asked < 1) return { value, problem: PAGE_PROBLEM };
  return { value, problem: asked > MAX_PAGE ? "page is too large." : null };
}

function readChoice<T extends string>(
  values: string[],
  name: string,
  listed: readonly T[],
  is: (value: unknown) => value is T,
  fallback: T,
): Read<T> {
  const text = single(values);
  if (text === "") return { value: fallback, problem: null };
  if (text !== null && is(text)) return { value: text, problem: null };
  return {
    value: is(values[0]) ? values[0] as T : fallback,
    problem: `${name} must be one of ${listed.join(", ")}.`,
  };
}

function readSearch(values: string[]): Read<string> {
  const value = (values[0] ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (values.length > 1) return { value, problem: "q: Invalid input: expected string, received array" };
  if (values.length === 1 && values[0].length > MAX_SEARCH_LENGTH) {
    return { value, problem: `The search is too long (${MAX_SEARCH_LENGTH} characters at most).` };
  }
  return { value, problem: null };
}

function readCode(values: string[]): Read<string> {
  const text = single(values);
  if (text === null) return { value: "", problem: "code must be given once." };
  if (text.trim() === "") return { value: "", problem: null };
  const parsed = parseReferralCode(text);
  return parsed.ok
    ? { value: parsed.code, problem: null }
    : { value: "", problem: `code: ${parsed.message}` };
}

function readDay(values: string[], name: string): Read<string> {
  const text = single(values);
  if (text === "") return { value: "", problem: null };
  if (text !== null && isDay(text)) return { value: text, problem: null };
  return { value: "", problem: `${name} must be a day written as YYYY-MM-DD.` };
}

function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function readTimeZone(values: string[]): Read<string> {
  const text = single(values);
  if (text === "") return { value: "UTC", problem: null };
  const zone = text === null ? null : canonicalTimeZone(text);
  return zone ? { value: zone, problem: null } : { value: "UTC", problem: "tz must be a time zone." };
}
