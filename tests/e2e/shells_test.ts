import { assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

e2eTest("the admin dashboard sends a visitor to the landing page", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/admin/orders");
  assertEquals(new URL(page.url()).pathname, "/");
});

e2eTest("landing on a phone: no sideways overflow, the menu opens and closes on Escape", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const page = await browser.open("/");
  assertEquals(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    0,
  );
  await page.locator("details[data-menu] summary").click();
  const entry = page.locator("details[data-menu]").getByRole("link", { name: "How it Works" });
  assertEquals(await entry.isVisible(), true);
  await browser.screenshot(page, "landing-mobile-menu-viewport");
  await page.keyboard.press("Escape");
  assertEquals(await entry.isVisible(), false);
  // Choosing an entry closes the menu and scrolls to the section.
  await page.locator("details[data-menu] summary").click();
  await entry.click();
  await page.waitForFunction(() => location.hash === "#how-it-works");
  assertEquals(await entry.isVisible(), false);
  assertEquals(browser.problems, []);
});
