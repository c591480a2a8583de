import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { type BuildManifest, manifestPath } from "../../routes/assets.ts";
import {
  createTestApp,
  e2eTest,
  holdIslandCode,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
  recordBrowserAnalytics,
} from "../helpers.ts";
import { deliveredOrder } from "../integration/delivery/helpers.ts";
import { codeRequests } from "./code_requests.ts";
import { holdFirstPaint, painted, showPage } from "./first_paint.ts";
import { afterIdle } from "./page_waits.ts";
import { playCalls, watchPlayCalls } from "./play_calls.ts";

/**
 * Issue 24: the reveal is plain HTML until the family taps the box (islands/mod.ts), so its first view
 * loads no React. The tap itself starts the song (the boot, by the button's `data-plays`), the island
 * wakes and opens the box; "Unboxing Viewed" is counted by the page at once; `?skip=true` hydrates at
 * once, as it shows the player without any tap.
 */
const manifest: BuildManifest = JSON.parse(Deno.readTextFileSync(manifestPath()));
const revealCode = [manifest.islands.Unboxing.src, ...manifest.islands.Unboxing.preload]
  .filter((file) => !manifest.boot.preload.includes(file));

/** The island's code the page asked for before its own load event, and how much it asked for in all. */
const revealCodeFetched = (page: Page) =>
  page.evaluate((files) => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const fetched = performance.getEntriesByType("resource")
      .filter((entry) => files.includes(new URL(entry.name).pathname));
    return {
      beforeLoad: fetched.filter((entry) => entry.startTime < navigation.loadEventEnd).map((entry) =>
        entry.name
      ),
      files: new Set(fetched.map((entry) => new URL(entry.name).pathname)).size,
    };
  }, revealCode);

const marker = 'lh-island[data-island="Unboxing"]';
const isHydrated = (page: Page) => page.locator(`${marker}[data-hydrated]`).count().then((n) => n === 1);
const songPlaying = (page: Page) => page.evaluate(() => !document.querySelector("audio")!.paused);

/**
 * Analytics go to the browser's console in development, where the test reads them. The song is made
 * by the real pipeline on the test's clock (deliveredOrder), with no worker left running.
 */
const revealApp = () => createTestApp({ env: { APP_URL: loopbackAppUrl(), APP_ENV: "development" } });

const floats = (page: Page) =>
  page.evaluate(() =>
    document.getAnimations().some((animation) => (animation as CSSAnimation).animationName === "float")
  );

const VIEWPORTS = [
  { width: 1280, height: 800, reducedMotion: "no-preference" },
  { width: 390, height: 844, reducedMotion: "reduce" },
] as const;

for (const viewport of VIEWPORTS) {
  e2eTest(
    `reveal hydration (${viewport.width} px): plain until the tap, which starts the song at once`,
    async () => {
      await using t = await revealApp();
      const order = await deliveredOrder(t, { childName: "Mia Rose" });
      await using browser = await openBrowser(t, viewport);
      const events = await recordBrowserAnalytics(browser);
      await watchPlayCalls(browser);
      // A phone slower than its tap: the island's code is still on the wire when the family taps.
      const release = await holdIslandCode(browser, "Unboxing");
      const page = await browser.open(`/unboxing/${order.id}`);
      await afterIdle(page);

      assertEquals(await isHydrated(page), false);
      assertEquals(await floats(page), viewport.reducedMotion === "no-preference", "the box floats, by CSS");
      // Loaded, the page itself asked for the song: its length is known before the island wakes.
      await page.waitForFunction(() => document.querySelector("audio")!.readyState >= 1);
      assertEquals(events, [{
        event: "Unboxing Viewed",
        properties: {
          orderId: order.id,
          ready: true,
          skipped: false,
          signedIn: false,
          deviceClass: viewport.width < 768 ? "mobile" : "desktop",
          path: `/unboxing/${order.id}`,
        },
      }], "the view is counted at once, by the page");
      await browser.screenshot(page, `unboxing-plain-${viewport.width}`);

      // Read before the page's clock is replaced, which takes its Resource Timing along.
      const { beforeLoad } = await revealCodeFetched(page);
      // The reveal's 3000 ms on the page's own clock; the song plays on in real time.
      await page.clock.install();
      await page.getByRole("button", { name: "Tap to Open!" }).click();
      assertEquals(await playCalls(page), ["tap"], "the song started inside the tap itself");
      await page.waitForFunction(() => !document.querySelector("audio")!.paused);
      assertEquals(await isHydrated(page), false, "before the island woke");

      release();
      await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
      assertEquals(await floats(page), false, "and stops floating as it opens");
      await page.clock.runFor(3000);
      await page.getByRole("heading", { name: order.songTitle! }).waitFor();
      assert(await songPlaying(page), "the song plays on through the reveal");
      await page.getByRole("button", { name: "PAUSE", exact: true }).waitFor();
      assertEquals(await playCalls(page), ["tap"], "the island found it playing and left it be");
      assertEquals(beforeLoad, [], "no island code and no React for the first view");
      const fetched = new Set(browser.requests.map((url) => new URL(url).pathname))
        .intersection(new Set(revealCode));
      assertEquals(fetched.size, revealCode.length, "all of it for the tap");
      // The player adopted what the element learnt before the island woke: the song's length.
      const length = await page.locator("span:has(> .sr-only)", { hasText: "Length" }).first()
        .textContent();
      const shown = length!.replace(/\s+/g, " ").trim();
      assert(/^Length \d+:\d\d$/.test(shown) && shown !== "Length 0:00", shown);

      const counted = events.map((entry) => entry.event);
      assertEquals(counted.filter((name) => name === "Unboxing Viewed").length, 1);
      assertEquals(counted.filter((name) => name === "Unbox Clicked").length, 1);
      assertEquals(
        events.filter((entry) => entry.event === "Song Played").map((entry) => entry.properties.trigger),
        ["open"],
        "the song is counted once, as started by the opening",
      );
      assertEquals(browser.problems, [], "no console errors and no hydration mismatch");
    },
  );
}

