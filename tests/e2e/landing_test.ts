import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

e2eTest("landing: the FAQ island hydrates and opens one answer at a time, with a clean console", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/");

  const first = page.getByRole("button", { name: "What music styles can I choose?" });
  const second = page.getByRole("button", { name: "Who sings the song?" });
  assertEquals(await first.getAttribute("aria-expanded"), "false");

  await first.click();
  assertEquals(await first.getAttribute("aria-expanded"), "true");
  assert(await page.getByText("Pop, rock, country").isVisible());

  await second.click();
  assertEquals(await first.getAttribute("aria-expanded"), "false");
  assertEquals(await second.getAttribute("aria-expanded"), "true");

  await second.click();
  assertEquals(await second.getAttribute("aria-expanded"), "false");

  await browser.screenshot(page, "landing-desktop");
  assertEquals(browser.problems, []);
});

e2eTest("landing: section anchors exist in order and the navigation points at them", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/");
  const ids = await page.$$eval("main section[id]", (sections) => sections.map((s) => s.id));
  assertEquals(ids, ["home", "how-it-works", "kid-reactions", "our-story", "faq"]);
  const navTargets = await page.$$eval(
    "header nav[aria-label=Main] > ul a",
    (links) => links.map((a) => a.getAttribute("href")),
  );
  assertEquals(navTargets, ["#home", "#kid-reactions", "#how-it-works", "#our-story"]);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Story" }).click();
  await page.waitForFunction(() => location.hash === "#our-story");
  assertEquals(browser.problems, []);
});

e2eTest("layout: on a phone the menu opens without any JavaScript", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844, javaScriptEnabled: false });
  const page = await browser.open("/privacy-policy");
  const menuLink = page.locator("details[data-menu] a", { hasText: "Kid Reactions" });
  assertEquals(await menuLink.isVisible(), false);
  await page.getByText("Menu", { exact: true }).or(page.locator("details[data-menu] summary")).first()
    .click();
  assert(await menuLink.isVisible());
  assert(await page.locator("details[data-menu]").getByRole("link", { name: "Login" }).isVisible());
  await browser.screenshot(page, "menu-mobile-no-js");
  assertEquals(browser.problems, []);
});
