import {
  type AnalyticsEvent,
  type AnalyticsProperties,
  type CleanProperties,
  scrubProperties,
} from "../domain/analytics/events.ts";
import { orderAnalyticsId, orderIsTracked } from "../domain/analytics/orders.ts";
import type { Order } from "../domain/order/orders.ts";

/** Who an event is about and when, as far as the caller knows; the sink fills in what is missing. */
export interface EventContext {
  /** An id that names nobody: an order's (domain/analytics/orders.ts) or a page's random one. */
  distinctId?: string;
  /** When it happened (ms since the epoch); now when absent. */
  timestamp?: number;
  /**
   * An event about an order (trackOrderEvent): it follows the choice the order recorded at checkout,
   * not the browser of whoever's request happens to send it (staff pressing Send Now).
   */
  aboutOrder?: boolean;
}

/** Where scrubbed events go: one interface, so a third-party sink can replace the default without touching callers. */
export interface AnalyticsSink {
  /** Hands the event over and returns at once: it never waits on the network or throws for it. */
  send(event: AnalyticsEvent, properties: CleanProperties, context?: EventContext): void;
  /** Sends what is still queued, within `timeoutMs`, and takes no more; for shutdown. */
  close?(timeoutMs?: number): Promise<void>;
}

export const noopAnalyticsSink: AnalyticsSink = { send() {} };

export const consoleAnalyticsSink: AnalyticsSink = {
  send(event, properties) {
    console.info(`[analytics] ${event}`, JSON.stringify(properties));
  },
};

export type Track = (event: AnalyticsEvent, properties?: AnalyticsProperties, context?: EventContext) => void;

/** Server-side `track`: scrubs before the sink sees anything, and never lets a sink break a request. */
export function createTracker(sink: AnalyticsSink): Track {
  return (event, properties, context) => {
    try {
      sink.send(event, scrubProperties(properties), context);
    } catch (error) {
      console.warn(`analytics sink failed for "${event}":`, error);
    }
  };
}

/**
 * The tracker of a request whose browser refused tracking (routes/app.ts): nothing about the person
 * asking is recorded. Only events about an order pass, already decided by the order's own choice.
 */
export function refusingRequestTracker(track: Track): Track {
  return (event, properties, context) => {
    if (context?.aboutOrder) track(event, properties, context);
  };
}

/**
 * An event about an order, often sent apart from the family's requests (a webhook, the delivery job,
 * staff's Send Now): under the order's own id, and only when the order may be reported at all
 * (domain/analytics/orders.ts), which includes the family's DNT or GPC as they checked out.
 */
export function trackOrderEvent(
  track: Track,
  order: Pick<Order, "id" | "payment" | "analyticsRefused">,
  event: AnalyticsEvent,
  properties: AnalyticsProperties,
): void {
  if (orderIsTracked(order)) {
    track(event, properties, { distinctId: orderAnalyticsId(order), aboutOrder: true });
  }
}
