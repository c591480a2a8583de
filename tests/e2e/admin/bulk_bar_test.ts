import { assert } from "@std/assert";
import type { Locator, Page } from "playwright-core";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { afterSeeding, songOrder } from "./fixtures.ts";

/**
 * The bulk actions' bar (issue 41): it stays in view while the ticked rows scroll, on a phone's long
 * list of cards too, and never sits under a toast.
 */
const ADMIN = "boss@example.com";
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function inView(page: Page, locator: Locator, what: string) {
  const box = (await locator.boundingBox())!;
  const height = page.viewportSize()!.height;
  assert(
    box.y >= 0 && box.y + box.height <= height,
    `${what} at ${box.y}–${box.y + box.height} of ${height}`,
  );
  return box;
}

for (const size of SIZES) {
  e2eTest(`bulk bar (${size.name}): in view while the list scrolls, and never under a toast`, async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    for (let i = 0; i < 12; i++) await songOrder(t, `Kid ${i + 1}`);
    afterSeeding(t);
    const { browser } = await openSignedInBrowser(t, ADMIN, size);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    const rows = page.locator("[data-order-id]:visible");
    await rows.first().waitFor();
    await rows.first().getByRole("checkbox").check();
    const bar = page.getByRole("toolbar", { name: "Actions for the ticked orders" });
    await bar.waitFor();
    await inView(page, bar, "the bar beside the first row");

    // Down to the last row: the bar is still in reach.
    await rows.last().scrollIntoViewIfNeeded();
    await inView(page, bar, "the bar at the end of the list");
    // Half way back up too.
    await rows.nth(5).scrollIntoViewIfNeeded();
    const barBox = await inView(page, bar, "the bar in the middle of the list");

    // A toast (a row approved by its own button) leaves the bar uncovered.
    await rows.nth(5).getByRole("button", { name: "Approve" }).click();
    const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({
      hasText: "Song approved!",
    });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const nowBar = (await bar.boundingBox())!;
    assert(
      !overlaps(toastBox, nowBar),
      `the toast ${JSON.stringify(toastBox)} covers the bar ${JSON.stringify(nowBar)}`,
    );
    assert(Math.abs(nowBar.y - barBox.y) < 200, "the bar stayed where it was");
    await browser.screenshot(page, `bulk-bar-${size.name}-viewport`);
    assert(browser.problems.length === 0, browser.problems.join("\n"));
  });
}
