import { startPostHogFake } from "../../../fakes/posthog.ts";
import { createPostHogSink } from "../../../providers/analytics_posthog.ts";
import { createTestApp, type TestAppOptions } from "../../helpers.ts";

export const POSTHOG_KEY = "phc_app_test";

/**
 * The app with its analytics going to a PostHog fake through the real sink, as in production. The
 * sink waits for `flush()` (the test's, or the app's close), so a test reads exactly what was sent.
 * Declare it after the fake, so the app (and its sink) closes first.
 */
export async function appWithPostHog(
  posthog: ReturnType<typeof startPostHogFake>,
  options: TestAppOptions = {},
) {
  const sink = createPostHogSink({
    apiKey: POSTHOG_KEY,
    host: posthog.origin,
    client: { flushInterval: 60_000 },
  });
  const t = await createTestApp({
    ...options,
    env: { POSTHOG_KEY, POSTHOG_HOST: posthog.origin, ...options.env },
    providers: { analytics: sink, ...options.providers },
  });
  return Object.assign(t, { sink });
}
