import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Locator, Page } from "playwright-core";
import type { Order } from "../../domain/order/orders.ts";
import { lineText } from "../../domain/song/timed_lyrics.ts";
import { updateOrder } from "../../kv/orders.ts";
import {
  createTestApp,
  e2eTest,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
  recordBrowserAnalytics,
  type TestApp,
  type TestBrowser,
} from "../helpers.ts";
import { deliveredOrder } from "../integration/delivery/helpers.ts";
import { songWithTwoTakes, TIMING, TITLE } from "./song_takes.ts";

/**
 * The song's audio is served from APP_URL, so the browser must find the app there. Its songs are made
 * by the real pipeline on the test's clock (deliveredOrder), timed lyrics settled, no worker left over.
 */
const songApp = (env: Record<string, string> = {}) =>
  createTestApp({ env: { APP_URL: loopbackAppUrl(), ...env } });

/** A delivered song from before there were takes: one song, no timing, the plain lyrics. */
async function songWithoutTiming(t: TestApp): Promise<Order> {
  const delivered = await deliveredOrder(t, { childName: "Ava" });
  const order = await updateOrder(t.kv, delivered.id, (order) => ({
    ...order,
    songTakes: null,
    takeChoice: null,
    bonusTake: null,
  }));
  return order!;
}

const mainAudio = (page: Page) => page.locator('audio[data-song="delivered"]');
const otherAudio = (page: Page) => page.locator('audio[data-song="another-version"]');
const lyricsBox = (page: Page) => page.locator("#song-lyrics [data-sing-along]");
const lineButton = (page: Page, index: number) => lyricsBox(page).locator(`[data-line-index="${index}"]`);

/** Opens the revealed song (`?skip=true`) and the 'Read Song Lyrics' section. */
async function openLyrics(browser: TestBrowser, orderId: string): Promise<Page> {
  const page = await browser.open(`/unboxing/${orderId}?skip=true`);
  await page.getByRole("heading", { name: TITLE }).waitFor();
  await page.getByRole("button", { name: "Read Song Lyrics" }).click();
  await page.getByRole("button", { name: "Hide Song Lyrics" }).waitFor();
  await lyricsBox(page).waitFor();
  return page;
}

/** Moves the reveal's song as a seek by the browser would, outside our own buttons. */
async function setCurrentTime(page: Page, seconds: number) {
  await page.evaluate((seconds) => {
    document.querySelector<HTMLAudioElement>('audio[data-song="delivered"]')!.currentTime = seconds;
  }, seconds);
}

/** Waits until exactly the line `index` is marked current (the page redraws on the audio's own events). */
async function waitForCurrentLine(page: Page, index: number) {
  await page.waitForFunction((index) => {
    const current = [...document.querySelectorAll('#song-lyrics [data-current="true"]')];
    return current.length === 1 && current[0].getAttribute("data-line-index") === String(index);
  }, index);
}

async function currentTime(audio: Locator): Promise<number> {
  return await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
}

