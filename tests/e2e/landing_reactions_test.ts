import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { NEXT_VIDEO_DELAY_MS } from "../../domain/site/carousel.ts";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";
import { afterFrames, afterIdle } from "./page_waits.ts";

/** Customer-side §2 "Kid Reactions" and §4 "Reaction carousel", at the spec's two widths. */
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
const TILES = "#kid-reactions ul > li";

/** Tile numbers (from 1) lying inside the carousel's frame, and those a keyboard can reach. */
async function shownTiles(page: Page) {
  return await page.$$eval(TILES, (tiles) => {
    const frame = tiles[0].parentElement!.parentElement!.getBoundingClientRect();
    const inside = (tile: Element) => {
      const box = tile.getBoundingClientRect();
      return box.left >= frame.left - 1 && box.right <= frame.right + 1;
    };
    return {
      inside: tiles.flatMap((tile, i) => inside(tile) ? [i + 1] : []),
      reachable: tiles.flatMap((tile, i) => (tile as HTMLElement).inert ? [] : [i + 1]),
    };
  });
}

async function waitForShown(page: Page, expected: number[]) {
  await page.waitForFunction(
    ([selector, wanted]) => {
      const tiles = [...document.querySelectorAll(selector)] as HTMLElement[];
      return tiles.flatMap((tile, i) => tile.inert ? [] : [i + 1]).join() === wanted;
    },
    [TILES, expected.join()] as const,
  );
  assertEquals(await shownTiles(page), { inside: expected, reachable: expected });
}

const paused = (page: Page) =>
  page.$$eval("#kid-reactions video", (videos) => videos.map((video) => (video as HTMLVideoElement).paused));
const status = (page: Page) => page.locator("#kid-reactions [aria-live=polite]").textContent();
const videoRequests = (requests: string[]) => requests.filter((url) => /\/videos\/.+\.(mp4|webp)$/.test(url));

/** Waits until only video `n` (from 1) plays and its time has moved. */
async function waitUntilOnlyPlaying(page: Page, n: number) {
  await page.waitForFunction((index) => {
    const videos = [...document.querySelectorAll("#kid-reactions video")] as HTMLVideoElement[];
    return videos.every((video, i) => video.paused !== (i === index)) && videos[index].currentTime > 0.2;
  }, n - 1);
}

async function scrollToReactions(page: Page) {
  await page.locator("#kid-reactions").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !!document.querySelector("#kid-reactions video[src]"));
}

e2eTest(
  "reactions: no video bytes before the section is near; desktop arrows and dots page by 3",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t, DESKTOP);
    const page = await browser.open("/");

    const top = await page.locator("#kid-reactions").evaluate((section) =>
      section.getBoundingClientRect().top
    );
    assert(top > DESKTOP.height + 300, `the section starts out of reach of the lazy margin (${top})`);
    await afterIdle(page);
    assertEquals(videoRequests(browser.requests), [], "no reaction video or poster before scrolling");
    assertEquals(await page.locator("#kid-reactions video[src]").count(), 0);

    await scrollToReactions(page);
    await page.waitForFunction(() => document.querySelectorAll("#kid-reactions video[poster]").length === 9);
    assertEquals(await page.getByText("Swipe to browse").isVisible(), false, "the hint is for phones");

    const previous = page.getByRole("button", { name: "Previous videos" });
    const next = page.getByRole("button", { name: "Next videos" });
    await waitForShown(page, [1, 2, 3]);
    assert(await previous.isDisabled());
    assert(await next.isEnabled());
    assert(await page.getByRole("heading", { level: 3, name: "A Birthday Surprise" }).isVisible());

    await next.click();
    await waitForShown(page, [4, 5, 6]);
    assertEquals(await status(page), "Showing videos 4–6 of 9");
    assert(await previous.isEnabled());
    await next.click();
    await waitForShown(page, [7, 8, 9]);
    assert(await next.isDisabled(), "no page after the last");
    await previous.click();
    await waitForShown(page, [4, 5, 6]);

    const dots = page.getByRole("button", { name: /^Go to videos/ });
    assertEquals(await dots.count(), 3, "one dot per page of three");
    assertEquals(await dots.nth(1).getAttribute("aria-current"), "true");
    await dots.nth(2).click();
    await waitForShown(page, [7, 8, 9]);
    assertEquals(await dots.nth(2).getAttribute("aria-current"), "true");
    assertEquals(await dots.nth(1).getAttribute("aria-current"), null);
    await page.getByRole("button", { name: "Go to videos 1–3" }).click();
    await waitForShown(page, [1, 2, 3]);

    await page.waitForFunction(() =>
      !document.querySelector("#kid-reactions")!.textContent!.includes("Loading")
    );
    await page.locator("#kid-reactions").evaluate((section) => section.scrollIntoView());
    await browser.screenshot(page, "reactions-desktop-viewport");
    await browser.screenshot(page, "reactions-desktop");
    assertEquals(browser.problems, []);
  },
);

