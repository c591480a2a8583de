import type { ListQuery } from "../domain/admin/list_query.ts";
import { ANY_FACETS, viewName } from "../domain/admin/list_views.ts";
import {
  ADMIN_FILTERS,
  ADMIN_PAGE_SIZE,
  type AdminFilter,
  clampPage,
  hasFilterBit,
} from "../domain/admin/order_list.ts";
import { dayRange } from "../domain/time.ts";
import { getManyInChunks } from "./get_many.ts";
import { keys } from "./keys.ts";
import { blockOf, ORDER_BLOCK_SIZE } from "./orders.ts";

/**
 * The order list narrowed by view (gift, streaming, code: domain/admin/list_views.ts) or by the days
 * orders were placed, in either order. A view is an index of its orders holding their filter
 * bits, with counters per tab in all and per block of order numbers, so a page costs what a plain
 * tab's does: counters say which block it starts in, and one walk of that block's entries finds it.
 * Days placed become a range of order numbers (numbers are given as orders are placed); the counts of
 * its two edge blocks come from one walk of their entries, the blocks between from counters.
 */

/** Order numbers, both ends included. */
export interface NumberSpan {
  lo: number;
  hi: number;
}

const EVERY_NUMBER: NumberSpan = { lo: 0, hi: Number.MAX_SAFE_INTEGER };

type Counts = Record<AdminFilter, number>;

const zeroCounts = (): Counts => Object.fromEntries(ADMIN_FILTERS.map((f) => [f, 0])) as Counts;

/**
 * Whether a query needs a view's index: anything beyond a tab and a search (either sort: a tab's own
 * index is walked from either end).
 */
export function needsView(query: ListQuery): boolean {
  return viewOf(query) !== viewName(ANY_FACETS) || query.from !== "" || query.to !== "";
}

export const viewOf = (query: ListQuery) => viewName(query);

/** The order numbers placed on the query's days, or null when no order was. */
export async function numberSpanOf(kv: Deno.Kv, query: ListQuery): Promise<NumberSpan | null> {
  if (!query.from && !query.to) return EVERY_NUMBER;
  const span = { ...EVERY_NUMBER };
  if (query.from) {
    const { start } = dayRange(query.from, query.tz);
    const first = await firstKey(
      kv.list({ start: keys.orderByPlacedAt(start, 0), end: endOfPlaced() }, { limit: 1 }),
    );
    if (!first) return null;
    span.lo = first[2] as number;
  }
  if (query.to) {
    const { end } = dayRange(query.to, query.tz);
    const last = await firstKey(
      kv.list({ prefix: keys.ordersByPlacedAt(), end: keys.orderByPlacedAt(end, 0) }, {
        limit: 1,
        reverse: true,
      }),
    );
    if (!last) return null;
    span.hi = last[2] as number;
  }
  return span.lo <= span.hi ? span : null;
}

const endOfPlaced = () => [...keys.ordersByPlacedAt(), Number.MAX_SAFE_INTEGER] as const;

async function firstKey(entries: Deno.KvListIterator<unknown>): Promise<Deno.KvKey | null> {
  for await (const entry of entries) return entry.key;
  return null;
}

const isOpen = (span: NumberSpan) => span.lo === EVERY_NUMBER.lo && span.hi === EVERY_NUMBER.hi;

/**
 * The view's orders in the span's two edge blocks, counted per tab by one walk of their entries (a
 * counter covers a whole block, and the span may cut it).
 */
async function edgeCounts(kv: Deno.Kv, view: string, span: NumberSpan): Promise<Map<number, Counts>> {
  const edges = new Map<number, Counts>();
  if (isOpen(span)) return edges;
  const blocks = [...new Set([blockOf(span.lo), blockOf(span.hi)])];
  for (const block of blocks) {
    const counts = zeroCounts();
    const lo = Math.max(span.lo, block * ORDER_BLOCK_SIZE);
    const hi = Math.min(span.hi, (block + 1) * ORDER_BLOCK_SIZE - 1);
    const entries = kv.list<number>(
      { start: keys.orderInView(view, lo), end: keys.orderInView(view, hi + 1) },
      { batchSize: ORDER_BLOCK_SIZE },
    );
    for await (const entry of entries) {
      for (const filter of ADMIN_FILTERS) if (hasFilterBit(entry.value, filter)) counts[filter]++;
    }
    edges.set(block, counts);
  }
  return edges;
}

