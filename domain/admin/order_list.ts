import type { GenerationEvent } from "../generation/events.ts";
import type { adminOrderView } from "../order/views.ts";
import type { Order } from "../order/orders.ts";
import { isInProgress } from "../order/status.ts";

/**
 * The admin order list (staff-side §2): filter tabs, their membership rules, paging maths and the
 * shapes `GET /api/admin/orders` answers. The dashboard island and the
 * server's indexes share one definition of each tab.
 */

/** Staff-side §9: orders per page. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * Every filter, in the order of their bits in the search index (filterBits): a new one is appended,
 * never inserted, or the bits stored beside existing entries would change meaning.
 */
export const ADMIN_FILTERS = ["all", "review", "approved", "sent", "dated", "in-progress", "failed"] as const;
export type AdminFilter = (typeof ADMIN_FILTERS)[number];

/**
 * The tabs as the dashboard shows them: the order's life from left to right (being made, waiting for
 * review, approved, sent), For a date beside the sending it is about, and Failed last, apart from
 * that flow as the exception it is, its count in red when above zero (FilterTabs).
 */
export const ADMIN_FILTER_TABS: readonly AdminFilter[] = [
  "all",
  "in-progress",
  "review",
  "approved",
  "sent",
  "dated",
  "failed",
];

export const ADMIN_FILTER_LABELS: Record<AdminFilter, string> = {
  all: "All",
  "in-progress": "In Progress",
  review: "Review",
  approved: "Approved",
  sent: "Sent",
  dated: "For a date",
  failed: "Failed",
};

export function isAdminFilter(value: unknown): value is AdminFilter {
  return (ADMIN_FILTERS as readonly unknown[]).includes(value);
}

type FilterFacts = Pick<Order, "status" | "approvalStatus" | "emailSentAt" | "requestedDelivery">;

/**
 * The tabs an order is listed under. Review: completed, approval missing or pending. Approved:
 * completed and approved, email not sent. Sent: the email went out. For a date: the family chose a
 * moment and the email has not gone yet; that tab lists the soonest moment first, so staff see what
 * must be approved soon for its date to be met. In Progress: its song is still being made (pending,
 * generating, lyrics_generated). Failed: its generation failed. An order is always under All.
 */
export function filtersOf(order: FilterFacts): AdminFilter[] {
  const filters: AdminFilter[] = ["all"];
  const completed = order.status === "completed";
  const approval = order.approvalStatus ?? "pending";
  if (completed && approval === "pending") filters.push("review");
  if (completed && approval === "approved" && !order.emailSentAt) filters.push("approved");
  if (order.emailSentAt) filters.push("sent");
  if (order.requestedDelivery && !order.emailSentAt) filters.push("dated");
  if (isInProgress(order.status)) filters.push("in-progress");
  if (order.status === "failed") filters.push("failed");
  return filters;
}

/** The filters as bits, the compact form the search index stores beside each entry. */
export function filterBits(filters: readonly AdminFilter[]): number {
  return filters.reduce((bits, filter) => bits | (1 << ADMIN_FILTERS.indexOf(filter)), 0);
}

export function hasFilterBit(bits: number, filter: AdminFilter): boolean {
  return (bits & (1 << ADMIN_FILTERS.indexOf(filter))) !== 0;
}

/** An order as the dashboard lists it: the staff view and its generation timeline (ARCHITECTURE §10). */
export type AdminOrder = ReturnType<typeof adminOrderView> & { events: GenerationEvent[] };

/** One saved version of lyrics, kept when an admin regenerates them (staff-side §3, lyricsHistory). */
export interface LyricsHistoryEntry {
  lyrics: string;
  /** The instruction that produced the lyrics that replaced these ("" when none was given). */
  customInput: string;
  replacedAt: string;
  replacedBy: string;
}

/** `GET /api/admin/orders/{id}`: the listed order plus what only the detail dialog reads. */
export interface AdminOrderDetail extends AdminOrder {
  debug: {
    openaiLyricsPrompt: string | null;
    openaiLyricsResponse: string | null;
    openaiTagsInput: string | null;
    openaiTagsOutput: string | null;
  };
  lyricsHistory: LyricsHistoryEntry[];
}

/** `GET /api/admin/orders?page=&filter=&q=`. Counts follow the search when there is one. */
export interface AdminOrderList {
  orders: AdminOrder[];
  /** Orders matching the filter and search, over all pages. */
  total: number;
  counts: Record<AdminFilter, number>;
  page: number;
  pageSize: number;
  totalPages: number;
  filter: AdminFilter;
  q: string;
}

export function totalPagesOf(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page held inside 1..totalPages (a page past the end after deletes shows the last). */
export function clampPage(page: number, total: number, pageSize = ADMIN_PAGE_SIZE): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), totalPagesOf(total, pageSize));
}

/** 'Showing X to Y of Z orders': X and Y are 1-based; both 0 when nothing matches. */
export function showingRange(page: number, total: number, pageSize = ADMIN_PAGE_SIZE) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), total };
}

export type PageLink = number | "ellipsis";

/**
 * Staff-side §2: the first and last page, the current one and its neighbours, with an ellipsis for
 * every gap of more than one page (a gap of exactly one page shows that page instead).
 */
export function pageLinks(page: number, totalPages: number): PageLink[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1]);
  const pages = [...wanted].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const n of pages) {
    const previous = links.at(-1);
    if (typeof previous === "number" && n - previous === 2) links.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) links.push("ellipsis");
    links.push(n);
  }
  return links;
}