e2eTest("reactions: one video plays at a time; tapping the playing one pauses it and resets it", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, DESKTOP);
  const page = await browser.open("/");
  const events: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("[analytics]")) events.push(message.text());
  });
  await page.evaluate(() => document.documentElement.dataset.analytics = "console");
  await scrollToReactions(page);

  await page.getByRole("button", { name: "Play Emma's reaction video" }).click();
  await waitUntilOnlyPlaying(page, 1);
  await page.waitForFunction(() => {
    const bar = document.querySelector<HTMLElement>("#kid-reactions li [aria-hidden] > div")!;
    return parseFloat(bar.style.width) > 0;
  });
  assert(await page.getByRole("button", { name: "Pause Emma's reaction video" }).isVisible());

  await page.getByRole("button", { name: "Play Liam's reaction video" }).click();
  await waitUntilOnlyPlaying(page, 2);
  assert(await page.getByRole("button", { name: "Play Emma's reaction video" }).isVisible());
  const emmaTime = await page.locator("#kid-reactions video").first().evaluate((v) =>
    (v as HTMLVideoElement).currentTime
  );
  assert(emmaTime > 0, "switching pauses Emma's video where it was");

  await page.getByRole("button", { name: "Pause Liam's reaction video" }).click();
  assertEquals(await paused(page), Array(9).fill(true));
  assertEquals(events.length, 2, "Sample Song Played, once per video started");
  assert(events.every((event) => event.startsWith("[analytics] Sample Song Played")));
  const liam = page.locator("#kid-reactions video").nth(1);
  assertEquals(await liam.evaluate((v) => (v as HTMLVideoElement).currentTime), 0, "progress resets to 0");
  const liamBar = page.locator("#kid-reactions li").nth(1).locator("[aria-hidden] > div");
  assertEquals(await liamBar.evaluate((bar) => (bar as HTMLElement).style.width), "0%");
  assertEquals(browser.problems, []);
});

e2eTest("reactions: the sound toggle mutes and unmutes every video and says what it will do", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, DESKTOP);
  const page = await browser.open("/");
  await scrollToReactions(page);
  // One button whose name changes; its place in the page finds it whatever it says.
  const toggle = page.locator("#kid-reactions button").first();
  const name = () => toggle.evaluate((button) => button.textContent?.trim());
  const mutedFlags = () =>
    page.$$eval("#kid-reactions video", (videos) => videos.map((video) => (video as HTMLVideoElement).muted));

  assertEquals(await name(), "Mute videos", "sound is on, so the button offers to mute");
  assertEquals(await mutedFlags(), Array(9).fill(false), "sound is on by default");
  await page.getByRole("button", { name: "Mute videos" }).click();
  assertEquals(await name(), "Unmute videos");
  // A name that changes with the state and aria-pressed would read "Unmute videos, pressed".
  assertEquals(await toggle.getAttribute("aria-pressed"), null, "the label alone tells the state");
  assertEquals(await mutedFlags(), Array(9).fill(true));
  await page.getByRole("button", { name: "Play Sophia's reaction video" }).click();
  await waitUntilOnlyPlaying(page, 3);
  assertEquals(await mutedFlags(), Array(9).fill(true), "a video started while muted stays muted");
  await page.getByRole("button", { name: "Unmute videos" }).click();
  assertEquals(await name(), "Mute videos");
  assertEquals(await mutedFlags(), Array(9).fill(false));
  assertEquals(browser.problems, []);
});

