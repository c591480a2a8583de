import type { AnalyticsValue } from "./events.ts";
import type { Order } from "../order/orders.ts";

/**
 * What analytics says about an order, decided from the order as the server stored it: whose events
 * they are (an id that names nobody), whether they may be sent at all, what money they carry, and
 * when the order counts as completed.
 */

/** Every price is in US cents (domain/order/pricing.ts); customer-side §3 reports revenue in USD. */
export const REVENUE_CURRENCY = "USD";

/**
 * An order's events share its own random id (a UUID we made, the same id the song's page events carry
 * as `orderId`): PostHog can follow one purchase from payment to delivery and no person is named.
 */
export function orderAnalyticsId(order: Pick<Order, "id">): string {
  return `order:${order.id}`;
}

/**
 * Only paid orders are reported, and only when the family did not refuse tracking as they checked
 * out. A demo order is a test; staff's manual orders never passed a browser that could say no.
 */
export function orderIsTracked(order: Pick<Order, "payment" | "analyticsRefused">): boolean {
  return order.payment.kind === "checkout" && order.analyticsRefused !== true;
}

/**
 * The money of an order's events, from the stored price (never a figure a page sent): `revenue` in
 * dollars with its `currency`, PostHog's revenue convention for events with its "in cents" option left
 * off (https://posthog.com/docs/revenue-analytics/capture-revenue-events).
 */
export function orderRevenue(
  order: Pick<Order, "totalPrice" | "discountAmount" | "addStreamingServices">,
): Record<string, AnalyticsValue> {
  return {
    revenue: order.totalPrice / 100,
    currency: REVENUE_CURRENCY,
    discount: order.discountAmount / 100,
    streaming: order.addStreamingServices,
  };
}

/**
 * 'Order Completed' (customer-side §3) is the family receiving their song: the first delivery email
 * that went out. A resend, or the send of a song made again after that, does not complete it again.
 * Read on the order as it was just before the send was recorded.
 */
export function completesOrder(before: Pick<Order, "emailSentAt" | "emailSendCount">): boolean {
  return !before.emailSentAt && !before.emailSendCount;
}
