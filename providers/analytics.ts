import {
  type AnalyticsEvent,
  type AnalyticsProperties,
  type CleanProperties,
  scrubProperties,
} from "../domain/analytics.ts";

/** Where scrubbed events go: one interface, so a third-party sink can replace the default without touching callers. */
export interface AnalyticsSink {
  send(event: AnalyticsEvent, properties: CleanProperties): void;
}

export const noopAnalyticsSink: AnalyticsSink = { send() {} };

export const consoleAnalyticsSink: AnalyticsSink = {
  send(event, properties) {
    console.info(`[analytics] ${event}`, JSON.stringify(properties));
  },
};

export type Track = (event: AnalyticsEvent, properties?: AnalyticsProperties) => void;

/** Server-side `track`: scrubs before the sink sees anything, and never lets a sink break a request. */
export function createTracker(sink: AnalyticsSink): Track {
  return (event, properties) => {
    try {
      sink.send(event, scrubProperties(properties));
    } catch (error) {
      console.warn(`analytics sink failed for "${event}":`, error);
    }
  };
}