e2eTest(
  "sing-along: the highlighted line follows the song, a tap on a line moves the song there",
  async () => {
    await using t = await songApp();
    const { order } = await songWithTwoTakes(t);
    await using browser = await openBrowser(t);
    const page = await openLyrics(browser, order.id);

    assert(await page.getByText("Sing along: tap a line to jump to it.").isVisible());
    const region = page.getByRole("region", { name: "Song lyrics" });
    assertEquals(await region.getAttribute("data-sing-along"), "");
    // Section labels are shown as the stanzas' are; each line is a button named by its words.
    assertEquals(await region.locator("p").allInnerTexts(), ["VERSE", "CHORUS", "VERSE"]);
    for (const [index, line] of TIMING.lines.entries()) {
      assertEquals(await page.getByRole("button", { name: lineText(line), exact: true }).count(), 1);
      assertEquals(await lineButton(page, index).getAttribute("type"), "button");
    }
    // Nothing before the first line: no line is current yet.
    assertEquals(await region.locator('[data-current="true"]').count(), 0);
    // Plain text for screen readers: nothing announces itself as the song plays.
    assertEquals(await region.locator("[aria-live], [aria-current]").count(), 0);
    assertEquals(await region.getAttribute("aria-live"), null);

    // Paused, the song's position moved by the browser: the second line, then the fourth.
    await setCurrentTime(page, TIMING.lines[1].start + 0.1);
    await waitForCurrentLine(page, 1);
    assertEquals(
      await lineButton(page, 1).locator('[data-current-word="true"]').innerText(),
      TIMING.lines[1].words[0].text,
    );
    await setCurrentTime(page, TIMING.lines[3].words[2].start + 0.1);
    await waitForCurrentLine(page, 3);
    assertEquals(await region.locator('[data-current-word="true"]').count(), 1);
    assertEquals(
      await lineButton(page, 3).locator('[data-current-word="true"]').innerText(),
      TIMING.lines[3].words[2].text,
    );
    await browser.screenshot(page, "sing-along-line-4");

    // Playing: the highlight moves on by itself to the next line.
    await page.getByRole("button", { name: "PLAY", exact: true }).click();
    await waitForCurrentLine(page, 4);
    await page.getByRole("button", { name: "PAUSE", exact: true }).click();
    await page.getByRole("button", { name: "PLAY", exact: true }).waitFor();

    // A tap on the third line moves the song to its start; paused, it stays paused.
    await lineButton(page, 2).click();
    await waitForCurrentLine(page, 2);
    const tapped = await currentTime(mainAudio(page));
    assert(Math.abs(tapped - TIMING.lines[2].start) < 0.25, `at the third line's start (${tapped} s)`);
    assert(
      await mainAudio(page).evaluate((audio: HTMLAudioElement) => audio.paused),
      "a tap does not start it",
    );

    // Keyboards too: Enter on a line's button.
    await lineButton(page, 6).focus();
    await page.keyboard.press("Enter");
    await waitForCurrentLine(page, 6);
    assert(Math.abs(await currentTime(mainAudio(page)) - TIMING.lines[6].start) < 0.25);
    assertEquals(browser.problems, []);
  },
);

e2eTest("sing-along: the lyrics box scrolls itself to the sung line, never the page", async () => {
  await using t = await songApp();
  const { order } = await songWithTwoTakes(t);
  for (const motion of ["reduce", "no-preference"] as const) {
    await using browser = await openBrowser(t, { width: 1280, height: 800, reducedMotion: motion });
    const page = await openLyrics(browser, order.id);
    const box = lyricsBox(page);
    assert(
      await box.evaluate((element) => element.scrollHeight > element.clientHeight + 100),
      "the lyrics are taller than their box",
    );
    await box.scrollIntoViewIfNeeded();
    const pageScroll = await page.evaluate(() => scrollY);
    assertEquals(await box.evaluate((element) => element.scrollTop), 0);

    const last = TIMING.lines.length - 1;
    await setCurrentTime(page, TIMING.lines[last].start + 0.1);
    await waitForCurrentLine(page, last);
    // Smooth or not, the box ends with the sung line inside it.
    await page.waitForFunction(() => {
      const box = document.querySelector("#song-lyrics [data-sing-along]")!;
      const line = box.querySelector('[data-current="true"]')!.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      return box.scrollTop > 0 && line.top >= frame.top && line.bottom <= frame.bottom;
    });
    assertEquals(await page.evaluate(() => scrollY), pageScroll, `the page stayed put (${motion})`);

    // Back to the start: the box returns to its top.
    await setCurrentTime(page, 0);
    await page.waitForFunction(() =>
      document.querySelector("#song-lyrics [data-sing-along]")!.scrollTop === 0 &&
      document.querySelectorAll('#song-lyrics [data-current="true"]').length === 0
    );
    assertEquals(await page.evaluate(() => scrollY), pageScroll);

    // With reduced motion nothing glides: no transition on the lines, only the highlight.
    const transition = await lineButton(page, 0).evaluate((element) =>
      getComputedStyle(element).transitionProperty
    );
    if (motion === "reduce") assertEquals(transition, "all");
    else assertStringIncludes(transition, "background-color");
    const duration = await lineButton(page, 0).evaluate((element) =>
      getComputedStyle(element).transitionDuration
    );
    if (motion === "reduce") assertEquals(duration, "0s");
    assertEquals(browser.problems, []);
  }
});

