import { assert, assertEquals, assertMatch } from "@std/assert";
import { startPostHogFake } from "../../fakes/posthog.ts";
import { e2eTest, openBrowser } from "../helpers.ts";
import { appWithPostHog } from "../integration/analytics/helpers.ts";

const isEvents = (url: string) => new URL(url).pathname === "/api/events";

e2eTest(
  "analytics: a FAQ opened on the landing page reaches PostHog through our own endpoint, scrubbed",
  async () => {
    await using posthog = startPostHogFake();
    await using t = await appWithPostHog(posthog);
    await using browser = await openBrowser(t);
    const page = await browser.open("/");
    const answered = page.waitForResponse((response) => isEvents(response.url()));
    await page.locator("#faq summary", { hasText: "Who sings the song?" }).click();
    const response = await answered;
    assertEquals(response.status(), 204);
    const sentByPage = JSON.parse(response.request().postData() ?? "{}");
    assertEquals(sentByPage.events.map((event: { event: string }) => event.event), ["FAQ Viewed"]);

    // A page that reports something personal anyway (as a careless island could) is scrubbed on the server.
    const careless = await page.evaluate(async () =>
      (await fetch("/api/events", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          events: [{ event: "Contact Clicked", properties: { target: "email", note: "ann@example.com" } }],
        }),
      })).status
    );
    assertEquals(careless, 204);
    await t.sink.flush();

    const visitor = await page.evaluate(() => localStorage.getItem("lh_analytics_id"));
    assertMatch(visitor ?? "", /^[0-9a-f-]{36}$/);
    const [viewed, clicked] = posthog.events();
    assertEquals(viewed.event, "FAQ Viewed");
    assertEquals(viewed.properties.question, "Who sings the song?");
    assertEquals(viewed.properties.path, "/");
    assertEquals(viewed.properties.deviceClass, "desktop");
    assertEquals(viewed.properties.distinct_id, `browser:${visitor}`);
    assertEquals(viewed.properties.$process_person_profile, false);
    assertEquals(clicked.event, "Contact Clicked");
    assertEquals(clicked.properties.target, "email");
    assert(!posthog.requests.some((request) => request.text.includes("ann@example.com")));
    // No request left for PostHog from the browser itself, and the page kept its CSP.
    assert(
      !browser.requests.some((url) => new URL(url).origin !== browser.origin && !url.startsWith("data:")),
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest("analytics: with Global Privacy Control on, nothing arrives", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog);
  await using browser = await openBrowser(t);
  // As a browser with GPC on presents itself: the header on every request, the flag on navigator.
  await browser.context.setExtraHTTPHeaders({ "Sec-GPC": "1" });
  await browser.context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true })
  );
  // The page's own clock, so its send delay passes at once.
  await browser.context.clock.install();
  const page = await browser.open("/");
  await page.locator("#faq summary", { hasText: "Who sings the song?" }).click();
  await page.locator("#faq summary", { hasText: "What music styles can I choose?" }).click();
  // Past the page's send delay, then away from the page (which would send anything queued).
  await page.clock.runFor(2_500);
  await page.goto(browser.origin + "/privacy-policy");
  assertEquals(browser.requests.filter(isEvents), [], "the page sent nothing");
  assertEquals(await page.evaluate(() => localStorage.getItem("lh_analytics_id")), null, "nor made an id");

  // Events posted anyway from such a browser are dropped by the server.
  const status = await page.evaluate(async () =>
    (await fetch("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        events: [{ event: "FAQ Viewed", properties: { question: "Who sings the song?" } }],
      }),
    })).status
  );
  assertEquals(status, 204);
  await t.sink.flush();
  assertEquals(posthog.requests, []);
  assertEquals(browser.problems, []);
});
