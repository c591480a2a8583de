import { assert, assertEquals } from "@std/assert";
import { consoleAnalyticsSink, noopAnalyticsSink } from "../../../providers/analytics.ts";
import { createAnalytics } from "../../../providers/analytics_select.ts";
import { testConfig } from "../../helpers.ts";

Deno.test("without POSTHOG_KEY nothing leaves: the console in development, nothing elsewhere", () => {
  assertEquals(createAnalytics(testConfig({ APP_ENV: "development" })), consoleAnalyticsSink);
  assertEquals(createAnalytics(testConfig()), noopAnalyticsSink);
  assertEquals(createAnalytics(testConfig({ POSTHOG_HOST: "http://127.0.0.1:9" })), noopAnalyticsSink);
});

Deno.test("with POSTHOG_KEY, PostHog (a sink that can be closed)", async () => {
  const sink = createAnalytics(testConfig({ POSTHOG_KEY: "phc_test", POSTHOG_HOST: "http://127.0.0.1:9" }));
  assert(sink !== noopAnalyticsSink && sink !== consoleAnalyticsSink);
  assert(sink.close, "shutdown must be able to flush it");
  await sink.close!(100);
});