e2eTest("sing-along: the parent hears the take staff chose, and the other as 'Another version'", async () => {
  await using t = await songApp({ APP_ENV: "development" });
  const { order, takes } = await songWithTwoTakes(t);
  await using browser = await openBrowser(t);
  const events = await recordBrowserAnalytics(browser);
  const page = await browser.open(`/unboxing/${order.id}?skip=true`);
  await page.getByRole("heading", { name: TITLE }).waitFor();

  assertEquals(await mainAudio(page).getAttribute("src"), takes[1].songUrl, "Take 2, as staff chose");
  assertEquals(await otherAudio(page).getAttribute("src"), takes[0].songUrl);

  const section = page.locator("[data-another-version]");
  await section.getByRole("heading", { name: "Another version" }).waitFor();
  const words = await section.innerText();
  for (const technical of [/take/i, /bonus/i, /mp3/i]) {
    assert(!technical.test(words), `no ${technical} in: ${words}`);
  }

  // One song at a time: each one, started, pauses the other.
  await page.getByRole("button", { name: "PLAY", exact: true }).click();
  await page.waitForFunction(() =>
    !document.querySelector<HTMLAudioElement>('audio[data-song="delivered"]')!.paused
  );
  await section.getByRole("button", { name: "Play another version" }).click();
  await page.waitForFunction(() => {
    const other = document.querySelector<HTMLAudioElement>('audio[data-song="another-version"]')!;
    const main = document.querySelector<HTMLAudioElement>('audio[data-song="delivered"]')!;
    return !other.paused && other.currentTime > 0.2 && main.paused;
  });
  await page.getByRole("button", { name: "PLAY", exact: true }).waitFor();
  await section.getByRole("button", { name: "Pause another version" }).waitFor();
  await browser.screenshot(page, "another-version-playing");
  await page.getByRole("button", { name: "PLAY", exact: true }).click();
  await page.waitForFunction(() =>
    document.querySelector<HTMLAudioElement>('audio[data-song="another-version"]')!.paused &&
    !document.querySelector<HTMLAudioElement>('audio[data-song="delivered"]')!.paused
  );
  await section.getByRole("button", { name: "Play another version" }).waitFor();
  await page.getByRole("button", { name: "PAUSE", exact: true }).click();

  const link = section.getByRole("link", { name: "Download another version" });
  assertEquals(await link.getAttribute("download"), "");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  assert(
    download.suggestedFilename().endsWith("-version-2.mp3"),
    `saved as ${download.suggestedFilename()}`,
  );
  assertEquals(download.suggestedFilename(), "Mia-Shines-version-2.mp3");
  await download.delete();
  const downloaded = events.filter((event) => event.event === "Song Downloaded");
  assertEquals(downloaded.map((event) => [event.properties.orderId, event.properties.version]), [[
    order.id,
    2,
  ]]);

  // Its own words follow its own song.
  await section.getByRole("button", { name: "Sing along to this one" }).click();
  const otherBox = section.locator("[data-sing-along]");
  await otherBox.waitFor();
  const mainAt = await currentTime(mainAudio(page));
  await otherBox.locator('[data-line-index="5"]').click();
  await page.waitForFunction(
    (start) =>
      Math.abs(
        document.querySelector<HTMLAudioElement>('audio[data-song="another-version"]')!.currentTime - start,
      ) < 0.25,
    TIMING.lines[5].start,
  );
  assertEquals(await otherBox.locator('[data-current="true"]').getAttribute("data-line-index"), "5");
  assertEquals(await currentTime(mainAudio(page)), mainAt, "the reveal's own song did not move");
  await browser.screenshot(page, "another-version-words");
  assertEquals(browser.problems, []);
});