e2eTest("reactions: a tile reached with Tab has a clear outline; a mouse click leaves none", async () => {
  await using t = await createTestApp();
  for (const viewport of [DESKTOP, MOBILE]) {
    await using browser = await openBrowser(t, viewport);
    const page = await browser.open("/");
    await scrollToReactions(page);
    const tile = page.locator(TILES).first().locator("article");
    const outline = () =>
      tile.evaluate((article) => {
        const style = getComputedStyle(article);
        return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
      });

    // The sound toggle comes just before the first tile's play button.
    await page.locator("#kid-reactions button").first().focus();
    await page.keyboard.press("Tab");
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
      "Play Emma's reaction video",
    );
    assertEquals(
      await outline(),
      { style: "solid", width: "4px", colour: "rgb(109, 40, 217)" },
      `violet-700 around the card at ${viewport.width} px`,
    );
    // Not cut off: the outline and its 2 px offset fit in the carousel's clipping frame.
    const clipped = await tile.evaluate((article) => {
      const box = article.getBoundingClientRect();
      const frame = article.closest("ul")!.parentElement!.getBoundingClientRect();
      const reach = 6;
      return box.left - reach < frame.left || box.right + reach > frame.right ||
        box.top - reach < frame.top || box.bottom + reach > frame.bottom;
    });
    assertEquals(clipped, false, `at ${viewport.width} px`);
    await tile.evaluate((article) => article.scrollIntoView({ block: "center" }));
    await browser.screenshot(page, `reactions-focus-${viewport.width}-viewport`);

    await page.locator("#reactions-title").click(); // a click elsewhere, so the next focus is a mouse's
    await page.getByRole("button", { name: "Play Emma's reaction video" }).click();
    await page.getByRole("button", { name: "Pause Emma's reaction video" }).click();
    assertEquals((await outline()).style, "none", "a tap shows no focus outline");
    assertEquals(browser.problems, []);
  }
});

