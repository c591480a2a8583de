import type { Config } from "../domain/config.ts";
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from "./analytics.ts";
import { createPostHogSink } from "./analytics_posthog.ts";

/**
 * PostHog when POSTHOG_KEY is set; otherwise nothing leaves the process: development logs events to
 * the console, other environments drop them.
 */
export function createAnalytics(config: Config): AnalyticsSink {
  const { posthogKey, posthogHost } = config.analytics;
  if (posthogKey) return createPostHogSink({ apiKey: posthogKey, host: posthogHost });
  return config.env === "development" ? consoleAnalyticsSink : noopAnalyticsSink;
}