e2eTest(
  "sing-along: without 'Another version' offered, or without timing, the page is as before",
  async () => {
    await using t = await songApp();
    const { order } = await songWithTwoTakes(t, { bonusTake: null });
    const plain = await songWithoutTiming(t);
    await using browser = await openBrowser(t);

    const page = await openLyrics(browser, order.id);
    assertEquals(await page.locator("[data-another-version]").count(), 0);
    assertEquals(await page.locator("audio").count(), 1);

    const before = await browser.open(`/unboxing/${plain.id}?skip=true`);
    await before.getByRole("button", { name: "Read Song Lyrics" }).click();
    await before.getByRole("button", { name: "Hide Song Lyrics" }).waitFor();
    assertEquals(await before.locator("[data-sing-along]").count(), 0);
    assertEquals(await before.getByText("Sing along: tap a line to jump to it.").count(), 0);
    assertStringIncludes(
      await before.locator("#song-lyrics").innerText(),
      plain.songLyrics!.split("\n")[1].trim(),
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "sing-along: with both songs' words open nothing overflows sideways, at 1280 and 390 px, signed in and out",
  async () => {
    await using t = await songApp();
    const { order } = await songWithTwoTakes(t);
    for (const signedIn of [false, true]) {
      for (const [width, height] of [[1280, 800], [390, 844]] as const) {
        const options = { width, height };
        const opened = signedIn
          ? await openSignedInBrowser(t, `parent-${width}@example.com`, options)
          : { browser: await openBrowser(t, options) };
        await using browser = opened.browser;
        const page = await openLyrics(browser, order.id);
        await setCurrentTime(page, TIMING.lines[5].words[1].start + 0.1);
        await waitForCurrentLine(page, 5);
        await page.locator("[data-another-version]").getByRole("button", { name: "Sing along to this one" })
          .click();
        await page.locator("[data-another-version] [data-sing-along]").waitFor();
        // Its accessibility: the view "the lyrics open, both songs' words" in accessibility/customer_views.ts.
        const where = `${width} px, ${signedIn ? "signed in" : "signed out"}`;
        assertEquals(
          await page.evaluate(() => document.documentElement.scrollWidth),
          width,
          `no sideways scroll (${where})`,
        );
        const name = `sing-along-${width}-${signedIn ? "signed-in" : "signed-out"}`;
        await browser.screenshot(page, name);
        await lyricsBox(page).scrollIntoViewIfNeeded();
        await browser.screenshot(page, `${name}-viewport`);
        assertEquals(browser.problems, []);
      }
    }
  },
);

e2eTest("sing-along: every line of the song is shown when the timing covers only its start", async () => {
  await using t = await songApp();
  // The local synthesiser renders about 20 s, so its timing reaches only the first lines.
  const order = await deliveredOrder(t, { childName: "Ava" });
  const sung = order.songLyrics!.split("\n").filter((line) => line.trim() && !/^\[.*\]$/.test(line.trim()));
  await using browser = await openBrowser(t);
  const page = await browser.open(`/unboxing/${order.id}?skip=true`);
  await page.getByRole("button", { name: "Read Song Lyrics" }).click();
  await lyricsBox(page).waitFor();

  const shown = await lyricsBox(page).locator("[data-line-index]").allTextContents();
  assertEquals(
    shown.map((line) => line.replace(/\s+/g, " ").trim()),
    sung.map((line) => line.replace(/\s+/g, " ").trim()),
  );
  const untimed = lyricsBox(page).locator("[data-untimed]");
  assert(await untimed.count() > 0, "the timing covers part of the song");
  // Lines past the timing are read, not followed: no button to jump to them.
  assertEquals(await untimed.last().evaluate((line) => line.tagName), "P");
  assertEquals(browser.problems, []);
});
