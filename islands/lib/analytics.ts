import {
  type AnalyticsEvent,
  type AnalyticsProperties,
  type CleanProperties,
  deviceClass,
  scrubProperties,
} from "../../domain/analytics.ts";

export type ClientSink = (event: AnalyticsEvent, properties: CleanProperties) => void;

/** No third-party sink is configured yet: development pages log to the console, others drop events. */
const defaultSink: ClientSink = (event, properties) => {
  if (document.documentElement.dataset.analytics === "console") {
    console.info(`[analytics] ${event}`, properties);
  }
};

/** Browser-side `track`: adds the device class and page, scrubs personal data, never throws. */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}) {
  try {
    defaultSink(
      event,
      scrubProperties({
        ...properties,
        deviceClass: deviceClass(globalThis.innerWidth),
        path: location.pathname,
      }),
    );
  } catch {
    // Analytics must never break the page.
  }
}
