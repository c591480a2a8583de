import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { type BuildManifest, manifestPath } from "../../routes/assets.ts";
import { createTestApp, e2eTest, openBrowser, type TestBrowser } from "../helpers.ts";
import { holdFirstPaint, painted, showPage } from "./first_paint.ts";
import { afterFrames } from "./page_waits.ts";

/**
 * Issue 24: the landing page downloads only the tiny boot at first, and each island hydrates when its
 * strategy says so (islands/mod.ts): hero video and animal when idle (plain islands, without React),
 * carousel and FAQ near the viewport.
 */
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const manifest: BuildManifest = JSON.parse(Deno.readTextFileSync(manifestPath()));
/** The code a React island brings beyond the boot's: React's chunk and the hydration runtime. */
const reactCode = new Set(
  manifest.islands.Faq.preload.filter((file) => !manifest.boot.preload.includes(file)),
);
/** Every file of the islands (React's chunk among them) that the boot does not share. */
const islandCode = new Set(
  Object.values(manifest.islands).flatMap((island) => [island.src, ...island.preload])
    .filter((file) => !manifest.boot.preload.includes(file)),
);

/**
 * Holds the page's idle callbacks until the test runs them, so "before idle" is a moment the test
 * chooses rather than a race with the browser.
 */
async function holdIdle(browser: TestBrowser) {
  await browser.context.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    const page = globalThis as unknown as { requestIdleCallback: unknown; runIdle: () => void };
    page.requestIdleCallback = (callback: IdleRequestCallback) => held.push(callback);
    page.runIdle = () => {
      for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
}

const hydrated = (page: Page) =>
  page.$$eval(
    "lh-island[data-hydrated]",
    (markers) => markers.map((marker) => marker.getAttribute("data-island")).sort(),
  );

const scriptsLoaded = (browser: TestBrowser) =>
  browser.requests.map((url) => new URL(url).pathname).filter((path) => path.endsWith(".js"));

async function openLanding(browser: TestBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(browser.origin + "/", { waitUntil: "load" });
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  // Anything the boot would wrongly start at load is on the wire by then.
  await afterFrames(page);
  return page;
}

for (const viewport of VIEWPORTS) {
  e2eTest(
    `landing hydration (${viewport.name}): boot only at first; idle, then visible islands each in turn`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, viewport);
      await holdIdle(browser);
      const page = await openLanding(browser);

      const first = scriptsLoaded(browser);
      assertEquals(first.filter((path) => islandCode.has(path)), [], "no island code, no React, before idle");
      assert(first.includes(manifest.boot.src), "the boot");
      assertEquals(await hydrated(page), []);
      // Before hydration the menu's plain-DOM enhancement is already on (the boot has no React).
      if (viewport.width < 768) {
        await page.locator("details[data-menu] summary").click();
        await page.keyboard.press("Escape");
        assertEquals(
          await page.locator("details[data-menu]").evaluate((menu) => (menu as HTMLDetailsElement).open),
          false,
        );
        assertEquals(scriptsLoaded(browser).filter((path) => islandCode.has(path)), []);
      }

      await page.evaluate(() => (globalThis as unknown as { runIdle: () => void }).runIdle());
      await page.waitForFunction(() => document.querySelectorAll("lh-island[data-hydrated]").length === 2);
      assertEquals(await hydrated(page), ["AnimalPeek", "HeroVideo"]);
      // Both are plain islands: idle, untouched and unscrolled, the page still has not downloaded React.
      assert(reactCode.size > 0);
      assertEquals(scriptsLoaded(browser).filter((path) => reactCode.has(path)), [], "no React after idle");

      await page.locator("#kid-reactions").scrollIntoViewIfNeeded();
      await page.waitForSelector('lh-island[data-island="ReactionsCarousel"][data-hydrated]', {
        state: "attached",
      });
      // The FAQ is further down: still waiting while the carousel is on screen.
      assertEquals(await hydrated(page), ["AnimalPeek", "HeroVideo", "ReactionsCarousel"]);

      await page.locator("#faq").scrollIntoViewIfNeeded();
      await page.waitForSelector('lh-island[data-island="Faq"][data-hydrated]', { state: "attached" });
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest("landing hydration: `idle` islands wait for the first view to be on screen", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  await holdIdle(browser);
  await holdFirstPaint(browser);
  const page = await openLanding(browser);
  const runIdle = () => page.evaluate(() => (globalThis as unknown as { runIdle: () => void }).runIdle());

  await runIdle();
  await afterFrames(page);
  assertEquals(await painted(page), false);
  assertEquals(await hydrated(page), [], "idle moments before the first paint do not count");

  await showPage(page);
  // The idle callback is asked for once the paint is seen: run idle moments until it has been.
  await page.waitForFunction(
    () => {
      (globalThis as unknown as { runIdle: () => void }).runIdle();
      return document.querySelectorAll("lh-island[data-hydrated]").length === 2;
    },
    undefined,
    { polling: 50 },
  );
  assertEquals(await hydrated(page), ["AnimalPeek", "HeroVideo"]);
  assertEquals(browser.problems, []);
});

e2eTest(
  "landing hydration: a tap on a reaction video before its island hydrates still plays it",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t, { width: 1280, height: 800 });
    await holdIdle(browser);
    let release = () => {};
    const released = new Promise<void>((resolve) => release = resolve);
    const carouselSrc = manifest.islands.ReactionsCarousel.src;
    await browser.context.route(`**${carouselSrc}`, async (route) => {
      await released;
      await route.continue();
    });
    const page = await openLanding(browser);
    const play = page.getByRole("button", { name: /^Play .+'s reaction video$/ }).first();
    await play.click();
    // The click arrived while the island's code was still on its way.
    assertEquals(await hydrated(page), []);
    release();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>("#kid-reactions video");
      return video && !video.paused && !video.muted && video.currentTime > 0.2;
    });
    assertEquals(await hydrated(page), ["ReactionsCarousel"]);
    assert(await page.getByRole("button", { name: /^Pause .+'s reaction video$/ }).first().isVisible());
    assertEquals(browser.problems, []);
  },
);

e2eTest("landing hydration: an `interaction` island waits for a touch, and replays the click", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  // The landing places no island on `interaction`: the hero's is switched over in the served page.
  await browser.context.route(`${browser.origin}/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<lh-island data-island="HeroVideo" data-props="[^"]*" data-hydrate=")idle"/,
      `$1interaction"`,
    );
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ response, body: html, headers });
  });
  const page = await openLanding(browser);
  // Idle has passed (the animal is live) and the hero still waits.
  await page.waitForSelector('lh-island[data-island="AnimalPeek"][data-hydrated]', { state: "attached" });
  await afterFrames(page);
  assertEquals(await hydrated(page), ["AnimalPeek"]);

  // Reduced motion (the tests' default): the video waits for its play button.
  await page.getByRole("button", { name: "Play hero video" }).click();
  await page.waitForSelector('lh-island[data-island="HeroVideo"][data-hydrated]', { state: "attached" });
  await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>("#home video")!.paused);
  await page.getByRole("button", { name: "Pause hero video" }).waitFor();
  assertEquals(browser.problems, []);
});

/** Work that can wait gets a task of its own rather than lengthening the one that hydrates the island. */
e2eTest("landing hydration: the hero video's first play() runs after its island has hydrated", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844, reducedMotion: "no-preference" });
  await browser.context.addInitScript(() => {
    const hydratedAtPlay: boolean[] = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      hydratedAtPlay.push(this.closest("lh-island")?.hasAttribute("data-hydrated") ?? false);
      return play.call(this);
    };
    Object.assign(globalThis, { hydratedAtPlay });
  });
  const page = await openLanding(browser);
  await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>("#home video")?.paused);
  const calls = await page.evaluate(() =>
    (globalThis as unknown as { hydratedAtPlay: boolean[] }).hydratedAtPlay
  );
  assertEquals(calls, [true], "play() builds the media player: not inside the hydration's own task");
  assertEquals(browser.problems, []);
});
