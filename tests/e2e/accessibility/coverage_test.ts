/**
 * Every view of every page is checked by axe-core at 1280 and 390 px in one place: the views are
 * listed in `*_views.ts` beside this file and checked by `customer_test.ts` and `admin_test.ts`. A page
 * route without a view for a visitor and for someone signed in fails here. Other browser tests check
 * what their pages do, not their accessibility.
 */
import { assertEquals } from "@std/assert";
import { createTestApp, signIn } from "../../helpers.ts";
import { ADMIN_VIEWS } from "./admin_views.ts";
import { CUSTOMER_VIEWS } from "./customer_views.ts";
import { type AccessibilityView, SENT_AWAY, VIEWER_EMAILS } from "./views.ts";

const VIEWS: AccessibilityView[] = [...CUSTOMER_VIEWS, ...ADMIN_VIEWS];

/** The app's page routes: every GET a browser navigates to, as opposed to the API, audio and health. */
async function pageRoutes(): Promise<string[]> {
  // Development, so the local checkout and the dev mailbox, pages of their own, are registered too.
  await using t = await createTestApp({ env: { APP_ENV: "development" } });
  const routes = t.app.routes
    .filter((route) => route.method === "GET")
    .map((route) => route.path)
    .filter((path) => !/^\/(api|audio)\/|^\/healthz$/.test(path));
  return [...new Set(routes), "404"];
}

Deno.test("accessibility: every page route has a view for a visitor and for someone signed in", async () => {
  const missing: string[] = [];
  for (const route of await pageRoutes()) {
    const viewers = new Set(VIEWS.filter((view) => view.route === route).map((view) => view.viewer));
    if (!viewers.has("visitor") && !SENT_AWAY[route]?.visitor) missing.push(`${route} for a visitor`);
    const signedIn = [...viewers].some((viewer) => viewer !== "visitor");
    if (!signedIn && !SENT_AWAY[route]?.signedIn) missing.push(`${route} for someone signed in`);
  }
  assertEquals(missing, [], "views to add in tests/e2e/accessibility/");
});

Deno.test("accessibility: a route said to send a viewer away does, to where it says", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: VIEWER_EMAILS.admin } });
  const { cookie } = await signIn(t, VIEWER_EMAILS.customer);
  for (const [route, sentTo] of Object.entries(SENT_AWAY)) {
    const path = route.replaceAll(/:\w+/g, crypto.randomUUID());
    for (const [viewer, headers] of [["visitor", {}], ["signedIn", { cookie }]] as const) {
      const expected = sentTo[viewer];
      if (!expected) continue;
      const response = await t.request(path, { headers, redirect: "manual" });
      await response.body?.cancel();
      const location = new URL(response.headers.get("location") ?? "", "http://x").pathname;
      const redirected = response.status >= 300 && response.status < 400;
      assertEquals([redirected, location], [true, expected], `${route} for a ${viewer}`);
    }
  }
});
