import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import { ANIMAL_PEEK_CYCLE_MS, HERO_ANIMALS } from "../../domain/site/hero.ts";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

type Browser = Awaited<ReturnType<typeof openBrowser>>;

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const heroVideo = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>("#home video")!;
    return { paused: video.paused, muted: video.muted, currentTime: video.currentTime };
  });

const waitUntilPlaying = (page: Page) =>
  page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>("#home video");
    return video && !video.paused && video.currentTime > 0;
  });

/** Runs `check` with only the hero in the page's main part: the other sections are other tests' business. */
async function withHeroAlone<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const setOthersHidden = (hidden: boolean) =>
    page.evaluate((hidden) => {
      for (const section of document.querySelectorAll<HTMLElement>("main > section:not(#home)")) {
        section.hidden = hidden;
      }
    }, hidden);
  await setOthersHidden(true);
  try {
    return await check();
  } finally {
    await setOthersHidden(false);
  }
}

const heroCausesNoSidewaysScroll = (page: Page) =>
  withHeroAlone(page, () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));

/**
 * Opens `/` with the page's timers under the test's control, so 12 seconds pass in an instant. The
 * animal's cycle starts when its island hydrates (when the page is idle, its code fetched), so that
 * is awaited first: run before, the clock would pass before the cycle had begun.
 */
async function openWithClock(browser: Browser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.clock.install();
  await page.goto(browser.origin + "/");
  await page.waitForSelector('lh-island[data-island="AnimalPeek"][data-hydrated]', { state: "attached" });
  return page;
}

for (const viewport of VIEWPORTS) {
  e2eTest(
    `landing hero (${viewport.name}): copy, calls to action, a muted looping video, sound by keyboard`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, { ...viewport, reducedMotion: "no-preference" });
      const page = await browser.open("/");
      const hero = page.locator("section#home");

      assert(
        await hero.getByRole("heading", { level: 1, name: "Create Magical Personalized Songs For Kids" })
          .isVisible(),
      );
      assert(await hero.getByText("Welcome to Little Hits!").isVisible());
      assertEquals(await hero.getByRole("link", { name: "Create Your Song" }).getAttribute("href"), "/order");
      assertEquals(
        await hero.getByRole("link", { name: "See Kids' Reactions" }).getAttribute("href"),
        "#kid-reactions",
      );
      assert(await hero.getByText("Ready in 24 hours").isVisible());
      assert(await hero.getByText("100% personalized").isVisible());
      assert(await hero.getByText("$1 from every song goes to a children's research hospital").isVisible());

      // The box is square before and after the video loads: nothing below it moves.
      const box = (await hero.locator("video").boundingBox())!;
      assert(Math.abs(box.width - box.height) < 1, `video box ${box.width}x${box.height}`);

      await waitUntilPlaying(page);
      assertEquals((await heroVideo(page)).muted, true);

      const unmute = hero.getByRole("button", { name: "Unmute hero video" });
      const tooltip = hero.getByRole("tooltip");
      assertEquals(await tooltip.isVisible(), false);
      await unmute.hover();
      assert(await tooltip.isVisible());
      await page.mouse.move(0, 0);
      assertEquals(await tooltip.isVisible(), false);
      await unmute.focus();
      assert(await tooltip.isVisible());
      assertEquals(await tooltip.textContent(), "Click to unmute");
      assertEquals(await unmute.getAttribute("aria-describedby"), await tooltip.getAttribute("id"));
      // Escape dismisses it without moving focus (WCAG 1.4.13); it is back on the next visit.
      await page.keyboard.press("Escape");
      assertEquals(await tooltip.isVisible(), false);
      assert(await unmute.evaluate((button) => button === document.activeElement));
      await unmute.blur();
      await unmute.focus();
      assert(await tooltip.isVisible());

      await page.keyboard.press("Enter");
      const mute = hero.getByRole("button", { name: "Mute hero video" });
      assert(await mute.evaluate((button) => button === document.activeElement));
      assertEquals(await heroVideo(page).then((video) => [video.muted, video.paused]), [false, false]);
      assertEquals(await tooltip.count(), 0);

      await page.keyboard.press("Space");
      assert(await unmute.isVisible());
      assertEquals((await heroVideo(page)).muted, true);

      await hero.getByRole("button", { name: "Pause hero video" }).click();
      assertEquals((await heroVideo(page)).paused, true);
      await hero.getByRole("button", { name: "Play hero video" }).click();
      await waitUntilPlaying(page);

      assert(await heroCausesNoSidewaysScroll(page));
      await page.evaluate(() => scrollTo(0, 0));
      await browser.screenshot(page, `hero-${viewport.name}-viewport`);
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest(
  "landing hero: the video element is in the server's HTML, muted, with its poster, waiting for the island",
  async () => {
    await using t = await createTestApp();
    const html = await (await t.app.fetch(new Request("http://localhost/"))).text();
    const video = html.match(/<video[^>]*>/)?.[0] ?? "";
    for (const attribute of [/src="\/hero-video\.mp4"/, /poster="\/images\/hero-poster\.webp"/, /muted=""/]) {
      assertMatch(video, attribute);
    }
    for (const attribute of [/loop=""/, /playsinline=""/i, /preload="none"/, /width="540"/, /height="540"/]) {
      assertMatch(video, attribute);
    }
    // Playback waits for the island, which knows whether the visitor prefers reduced motion.
    assertEquals(/autoplay/i.test(video), false);
  },
);

for (const viewport of VIEWPORTS) {
  e2eTest(
    `landing hero (${viewport.name}): an animal peeks in from an edge every 12 s, hidden from assistive tech`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, { ...viewport, reducedMotion: "no-preference" });
      const page = await openWithClock(browser);
      const animal = page.locator("#home [data-animal-peek]");

      await page.clock.runFor(ANIMAL_PEEK_CYCLE_MS - 1000);
      assertEquals(await animal.count(), 0);
      await page.clock.runFor(1000);
      await animal.waitFor({ state: "attached" });
      // Held half-way (fully in view) while it is looked at: the slide runs on the browser's own
      // clock, and a busy machine could otherwise finish it before the checks below get to it.
      await animal.evaluate((element) => {
        for (const motion of element.getAnimations()) {
          motion.pause();
          motion.currentTime = Number(motion.effect?.getTiming().duration ?? 0) / 2;
        }
      });

      assert((HERO_ANIMALS as readonly string[]).includes((await animal.textContent())!));
      assert(await animal.evaluate((element) => element.closest("[aria-hidden=true]") !== null));
      assertEquals(await animal.evaluate((element) => getComputedStyle(element).pointerEvents), "none");
      // It slides in far enough to be seen, from its own edge, without widening the page.
      const side = await animal.getAttribute("data-animal-peek");
      // Read once, not polled: polling runs on animation frames, which the page's fake clock holds back.
      const inView = await animal.evaluate((element, side) => {
        const box = element.getBoundingClientRect();
        // About 28 px of its 48 px face shows at the top of the peek (SHOWN in islands/AnimalPeek.client.ts).
        return side === "left" ? box.right >= 24 : box.left <= innerWidth - 24;
      }, side);
      assert(inView, `the animal peeks in far enough from the ${side}`);
      const box = (await animal.boundingBox())!;
      assert(box.y >= 0 && box.y + box.height <= viewport.height, `animal at y=${box.y}`);
      assert(await heroCausesNoSidewaysScroll(page));
      await browser.screenshot(page, `hero-peek-${viewport.name}-viewport`);

      // ...and slides back out: gone until the next cycle.
      // From where the slide out begins (the last fifth of the motion), played on to its end.
      await animal.evaluate((element) =>
        element.getAnimations().forEach((motion) => {
          motion.currentTime = Number(motion.effect?.getTiming().duration ?? 0) * 0.8;
          motion.play();
        })
      );
      await animal.waitFor({ state: "detached" });
      await page.clock.runFor(ANIMAL_PEEK_CYCLE_MS);
      await animal.waitFor({ state: "attached" });
      assertEquals(browser.problems, []);
    },
  );
}

