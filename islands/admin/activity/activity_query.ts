import type { StaffActivityQuery } from "../../../domain/admin/staff_activity.ts";

/** What staff narrow the log to, as typed: "" for no narrowing. */
export interface ActivityFilters {
  by: string;
  day: string;
  /** An order number, with or without its "#". */
  order: string;
}

export const NO_FILTERS: ActivityFilters = { by: "", day: "", order: "" };

/** Today on the browser's clock, as the day box writes it ("2026-11-27"). */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /api/admin/activity for the filters (routes/api/admin/activity.ts), a page after `cursor`. */
export function activityApiPath(filters: ActivityFilters, timeZone: string, cursor = ""): string {
  const params = new URLSearchParams();
  const fields: Partial<Record<keyof StaffActivityQuery, string>> = {
    by: filters.by,
    day: filters.day,
    order: filters.order.trim(),
    cursor,
  };
  for (const [name, value] of Object.entries(fields)) if (value) params.set(name, value);
  if (filters.day) params.set("tz", timeZone);
  const text = params.toString();
  return `/api/admin/activity${text ? `?${text}` : ""}`;
}

/** Whether anything narrows the log. */
export const isNarrowed = (filters: ActivityFilters) => !!(filters.by || filters.day || filters.order.trim());