e2eTest(
  "reactions: when a video ends the carousel turns the page and plays the next after 500 ms",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t, DESKTOP);
    // The page's timers on the test's clock, running as usual until the video's end is due.
    await browser.context.clock.install();
    const page = await browser.open("/");
    await scrollToReactions(page);

    // From the keyboard, so the focus must follow the video onto the next page.
    await page.getByRole("button", { name: "Play Sophia's reaction video" }).focus();
    await page.keyboard.press("Enter");
    await waitUntilOnlyPlaying(page, 3);
    // Held still from here: the wait before the next video is then counted on the page's clock.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1));
    await page.locator("#kid-reactions video").nth(2).evaluate((video: HTMLVideoElement) => {
      video.currentTime = video.duration - 0.1;
      return new Promise((resolve) => video.addEventListener("ended", resolve, { once: true }));
    });
    const noahPaused = () =>
      page.evaluate(() => document.querySelectorAll<HTMLVideoElement>("#kid-reactions video")[3].paused);
    await page.clock.runFor(NEXT_VIDEO_DELAY_MS - 1);
    assertEquals(await noahPaused(), true, "the next video waits its 500 ms");
    await page.clock.runFor(1);
    await page.clock.resume();
    await waitForShown(page, [4, 5, 6]);
    assertEquals(await status(page), "Showing videos 4–6 of 9");
    await page.waitForFunction(() =>
      !document.querySelectorAll<HTMLVideoElement>("#kid-reactions video")[3].paused
    );
    await waitUntilOnlyPlaying(page, 4);
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
      "Pause Noah's reaction video",
    );
    const sophia = page.locator("#kid-reactions video").nth(2);
    assertEquals(await sophia.evaluate((v) => (v as HTMLVideoElement).currentTime), 0, "its progress reset");
    const noahTile = await page.locator(TILES).nth(3).boundingBox();
    assert(
      noahTile && noahTile.y >= 0 && noahTile.y + noahTile.height <= DESKTOP.height + 1,
      "scrolled into view",
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest("reactions on a phone: one per slide, swipe (50 px, not 49), dots and the swipe hint", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, MOBILE);
  const page = await browser.open("/");
  await afterIdle(page);
  assertEquals(videoRequests(browser.requests), [], "no reaction video or poster before scrolling");
  await scrollToReactions(page);

  assert(await page.getByText("Swipe to browse").isVisible());
  assertEquals(await page.getByRole("button", { name: "Next videos" }).isVisible(), false, "no arrows");
  await waitForShown(page, [1]);

  const track = await page.locator("#kid-reactions ul").boundingBox();
  const y = track!.y + track!.height / 3;
  const drag = async (dx: number) => {
    const x = track!.x + track!.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 3 });
    await page.mouse.move(x + dx, y, { steps: 3 });
    await page.mouse.up();
  };
  await drag(-49);
  await afterFrames(page);
  assertEquals((await shownTiles(page)).reachable, [1], "49 px is not a swipe");
  assertEquals(await paused(page), Array(9).fill(true), "nor a tap on the video");
  await drag(-50);
  await waitForShown(page, [2]);
  assertEquals(await status(page), "Video 2 of 9");
  await drag(-120);
  await waitForShown(page, [3]);
  await drag(80);
  await waitForShown(page, [2]);
  assertEquals(await paused(page), Array(9).fill(true), "a swipe is not a tap on the video");

  const dots = page.getByRole("button", { name: /^Go to video \d/ });
  assertEquals(await dots.count(), 9, "one dot per video");
  await dots.nth(5).click();
  await waitForShown(page, [6]);
  assertEquals(await dots.nth(5).getAttribute("aria-current"), "true");

  // A plain tap still plays.
  await page.getByRole("button", { name: "Play Mateo's reaction video" }).click();
  await waitUntilOnlyPlaying(page, 6);
  await page.getByRole("button", { name: "Pause Mateo's reaction video" }).click();

  await page.waitForFunction(() =>
    !document.querySelector("#kid-reactions")!.textContent!.includes("Loading")
  );
  await page.locator("#kid-reactions").evaluate((section) => section.scrollIntoView());
  await browser.screenshot(page, "reactions-mobile-viewport");
  await browser.screenshot(page, "reactions-mobile");
  assertEquals(browser.problems, []);
});

e2eTest("reactions: resizing re-lays the carousel and resets an index the new layout lacks", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, MOBILE);
  const page = await browser.open("/");
  await scrollToReactions(page);

  // Mobile slide 6 has no desktop page 6: back to the start.
  await page.getByRole("button", { name: "Go to video 6" }).click();
  await waitForShown(page, [6]);
  await page.setViewportSize(DESKTOP);
  await waitForShown(page, [1, 2, 3]);
  assert(await page.getByRole("button", { name: "Previous videos" }).isDisabled());

  // Desktop page 3 is slide 3 on a phone, which exists: the index is kept, clamped to the layout.
  await page.getByRole("button", { name: "Go to videos 7–9" }).click();
  await waitForShown(page, [7, 8, 9]);
  await page.setViewportSize(MOBILE);
  await waitForShown(page, [3]);
  assertEquals(
    await page.getByRole("button", { name: "Go to video 3" }).getAttribute("aria-current"),
    "true",
  );
  assertEquals(browser.problems, []);
});
