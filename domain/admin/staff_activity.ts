import type { AdminFilter } from "./order_list.ts";
import type { GenerationEvent } from "../generation/events.ts";

/**
 * The staff activity log: what staff did across orders, newest first ("what did Sam do today",
 * "who approved #1070"). Every staff command already writes a STAFF event on its order
 * (domain/admin/staff_actions.ts); the log is an index of those events, written in the same atomic
 * operation (kv/staff_activity.ts). The dashboard island shares these shapes.
 */

/** Entries per page: a morning's work for one person, about. */
export const ACTIVITY_PAGE_SIZE = 25;

/** One staff action as the log keeps it: enough to list it without reading the order's timeline. */
export interface StaffActivityEntry {
  /** The STAFF event's id (sorts by time). */
  eventId: string;
  orderId: string;
  /** Who did it (a staff member's sign-in address). */
  by: string;
  /** The command (domain/admin/staff_actions.ts, STAFF_ACTIONS). */
  action: string;
  /** The timeline's line for it. */
  message: string;
  at: string;
}

/** An entry as the log lists it: with its order's number, child and the tab it is found under. */
export interface StaffActivityItem extends StaffActivityEntry {
  orderNumber: number;
  childName: string;
  filter: AdminFilter;
}

/** What the log is narrowed to; "" (or null) for no narrowing. */
export interface StaffActivityQuery {
  by: string;
  /** A day ("2026-11-27") in `tz`. */
  day: string;
  tz: string;
  /** One order's actions, by its number. */
  order: number | null;
  /** Where the previous page stopped (an opaque store cursor). */
  cursor: string;
}

/** `GET /api/admin/activity`. */
export interface StaffActivityPage {
  entries: StaffActivityItem[];
  /** The cursor of the next (older) page, or null when this is the last. */
  next: string | null;
  /** Everyone who has acted, for the staff member filter. */
  staff: string[];
}

/** The log's entry for an order's event, or null for an event that is not a staff action. */
export function activityEntryOf(orderId: string, event: GenerationEvent): StaffActivityEntry | null {
  const { by, action } = event.context;
  if (event.stage !== "STAFF" || typeof by !== "string" || typeof action !== "string") return null;
  return { eventId: event.id, orderId, by, action, message: event.message, at: event.occurredAt };
}
