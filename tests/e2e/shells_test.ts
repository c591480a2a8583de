import { assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

/** The first, static state of pages whose flows arrive with later issues. */
const SHELLS: [string, string][] = [
  ["/my-songs", "My Songs"],
  ["/unboxing/01J0000000000000000000000", "Loading your special song..."],
  ["/u/01J0000000000000000000000?t=abc", "Opening Your Surprise..."],
];

e2eTest("every page shell renders in the shared layout with a clean console, on a phone too", async () => {
  await using t = await createTestApp();
  for (const width of [1280, 390]) {
    await using browser = await openBrowser(t, { width });
    for (const [path, heading] of SHELLS) {
      const page = await browser.open(path);
      assertEquals(await page.getByRole("heading", { level: 1 }).textContent(), heading, path);
      assertEquals(await page.locator("header nav[aria-label=Main]").count(), 1, path);
      assertEquals(await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).count(), 1);
      // Nothing overflows sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assertEquals(overflow, 0, `${path} at ${width}px`);
      await page.close();
    }
    assertEquals(browser.problems, []);
  }
});

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
  assertEquals(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 0);
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