/** A tab's blocks inside the span, lowest first, with how many of the view's orders each holds. */
async function blocksOf(
  kv: Deno.Kv,
  filter: AdminFilter,
  view: string,
  span: NumberSpan,
  edges: Map<number, Counts>,
): Promise<[number, number][]> {
  const selector = isOpen(span) ? { prefix: keys.orderViewBlockCounts(filter, view) } : {
    start: keys.orderViewBlockCount(filter, view, blockOf(span.lo)),
    end: keys.orderViewBlockCount(filter, view, blockOf(span.hi) + 1),
  };
  const blocks: [number, number][] = [];
  for await (const entry of kv.list<Deno.KvU64>(selector)) {
    const block = entry.key[entry.key.length - 1] as number;
    if (!edges.has(block)) blocks.push([block, Number(entry.value.value)]);
  }
  for (const [block, counts] of edges) blocks.push([block, counts[filter]]);
  return blocks.sort((a, b) => a[0] - b[0]);
}

/** Every tab's count in the view and span: counters when the span is open, blocks and edges when not. */
async function countsOf(kv: Deno.Kv, view: string, span: NumberSpan, edges: Map<number, Counts>) {
  const counts = zeroCounts();
  if (isOpen(span)) {
    const entries = await kv.getMany<Deno.KvU64[]>(ADMIN_FILTERS.map((f) => keys.orderViewCount(f, view)));
    ADMIN_FILTERS.forEach((filter, i) => (counts[filter] = Number(entries[i].value?.value ?? 0n)));
    return counts;
  }
  await Promise.all(ADMIN_FILTERS.map(async (filter) => {
    const blocks = await blocksOf(kv, filter, view, span, edges);
    counts[filter] = blocks.reduce((sum, [, count]) => sum + count, 0);
  }));
  return counts;
}

/** A page of a tab in a view and span, in the query's order (the "For a date" tab: soonest first). */
export async function viewPage(kv: Deno.Kv, query: ListQuery) {
  const view = viewOf(query);
  const span = await numberSpanOf(kv, query);
  if (!span) return { numbers: [], total: 0, counts: zeroCounts(), page: 1 };
  const edges = await edgeCounts(kv, view, span);
  const counts = await countsOf(kv, view, span, edges);
  const total = counts[query.filter];
  const page = clampPage(query.page, total);
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  if (query.filter === "dated") {
    const listed = await datedInView(kv, view, span);
    return { numbers: listed.slice(offset, offset + ADMIN_PAGE_SIZE), total, counts, page };
  }
  const newest = query.sort === "newest";
  const blocks = await blocksOf(kv, query.filter, view, span, edges);
  if (newest) blocks.reverse();
  let before = 0;
  let start: number | null = null;
  for (const [block, count] of blocks) {
    if (before + count > offset) {
      start = block;
      break;
    }
    before += count;
  }
  if (start === null) return { numbers: [], total, counts, page };
  const from = newest
    ? { lo: span.lo, hi: Math.min(span.hi, (start + 1) * ORDER_BLOCK_SIZE - 1) }
    : { lo: Math.max(span.lo, start * ORDER_BLOCK_SIZE), hi: span.hi };
  const numbers: number[] = [];
  let skip = offset - before;
  for await (const orderNumber of walkView(kv, query.filter, view, from, newest)) {
    if (skip > 0) skip--;
    else if (numbers.push(orderNumber) === ADMIN_PAGE_SIZE) break;
  }
  return { numbers, total, counts, page };
}

/** The view's orders under a tab within a span, newest or oldest first. */
export async function* walkView(
  kv: Deno.Kv,
  filter: AdminFilter,
  view: string,
  span: NumberSpan,
  newest: boolean,
): AsyncGenerator<number> {
  const end = span.hi === EVERY_NUMBER.hi ? Number.MAX_SAFE_INTEGER : span.hi + 1;
  const entries = kv.list<number>(
    { start: keys.orderInView(view, span.lo), end: keys.orderInView(view, end) },
    { reverse: newest, batchSize: 200 },
  );
  for await (const entry of entries) {
    if (hasFilterBit(entry.value, filter)) yield entry.key[2] as number;
  }
}

/**
 * The "For a date" tab in the view and span, soonest chosen moment first. Its index holds only orders
 * still to be sent, so reading it whole stays short.
 */
export async function datedInView(kv: Deno.Kv, view: string, span: NumberSpan): Promise<number[]> {
  const numbers: number[] = [];
  for await (const entry of kv.list<string>({ prefix: keys.ordersByRequestedDelivery() })) {
    const orderNumber = entry.key[2] as number;
    if (orderNumber >= span.lo && orderNumber <= span.hi) numbers.push(orderNumber);
  }
  return await inView(kv, view, numbers);
}

/** The numbers (in their order) of orders listed in the view. */
export async function inView(kv: Deno.Kv, view: string, numbers: number[]): Promise<number[]> {
  if (view === viewName(ANY_FACETS)) return numbers;
  const entries = await getManyInChunks<number>(kv, numbers.map((n) => keys.orderInView(view, n)));
  return numbers.filter((_, i) => entries[i].value !== null);
}
