import type { Page } from "playwright-core";
import type { TestBrowser } from "../helpers.ts";

/**
 * Keeps every page of the browser from painting until the test shows it, as a slow phone's first frame
 * that is still being drawn after the load event: the page is hidden from its first element on, so it
 * loads while nothing contentful can be painted.
 */
export async function holdFirstPaint(browser: TestBrowser) {
  await browser.context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement) return;
      document.documentElement.style.visibility = "hidden";
      observer.disconnect();
    }).observe(document, { childList: true });
  });
}

/** Lets the page paint, and waits for its first contentful paint. */
export async function showPage(page: Page) {
  await page.evaluate(() => document.documentElement.style.removeProperty("visibility"));
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
}

/** Whether the page has had its first contentful paint. */
export const painted = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length > 0);