/**
 * Changes the visitor's motion setting and resolves once the page has heard it: a listener added now
 * hears the change after the island's own, added at hydration, so the island has followed it by then.
 */
async function motionSettingChange(page: Page, reducedMotion: "reduce" | "no-preference") {
  await page.evaluate(() => {
    const heard = new Promise((resolve) =>
      matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", resolve, { once: true })
    );
    Object.assign(globalThis, { motionSettingHeard: heard });
  });
  await page.emulateMedia({ reducedMotion });
  await page.evaluate(() =>
    (globalThis as unknown as { motionSettingHeard: Promise<unknown> }).motionSettingHeard
  );
}

e2eTest("landing hero under reduced motion: no autoplay, no animal; the video plays on request", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const page = await openWithClock(browser);

  await page.clock.runFor(ANIMAL_PEEK_CYCLE_MS + 1000);
  assertEquals(await page.locator("#home [data-animal-peek]").count(), 0);
  assertEquals(await heroVideo(page), { paused: true, muted: true, currentTime: 0 });

  await page.getByRole("button", { name: "Play hero video" }).click();
  await waitUntilPlaying(page);
  assertEquals((await heroVideo(page)).muted, true);
  assert(await page.getByRole("button", { name: "Pause hero video" }).isVisible());

  // The setting changing while the page is open is followed too.
  await motionSettingChange(page, "no-preference");
  await page.clock.runFor(ANIMAL_PEEK_CYCLE_MS);
  await page.locator("#home [data-animal-peek]").waitFor({ state: "attached" });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.locator("#home [data-animal-peek]").waitFor({ state: "detached" });
  assertEquals((await heroVideo(page)).paused, true);
  assertEquals(browser.problems, []);
});

e2eTest("landing hero under reduced motion: the video is not downloaded until asked for", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const page = await browser.open("/");
  await page.waitForLoadState("networkidle");
  assertEquals(browser.requests.filter((url) => url.endsWith("/hero-video.mp4")), []);
  assert(
    browser.requests.some((url) => url.endsWith("/images/hero-poster.webp")),
    "the poster shows instead",
  );
  assertEquals(browser.problems, []);
});