e2eTest("reveal hydration: the song downloads once the first view is on screen, not at load", async () => {
  await using t = await revealApp();
  const order = await deliveredOrder(t, { childName: "Mia Rose" });
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  await holdFirstPaint(browser);
  const songRequested = () => browser.requests.some((url) => new URL(url).pathname.startsWith("/audio/"));
  const page = await browser.open(`/unboxing/${order.id}`);
  await page.waitForLoadState("load");
  // Loaded, and its idle moment and frames since have come and gone: anything due at load has started.
  await afterIdle(page);

  assertEquals(await painted(page), false, "loaded, but its first frame is not on screen yet");
  assertEquals(await page.evaluate(() => document.querySelector("audio")!.preload), "none");
  assertEquals(songRequested(), false, "the song waits for the first view");

  await showPage(page);
  await page.waitForFunction(() => document.querySelector("audio")!.readyState >= 1);
  assert(songRequested(), "once it was, the song was asked for");
  assertEquals(browser.problems, []);
});

const revealCodeRequests = (page: Page) => codeRequests(page, revealCode);

e2eTest(
  "reveal hydration: the box's code is fetched once the first view is on screen, and runs on the tap",
  async () => {
    await using t = await revealApp();
    const order = await deliveredOrder(t, { childName: "Mia Rose" });
    await using browser = await openBrowser(t, { width: 390, height: 844 });
    const page = await browser.open(`/unboxing/${order.id}`);
    await page.waitForFunction(
      (count) =>
        performance.getEntriesByType("resource").filter((entry) =>
          (entry as PerformanceResourceTiming).initiatorType === "link" && entry.name.includes("/build/")
        ).length >= count,
      revealCode.length,
    );
    await afterIdle(page);

    const prefetched = await revealCodeRequests(page);
    assertEquals(
      new Set(prefetched.map((request) => request.path)),
      new Set(revealCode),
      "all of it",
    );
    assert(prefetched.every((request) => request.how === "link"), "fetched, not imported");
    assertEquals(await isHydrated(page), false, "and not run: the island waits for its tap");

    await page.getByRole("button", { name: "Tap to Open!" }).click();
    await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
    // The tap's imports come from the cache: nothing goes over the wire again.
    const imported = (await revealCodeRequests(page)).filter((request) => request.how !== "link");
    assert(imported.every((request) => request.bytes === 0), JSON.stringify(imported));
    assertEquals(browser.problems, []);
  },
);

e2eTest("reveal hydration: a browser saving data fetches the box's code only on the tap", async () => {
  await using t = await revealApp();
  const order = await deliveredOrder(t, { childName: "Mia Rose" });
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  await browser.context.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true });
  });
  const page = await browser.open(`/unboxing/${order.id}`);
  // The song is asked for once the first view is on screen, as the box's code would be without Save-Data.
  await page.waitForFunction(() => document.querySelector("audio")!.readyState >= 1);
  await afterIdle(page);
  assertEquals(await revealCodeRequests(page), [], "nothing fetched before the tap");

  await page.getByRole("button", { name: "Tap to Open!" }).click();
  await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
  assertEquals(new Set((await revealCodeRequests(page)).map((request) => request.path)), new Set(revealCode));
  assertEquals(browser.problems, []);
});

e2eTest("reveal hydration: ?skip=true wakes at once; a signed-in view is counted as one", async () => {
  await using t = await revealApp();
  const order = await deliveredOrder(t, { childName: "Mia Rose" });
  const { browser } = await openSignedInBrowser(t, "parent@example.com", { width: 390, height: 844 });
  await using _ = browser;
  const events = await recordBrowserAnalytics(browser);

  const skipped = await browser.open(`/unboxing/${order.id}?skip=true`);
  await skipped.waitForSelector(`${marker}[data-hydrated]`, { state: "attached" });
  await skipped.getByRole("button", { name: "PLAY", exact: true }).click();
  await skipped.waitForFunction(() => !document.querySelector("audio")!.paused);
  assertEquals(
    events.filter((entry) => entry.event === "Unboxing Viewed").map((entry) => entry.properties),
    [{
      orderId: order.id,
      ready: true,
      skipped: true,
      signedIn: true,
      deviceClass: "mobile",
      path: `/unboxing/${order.id}`,
    }],
  );

  const plain = await browser.open(`/unboxing/${order.id}`);
  await afterIdle(plain);
  assertEquals(await isHydrated(plain), false, "without ?skip the box waits for its tap, signed in too");
  // Its code may be on its way by then (fetched once the first view is on screen), but none of it ran.
  assertEquals((await revealCodeFetched(plain)).beforeLoad, []);
  await browser.screenshot(plain, "unboxing-plain-signed-in-390");
  assertEquals(browser.problems, []);
});
