import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { FOOTER_QUICK_LINKS, NAV_ENTRIES } from "../../domain/site/site.ts";
import { createTestApp, e2eTest, openBrowser, recordBrowserAnalytics, type TestBrowser } from "../helpers.ts";
import { afterIdle } from "./page_waits.ts";

const SECTION_IDS = ["home", "how-it-works", "kid-reactions", "our-story", "faq"];
const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** Where a section's top sits in the viewport: just under the sticky header once scrolled to. */
function sectionTop(page: Page, id: string) {
  return page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id);
}

async function expectScrolledTo(page: Page, id: string) {
  await page.waitForFunction((id) => {
    const top = document.getElementById(id)!.getBoundingClientRect().top;
    return top >= 0 && top <= 100;
  }, id);
  const headerBottom = await page.evaluate(() =>
    document.querySelector("header")!.getBoundingClientRect().bottom
  );
  assert((await sectionTop(page, id)) >= headerBottom - 1, `${id} is not hidden under the header`);
}

for (const viewport of WIDTHS) {
  e2eTest(
    `landing (${viewport.name}): every section in order, a clean console`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, viewport);
      const page = await browser.open("/");
      assertEquals(
        await page.$$eval("main section[id]", (sections) => sections.map((s) => s.id)),
        SECTION_IDS,
      );
      assertEquals(await page.locator("h1").textContent(), "Create Magical Personalized Songs For Kids");
      for (const title of ["How it Works", "Kids Love Their Personalized Songs!", "Our Story"]) {
        assert(await page.getByRole("heading", { name: title }).isVisible(), title);
      }
      assertEquals(await page.locator('#faq details[name="faq"]').count(), 5);
      assert(await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).isVisible());
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assertEquals(overflow, 0, "nothing sticks out sideways");

      await browser.screenshot(page, `landing-${viewport.name}`);
      await browser.screenshot(page, `landing-${viewport.name}-viewport`);
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest("landing: every navigation entry and footer quick link scrolls its section into view", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const entry of [...NAV_ENTRIES].reverse()) {
    await nav.getByRole("link", { name: entry.label, exact: true }).click();
    await expectScrolledTo(page, entry.section);
  }
  const quickLinks = page.getByRole("navigation", { name: "Quick links" });
  for (const link of FOOTER_QUICK_LINKS) {
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await quickLinks.getByRole("link", { name: link.label, exact: true }).click();
    await expectScrolledTo(page, link.section);
  }
  await page.getByRole("link", { name: "See Kids' Reactions" }).click();
  await expectScrolledTo(page, "kid-reactions");
  assertEquals(browser.problems, []);
});

async function scrollBehaviour(browser: TestBrowser) {
  const page = await browser.open("/");
  return await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
}

e2eTest("landing: scrolling is smooth, except for visitors who ask for reduced motion", async () => {
  await using t = await createTestApp();
  {
    await using browser = await openBrowser(t, { reducedMotion: "no-preference" });
    assertEquals(await scrollBehaviour(browser), "smooth");
  }
  await using browser = await openBrowser(t, { reducedMotion: "reduce" });
  assertEquals(await scrollBehaviour(browser), "auto");
});

e2eTest("landing: the phone menu opens, follows and closes with the keyboard alone", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const page = await browser.open("/");
  const menu = page.locator("details[data-menu]");
  const summary = menu.locator("summary");
  const isOpen = () => menu.evaluate((details) => (details as HTMLDetailsElement).open);

  await page.keyboard.press("Tab"); // the skip link
  await page.keyboard.press("Tab"); // the logo
  await page.keyboard.press("Tab");
  assert(
    await summary.evaluate((element) => element === document.activeElement),
    "the menu button has focus",
  );
  await page.keyboard.press("Enter");
  assert(await isOpen());
  await page.keyboard.press("Escape");
  assertEquals(await isOpen(), false);
  assert(
    await summary.evaluate((element) => element === document.activeElement),
    "focus returns to the button",
  );

  await page.keyboard.press("Space");
  assert(await isOpen());
  const entries = menu.getByRole("link");
  for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
  assertEquals(await page.evaluate(() => document.activeElement?.textContent), "Our Story");
  assertEquals(await entries.first().textContent(), "Home");
  await page.keyboard.press("Enter");
  await expectScrolledTo(page, "our-story");
  assertEquals(await isOpen(), false, "choosing an entry closes the menu");
  await browser.screenshot(page, "landing-menu-mobile-viewport");
  assertEquals(browser.problems, []);
});

