import { formatCents } from "../order/pricing.ts";
import type { Order } from "../order/orders.ts";
import { type RequestedDelivery, toLocalInput } from "../delivery/requested.ts";
import { DEFAULT_STREAMING_STATUS } from "../song/streaming_status.ts";

/**
 * The dashboard's list as a spreadsheet: one row per order, for the studio's bookkeeping
 * and for uploading songs to streaming services. The columns are listed here and nowhere else.
 */
interface CsvColumn {
  header: string;
  value(order: Order, appUrl: string): string | number | boolean | null | undefined;
}

const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: "Order number", value: (order) => order.orderNumber },
  { header: "Created at (UTC)", value: (order) => order.createdAt },
  { header: "Status", value: (order) => order.status },
  { header: "Approval", value: (order) => order.approvalStatus },
  // Who let the song go and when: the questions bookkeeping and a family's complaint ask first.
  { header: "Approved by", value: (order) => order.approvedBy },
  { header: "Approved at (UTC)", value: (order) => order.approvedAt },
  // The family's chosen moment, as an instant and as their own clock read it, with its zone: the zone
  // decides which day "the birthday morning" is.
  { header: "Requested delivery (UTC)", value: (order) => order.requestedDelivery?.at },
  { header: "Requested delivery (family's time)", value: (order) => familyClock(order.requestedDelivery) },
  { header: "Requested delivery time zone", value: (order) => order.requestedDelivery?.timeZone },
  { header: "Email sent at (UTC)", value: (order) => order.emailSentAt },
  { header: "Child name", value: (order) => order.childName },
  { header: "Parent name", value: (order) => order.parentName },
  { header: "Parent email", value: (order) => order.parentEmail },
  { header: "Gift", value: (order) => !!order.isGift },
  { header: "Gift recipient", value: (order) => order.isGift ? order.giftRecipientName : null },
  { header: "Gift recipient email", value: (order) => order.isGift ? order.giftRecipientEmail : null },
  { header: "Song title", value: (order) => order.songTitle },
  { header: "Genre", value: (order) => order.songGenre },
  { header: "Streaming add-on", value: (order) => order.addStreamingServices },
  {
    header: "Streaming artist name",
    value: (order) => order.addStreamingServices ? order.streamingArtistName : null,
  },
  {
    header: "Streaming status",
    value: (order) => order.addStreamingServices ? order.streamingStatus ?? DEFAULT_STREAMING_STATUS : null,
  },
  { header: "Referral code", value: (order) => order.referralCodeUsed },
  { header: "Base price (USD)", value: (order) => formatCents(order.basePrice) },
  { header: "Streaming price (USD)", value: (order) => formatCents(order.streamingPrice) },
  { header: "Discount (USD)", value: (order) => formatCents(order.discountAmount) },
  { header: "Total paid (USD)", value: (order) => formatCents(paidCents(order)) },
  { header: "Payment", value: (order) => order.payment.kind },
  {
    header: "Song file",
    value: (order, appUrl) => order.songUrl ? new URL(order.songUrl, appUrl).href : null,
  },
];

/** "2026-12-04 08:00": the chosen moment on the family's clock, sortable and with its year. */
function familyClock(request: RequestedDelivery | null | undefined): string | null {
  return request ? toLocalInput(Date.parse(request.at), request.timeZone).replace("T", " ") : null;
}

/** What the family paid: nothing for a demo or a song staff made by hand. */
function paidCents(order: Order): number {
  return order.payment.kind === "checkout" ? order.totalPrice : 0;
}

/**
 * Where a spreadsheet could start reading a cell: the text's start, and after each `,` or `;`, since
 * a spreadsheet in a locale that splits rows on `;` (much of Europe) splits there even inside quotes
 * (`Mia;=cmd|' /C calc'!A0` would be a second cell, a formula). Spaces and quotes before the sign are
 * skipped over, as spreadsheets skip them.
 */
const FORMULA_START = /(^|[,;])(\s*"*)(?=[=+\-@\t\r])/g;

/**
 * A cell as spreadsheets read it back. Text a spreadsheet would run as a formula (a parent can type
 * `=HYPERLINK(…)` as a child's name) gets an apostrophe before the sign, wherever a split could start
 * a cell, so opening the export runs nothing in either separator convention.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  if (typeof value === "string") text = text.replace(FORMULA_START, "$1$2'");
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, with the line ending RFC 4180 asks for. */
const csvRecord = (cells: string[]) => `${cells.join(",")}\r\n`;

export function csvHeader(): string {
  return csvRecord(CSV_COLUMNS.map((column) => csvCell(column.header)));
}

export function csvRow(order: Order, appUrl: string): string {
  return csvRecord(CSV_COLUMNS.map((column) => csvCell(column.value(order, appUrl))));
}

/** The download's name: what was exported and when ("little-hits-orders-review-2026-11-27.csv"). */
export function csvFileName(filter: string, now: number): string {
  return `little-hits-orders-${filter}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
