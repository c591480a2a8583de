import {
  ADMIN_FILTERS,
  ADMIN_PAGE_SIZE,
  type AdminFilter,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderList,
  clampPage,
  hasFilterBit,
  totalPagesOf,
} from "../domain/admin/order_list.ts";
import { DEFAULT_LIST_QUERY, defaultSortOf, type ListQuery } from "../domain/admin/list_query.ts";
import { queryTerms, type SearchTerm } from "../domain/admin/search.ts";
import { adminOrderView } from "../domain/order/views.ts";
import {
  datedInView,
  inView,
  needsView,
  numberSpanOf,
  viewOf,
  viewPage,
  walkView,
} from "./admin_list_views.ts";
import type { Order } from "../domain/order/orders.ts";
import { listEvents } from "./events.ts";
import { getManyInChunks } from "./get_many.ts";
import { keys } from "./keys.ts";
import { listLyricsHistory } from "./lyrics_history.ts";
import { getDebugTexts } from "./order_debug.ts";
import { countManyOrders, getOrder, getOrders, ORDER_BLOCK_SIZE } from "./orders.ts";

/**
 * The dashboard's order list (staff-side §2) read from indexes kept by kv/orders.ts, so its cost
 * does not grow with the number of orders: counts come from counters, a page from the filter index
 * (block counters say where a deep page starts), a search from prefix entries (domain/admin/search.ts),
 * a narrowed or re-sorted list from its view's index (kv/admin_list_views.ts).
 */

/** A search whose words are this common is cut here rather than reading the whole index. */
const MAX_SEARCH_MATCHES = 200_000;

export async function listAdminOrders(kv: Deno.Kv, asked: Partial<ListQuery>): Promise<AdminOrderList> {
  const query: ListQuery = {
    ...DEFAULT_LIST_QUERY,
    ...asked,
    sort: asked.sort ?? defaultSortOf(asked.filter ?? DEFAULT_LIST_QUERY.filter),
    q: (asked.q ?? "").trim(),
  };
  const terms = queryTerms(query.q);
  const { ids, total, counts, page } = terms.length
    ? await searchPage(kv, terms, query)
    : needsView(query)
    ? await narrowedPage(kv, query)
    : await filterPage(kv, query);
  const orders = await withStoredEvents(kv, await getOrders(kv, ids));
  return {
    orders,
    total,
    counts,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    totalPages: totalPagesOf(total),
    filter: query.filter,
    q: query.q,
  };
}

async function narrowedPage(kv: Deno.Kv, query: ListQuery) {
  const { numbers, ...rest } = await viewPage(kv, query);
  return { ids: await orderIdsByNumber(kv, numbers), ...rest };
}

async function shopCounts(kv: Deno.Kv): Promise<Record<AdminFilter, number>> {
  const values = await countManyOrders(kv, ADMIN_FILTERS);
  return Object.fromEntries(ADMIN_FILTERS.map((filter, i) => [filter, values[i]])) as Record<
    AdminFilter,
    number
  >;
}

async function filterPage(kv: Deno.Kv, { filter, page: requested, sort }: ListQuery) {
  const counts = await shopCounts(kv);
  const total = counts[filter];
  const page = clampPage(requested, total);
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  if (filter === "dated") return { ids: await soonestDated(kv, offset), total, counts, page };
  // Walk the blocks from the end the list starts at (the highest order numbers for newest first) to
  // the one holding `offset`, then the tab's own index from that block's edge.
  const newest = sort === "newest";
  let before = 0;
  let edge: number | null = null;
  for await (
    const entry of kv.list<Deno.KvU64>({ prefix: keys.orderBlockCounts(filter) }, { reverse: newest })
  ) {
    const inBlock = Number(entry.value.value);
    const block = entry.key[entry.key.length - 1] as number;
    if (before + inBlock > offset) {
      edge = (newest ? block + 1 : block) * ORDER_BLOCK_SIZE;
      break;
    }
    before += inBlock;
  }
  const ids: string[] = [];
  if (edge !== null) {
    let skip = offset - before;
    const prefix = keys.ordersByFilter(filter);
    const entries = kv.list<string>(
      newest
        ? { prefix, end: keys.orderByFilter(filter, edge) }
        : { prefix, start: keys.orderByFilter(filter, edge) },
      { reverse: newest, limit: skip + ADMIN_PAGE_SIZE },
    );
    for await (const entry of entries) {
      if (skip > 0) skip--;
      else ids.push(entry.value);
    }
  }
  return { ids, total, counts, page };
}

/**
 * A page of the "For a date" tab, soonest chosen moment first. Only orders still to be sent are in it,
 * so walking to a page's start stays short.
 */
async function soonestDated(kv: Deno.Kv, offset: number): Promise<string[]> {
  const ids: string[] = [];
  let skip = offset;
  const entries = kv.list<string>({ prefix: keys.ordersByRequestedDelivery() }, {
    limit: offset + ADMIN_PAGE_SIZE,
  });
  for await (const entry of entries) {
    if (skip > 0) skip--;
    else ids.push(entry.value);
  }
  return ids;
}

/**
 * Orders of the "For a date" tab in the tab's own order, soonest chosen moment first, read from its
 * index (which holds only orders still to be sent, so it stays short).
 */