e2eTest("landing: FAQ answers open one at a time and the open one closes again", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/");
  await expectFaqOneAtATime(page);
  assertEquals(browser.problems, []);
});

e2eTest("landing: without JavaScript the FAQ still opens one answer at a time", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { javaScriptEnabled: false });
  const page = await browser.open("/");
  await expectFaqOneAtATime(page);
  // With scripts off, Chromium refuses the page's module preloads (reported as "csp"): nothing is missing.
  assertEquals(
    browser.problems.filter((problem) => !/^requestfailed: \S+\/build\/\S+\.js csp$/.test(problem)),
    [],
  );
});

/** `<details name="faq">`: the browser keeps one open, and a click on the open one closes it. */
async function expectFaqOneAtATime(page: Page) {
  const question = (text: string) => page.locator("#faq details", { hasText: text });
  const first = question("What music styles can I choose?");
  const second = question("Who sings the song?");
  const isOpen = (details: typeof first) =>
    details.evaluate((element) => (element as HTMLDetailsElement).open);
  assertEquals(await isOpen(first), false);
  await first.locator("summary").click();
  await page.getByText("Pop, rock, country").waitFor();
  await second.locator("summary").click();
  await page.waitForFunction(() => document.querySelectorAll("#faq details[open]").length === 1);
  assertEquals(await isOpen(first), false);
  assertEquals(await isOpen(second), true);
  await second.locator("summary").click();
  await page.waitForFunction(() => document.querySelectorAll("#faq details[open]").length === 0);
}

e2eTest("landing: FAQ, contact and social clicks are counted, without personal data", async () => {
  await using t = await createTestApp({ env: { APP_ENV: "development" } });
  await using browser = await openBrowser(t);
  const events = await recordBrowserAnalytics(browser);
  const page = await browser.open("/");
  // Keep the page: the mail client and the social network are not part of this test.
  // Links only: the FAQ's <details> open by their default action.
  await page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a")) event.preventDefault();
    })
  );
  await page.locator("#faq summary", { hasText: "Who sings the song?" }).click();
  await page.locator("footer").getByRole("link", { name: "support@littlehits.studio" }).click();
  await page.locator("footer").getByRole("link", { name: "Follow us on Instagram" }).click();
  const counted = () =>
    events
      .filter(({ event }) => ["FAQ Viewed", "Contact Clicked", "Social Link Clicked"].includes(event))
      .map(({ event, properties }) => [event, properties.question ?? properties.target]);
  // The FAQ's click may have come before its island hydrated: it is counted once that has, so after
  // the links' on a busy machine. Each once, in whichever order.
  while (counted().length < 3) await browser.context.waitForEvent("console");
  // A second count of any of them would have been logged by the page's next idle moment.
  await afterIdle(page);
  assertEquals(counted().sort(), [
    ["Contact Clicked", "email"],
    ["FAQ Viewed", "Who sings the song?"],
    ["Social Link Clicked", "Instagram"],
  ]);
  assertEquals(browser.problems, []);
});

e2eTest("layout: on a phone the menu opens without any JavaScript", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844, javaScriptEnabled: false });
  const page = await browser.open("/privacy-policy");
  const menuLink = page.locator("details[data-menu] a", { hasText: "Kid Reactions" });
  assertEquals(await menuLink.isVisible(), false);
  await page.locator("details[data-menu] summary").click();
  assert(await menuLink.isVisible());
  assert(await page.locator("details[data-menu]").getByRole("link", { name: "Login" }).isVisible());
  await browser.screenshot(page, "menu-mobile-no-js");
  assertEquals(browser.problems, []);
});
