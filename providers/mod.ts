import type { Config } from "../domain/config.ts";
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from "./analytics.ts";

/**
 * The outside world, behind interfaces. main.ts builds the real set from config; tests pass
 * fakes of the remote services. Payments, words, music and mail join with their issues.
 */
export interface Providers {
  analytics: AnalyticsSink;
}

export function createProviders(config: Config): Providers {
  return {
    analytics: config.env === "development" ? consoleAnalyticsSink : noopAnalyticsSink,
  };
}