async function soonestFirst(kv: Deno.Kv, orderNumbers: number[]) {
  const momentOf = new Map<number, number>();
  for await (const entry of kv.list<string>({ prefix: keys.ordersByRequestedDelivery() })) {
    const [, at, orderNumber] = entry.key as [string, number, number];
    momentOf.set(orderNumber, at);
  }
  const last = Number.MAX_SAFE_INTEGER;
  orderNumbers.sort((a, b) => (momentOf.get(a) ?? last) - (momentOf.get(b) ?? last) || b - a);
}

async function searchPage(kv: Deno.Kv, terms: SearchTerm[], query: ListQuery) {
  const matches = await narrowed(kv, await searchMatches(kv, terms), query);
  const counts = Object.fromEntries(ADMIN_FILTERS.map((f) => [f, 0])) as Record<AdminFilter, number>;
  for (const bits of matches.values()) {
    for (const f of ADMIN_FILTERS) if (hasFilterBit(bits, f)) counts[f]++;
  }
  const listed = await listedNumbers(kv, matches, query);
  const total = listed.length;
  const page = clampPage(query.page, total);
  const numbers = listed.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
  return { ids: await orderIdsByNumber(kv, numbers), total, counts, page };
}

/** The orders matching every term, by order number, with their filter bits. */
async function searchMatches(kv: Deno.Kv, terms: SearchTerm[]): Promise<Map<number, number>> {
  // Each prefix is one range of an index; an order matches a term when it is in one of the term's
  // ranges, and the query when it matches every term.
  let matches: Map<number, number> | null = null;
  for (const term of terms) {
    const found = new Map<number, number>();
    for (const { index, prefix } of term) {
      const root = keys.orderSearchIndex(index);
      const entries = kv.list<number>(
        { start: [...root, prefix], end: [...root, `${prefix}\u{10FFFF}`] },
        { limit: MAX_SEARCH_MATCHES, batchSize: 1000 },
      );
      for await (const entry of entries) {
        const orderNumber = entry.key[3] as number;
        if (!matches || matches.has(orderNumber)) found.set(orderNumber, entry.value);
      }
    }
    matches = found;
    if (matches.size === 0) break;
  }
  return matches ?? new Map();
}

/** The matches placed on the query's days and in its view. */
async function narrowed(kv: Deno.Kv, matches: Map<number, number>, query: ListQuery) {
  if (!needsView(query)) return matches;
  const span = await numberSpanOf(kv, query);
  const placed = [...matches.keys()].filter((n) => span && n >= span.lo && n <= span.hi);
  const kept = await inView(kv, viewOf(query), placed);
  return new Map(kept.map((n) => [n, matches.get(n)!]));
}

/**
 * The matches under the query's tab, in its order: newest or oldest first, or for the "For a date"
 * tab soonest chosen moment first.
 */
async function listedNumbers(kv: Deno.Kv, matches: Map<number, number>, query: ListQuery) {
  const listed: number[] = [];
  for (const [orderNumber, bits] of matches) if (hasFilterBit(bits, query.filter)) listed.push(orderNumber);
  listed.sort(query.sort === "oldest" ? (a, b) => a - b : (a, b) => b - a);
  if (query.filter === "dated") await soonestFirst(kv, listed);
  return listed;
}

/**
 * Every order of the list as the query narrows it, in the list's own order, a batch of ids at a time:
 * what the CSV export streams. One batch is held at a time, so 100,000 orders cost the server no more
 * than a page.
 */
export async function* listedOrderIds(
  kv: Deno.Kv,
  query: ListQuery,
  batchSize = 100,
): AsyncGenerator<string[]> {
  for await (const numbers of batches(listedOrderNumbers(kv, query), batchSize)) {
    yield await orderIdsByNumber(kv, numbers);
  }
}

async function* listedOrderNumbers(kv: Deno.Kv, query: ListQuery): AsyncGenerator<number> {
  const terms = queryTerms(query.q);
  if (terms.length) {
    yield* await listedNumbers(kv, await narrowed(kv, await searchMatches(kv, terms), query), query);
    return;
  }
  const span = await numberSpanOf(kv, query);
  if (!span) return;
  if (query.filter === "dated") yield* await datedInView(kv, viewOf(query), span);
  else yield* walkView(kv, query.filter, viewOf(query), span, query.sort === "newest");
}

async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function orderIdsByNumber(kv: Deno.Kv, numbers: number[]): Promise<string[]> {
  const entries = await getManyInChunks<string>(kv, numbers.map((n) => keys.orderByNumber(n)));
  return entries.flatMap((entry) => entry.value ? [entry.value] : []);
}

/** Each order as the list shows it, with its timeline read from the store. */
function withStoredEvents(kv: Deno.Kv, orders: Order[]): Promise<AdminOrder[]> {
  return Promise.all(
    orders.map(async (order) => ({ ...adminOrderView(order), events: await listEvents(kv, order.id) })),
  );
}

export async function getAdminOrderDetail(kv: Deno.Kv, id: string): Promise<AdminOrderDetail | null> {
  const order = await getOrder(kv, id);
  if (!order) return null;
  const [events, debug, lyricsHistory] = await Promise.all([
    listEvents(kv, id),
    getDebugTexts(kv, id),
    listLyricsHistory(kv, id),
  ]);
  return {
    ...adminOrderView(order),
    events,
    debug: {
      openaiLyricsPrompt: debug.openaiLyricsPrompt ?? null,
      openaiLyricsResponse: debug.openaiLyricsResponse ?? null,
      openaiTagsInput: debug.openaiTagsInput ?? null,
      openaiTagsOutput: debug.openaiTagsOutput ?? null,
    },
    lyricsHistory,
  };
}
