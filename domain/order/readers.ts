import {
  adminOrderView,
  ownerOrderView,
  publicOrderView,
  recipientOrderView,
  type TimingsByBlob,
} from "./views.ts";
import type { Order } from "./orders.ts";

/**
 * Who is reading an order, which decides what they see (ARCHITECTURE.md §7) and what they may do:
 * staff; the owner (the account that ordered, or whoever signs in with the order's email); someone
 * the song reached by its private link (a gift's recipient: a user order access grant); anyone else
 * holding the id, who gets the public reveal view.
 */
export type OrderReader = "admin" | "owner" | "recipient" | "public";

export interface Reader {
  id: string;
  username: string;
  role: string;
}

export function isOrderOwner(user: Reader | null, order: Order): boolean {
  return !!user && (order.userId === user.id || order.parentEmail === user.username);
}

export function readerOf(user: Reader | null, order: Order, hasAccessGrant: boolean): OrderReader {
  if (user?.role === "admin") return "admin";
  if (isOrderOwner(user, order)) return "owner";
  return hasAccessGrant ? "recipient" : "public";
}

/** `timings`: the takes' timed lyrics, which only the public (reveal) view carries. */
export function orderViewFor(reader: OrderReader, order: Order, timings?: TimingsByBlob) {
  switch (reader) {
    case "admin":
      return adminOrderView(order);
    case "owner":
      return ownerOrderView(order);
    case "recipient":
      return recipientOrderView(order);
    case "public":
      return publicOrderView(order, timings);
  }
}
