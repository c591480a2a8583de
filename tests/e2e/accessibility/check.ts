/**
 * Checks views with axe-core at 1280 and 390 px: one test per module with a step per view and width,
 * so the module launches Chromium once and each step has a context of its own (a launch cost as much as
 * the check). Each step serves a fresh app, signs its viewer in, opens the view's path, reaches its
 * state and runs axe; a violation fails that step, named by route, state, viewer and width.
 */
import { assertEquals } from "@std/assert";
import {
  axeViolations,
  browserAvailable,
  createTestApp,
  launchChromium,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
  type TestApp,
} from "../../helpers.ts";
import { type AccessibilityView, type Viewer, VIEWER_EMAILS } from "./views.ts";

const WIDTHS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const browserRequired = Deno.env.get("E2E_REQUIRED") === "1";
const screenshotsDir = Deno.env.get("SCREENSHOTS_DIR");
/** Only the views whose step name holds this text, while working on one (`--filter` names tests, not steps). */
const onlyViews = Deno.env.get("ACCESSIBILITY_VIEWS");

export function checkViews(side: string, views: AccessibilityView[]) {
  Deno.test({
    name: `accessibility: every view of the ${side}, at 1280 and 390 px`,
    ignore: !browserAvailable && !browserRequired,
    async fn(test) {
      const chromium = await launchChromium();
      try {
        for (const view of views) {
          for (const size of WIDTHS) {
            const name = `${view.route}, ${view.state} (${view.viewer}) at ${size.width} px`;
            if (onlyViews && !name.includes(onlyViews)) continue;
            await test.step(name, async () => await checkView(view, size, chromium));
          }
        }
      } finally {
        await chromium.close();
      }
    },
  });
}

async function checkView(
  view: AccessibilityView,
  size: { width: number; height: number },
  chromium: Awaited<ReturnType<typeof launchChromium>>,
) {
  await using t = await createTestApp({
    env: {
      APP_URL: loopbackAppUrl(),
      ADMIN_EMAILS: VIEWER_EMAILS.admin,
      DEMO_EMAILS: VIEWER_EMAILS.demo,
      ...view.env,
    },
  });
  const { browser, userId } = await browserFor(t, view.viewer, {
    ...size,
    chromium,
    reducedMotion: view.reducedMotion,
  });
  await using _browser = browser;
  await view.before?.(browser.context);
  const page = await browser.open(await view.path(t, userId));
  try {
    await view.reach?.(page, t);
    assertEquals(await axeViolations(page), []);
  } catch (error) {
    if (screenshotsDir) {
      const name = `${view.route}-${view.state}-${size.width}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      await page.screenshot({ path: `${screenshotsDir}/failed-accessibility-${name}.png`, fullPage: true })
        .catch(() => {});
    }
    throw error;
  }
}

/** A browser as `viewer` sees the app, signed in through the real sign-in endpoints. */
async function browserFor(t: TestApp, viewer: Viewer, options: Parameters<typeof openBrowser>[1]) {
  if (viewer === "visitor") return { browser: await openBrowser(t, options), userId: null };
  const { browser, session } = await openSignedInBrowser(t, VIEWER_EMAILS[viewer], options);
  return { browser, userId: session.user.id as string };
}
