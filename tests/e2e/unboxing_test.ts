import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Page } from "playwright-core";
import { downloadFileName } from "../../domain/song/download.ts";
import { SUPPORT_EMAIL } from "../../domain/site/site.ts";
import { createTestApp, e2eTest, loopbackAppUrl, openBrowser, reviewScreenshots } from "../helpers.ts";
import { completedOrder, deliveredOrder } from "../integration/delivery/helpers.ts";
import { afterIdle, animationsSettled } from "./page_waits.ts";
import { playCalls, watchPlayCalls } from "./play_calls.ts";

/**
 * The song's audio is served from APP_URL, so the browser must find the app there. The song is made
 * by the real pipeline on the test's clock (deliveredOrder): a real MP3, in well under a second.
 */
const songApp = () => createTestApp({ env: { APP_URL: loopbackAppUrl() } });

async function toastTexts(page: Page) {
  const toast = page.locator("[data-toast-viewport] > [data-state]");
  await toast.waitFor();
  return await toast.locator("p").allTextContents();
}

const liveStatus = (page: Page) => page.locator("[data-unboxing-status]");
const disc = (page: Page) => page.locator("[data-disc]");

e2eTest("unboxing: open the box, play and pause, read the lyrics, download and share", async () => {
  await using t = await songApp();
  const order = await deliveredOrder(t, { childName: "Mia Rose", childFriends: "Leo", childAge: "5" });
  await using browser = await openBrowser(t);
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.origin });
  const page = await browser.open(`/unboxing/${order.id}`);

  await page.getByRole("heading", { name: "Mia has a special surprise!" }).waitFor();
  await browser.screenshot(page, "unboxing-box");

  // The page's own clock, held still, so the reveal's 3000 ms are counted exactly and not waited for.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const open = page.getByRole("button", { name: "Tap to Open!" });
  await open.click();
  const opening = page.getByRole("button", { name: "Opening Magic..." });
  await opening.waitFor();
  assert(await opening.isDisabled(), "the button is disabled while the box opens");
  assertStringIncludes((await liveStatus(page).textContent())!, "Opening");
  await browser.screenshot(page, "unboxing-opening");

  // The context asks for reduced motion: the lid only fades, but the reveal keeps the spec's 3000 ms.
  const title = page.getByRole("heading", { name: order.songTitle! });
  await page.clock.runFor(2999);
  assert(await opening.isVisible(), "still opening 1 ms before the 3000 ms are up");
  assertEquals(await title.count(), 0);
  await page.clock.runFor(1);
  await title.waitFor();
  await page.clock.resume();
  assertStringIncludes((await liveStatus(page).textContent())!, "revealed");
  assertEquals(await page.evaluate(() => document.activeElement?.tagName), "H1", "focus moves to the title");

  const nowPlaying = page.locator("[data-now-playing]");
  const panel = (await nowPlaying.innerText()).replace(/\s+/g, " ");
  for (const text of ["NOW PLAYING", order.songTitle!, "Made for Mia", "Age 5 years", "Happy", "feat. Leo"]) {
    assertStringIncludes(panel, text);
  }
  await browser.screenshot(page, "unboxing-revealed");

  // The tap started the song: the audio element advances, the disc turns and the button offers to pause.
  assertEquals(await page.locator("audio").getAttribute("crossorigin"), "anonymous");
  await page.waitForFunction(() => {
    const audio = document.querySelector("audio")!;
    return !audio.paused && audio.currentTime > 0.3;
  });
  assertEquals(await disc(page).getAttribute("data-spinning"), "true");
  await page.getByRole("button", { name: "Pause song" }).waitFor();
  assertEquals(await page.locator("[data-gift-note]").count(), 0, "not a gift: no card");
  await browser.screenshot(page, "unboxing-playing");

  await page.getByRole("button", { name: "PAUSE", exact: true }).click();
  assert(await page.evaluate(() => document.querySelector("audio")!.paused), "pressing again pauses");
  assertEquals(await disc(page).getAttribute("data-spinning"), "false");
  await page.getByRole("button", { name: "PLAY", exact: true }).click();
  await page.waitForFunction(() => !document.querySelector("audio")!.paused);
  assertStringIncludes((await liveStatus(page).textContent())!, "Playing");
  await page.getByRole("button", { name: "PAUSE", exact: true }).click();
  await page.getByRole("button", { name: "PLAY", exact: true }).waitFor();

  // The small round button plays and pauses too.
  await page.getByRole("button", { name: "Play song" }).click();
  await page.waitForFunction(() => !document.querySelector("audio")!.paused);
  await page.getByRole("button", { name: "Pause song" }).click();
  await page.getByRole("button", { name: "Play song" }).waitFor();

  const readLyrics = page.getByRole("button", { name: "Read Song Lyrics" });
  assertEquals(await readLyrics.getAttribute("aria-expanded"), "false");
  const lyricsPanel = page.locator(`#${await readLyrics.getAttribute("aria-controls")}`);
  assert(await lyricsPanel.isHidden());
  await readLyrics.click();
  const hideLyrics = page.getByRole("button", { name: "Hide Song Lyrics" });
  assertEquals(await hideLyrics.getAttribute("aria-expanded"), "true");
  const shown = await lyricsPanel.innerText();
  const [first, second] = order.songLyrics!.split("\n").filter((line) =>
    line.trim() && !line.startsWith("[")
  );
  assertStringIncludes(shown, `${first.trim()}\n${second.trim()}`, "line breaks are kept");
  await browser.screenshot(page, "unboxing-lyrics");
  await hideLyrics.click();
  assert(await lyricsPanel.isHidden());

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Song" }).click(),
  ]);
  assertEquals(download.suggestedFilename(), downloadFileName(order));
  await download.delete();

  // Headless Chromium on Linux has no native share sheet: the link is copied instead.
  assertEquals(await page.evaluate(() => typeof navigator.share), "undefined");
  await page.getByRole("button", { name: "Share Your Hit!" }).click();
  assertEquals(await toastTexts(page), ["Link Copied!", "Share link copied to clipboard"]);
  assertEquals(await page.evaluate(() => navigator.clipboard.readText()), page.url());

  assertEquals(await page.getByRole("link", { name: "Create Your Hit" }).getAttribute("href"), "/");
  assertEquals(
    await page.getByRole("link", { name: "← Back to My Songs" }).getAttribute("href"),
    "/my-songs",
  );
  assertEquals(browser.problems, []);
});

e2eTest(
  "unboxing: ?skip=true starts revealed, on a 375 px phone, and the box opens with motion",
  async () => {
    await using t = await songApp();
    const order = await deliveredOrder(t, { childName: "Mia Rose", childFriends: "Leo" });
    await using browser = await openBrowser(t, { width: 375, height: 812 });

    const skipped = await browser.open(`/unboxing/${order.id}?skip=true`);
    await skipped.getByRole("heading", { name: order.songTitle! }).waitFor();
    assertEquals(await skipped.getByRole("button", { name: "Tap to Open!" }).count(), 0);
    // Nobody tapped anything: the song, buffered and able to play, waits for its play button.
    await skipped.waitForFunction(() =>
      document.querySelector("audio")!.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA
    );
    await afterIdle(skipped);
    assert(await skipped.evaluate(() => document.querySelector("audio")!.paused), "no autoplay with skip");
    await skipped.getByRole("button", { name: "PLAY", exact: true }).waitFor();
    assert(await skipped.getByRole("link", { name: "Download Song" }).isVisible());
    assertEquals(
      await skipped.evaluate(() => document.documentElement.scrollWidth),
      375,
      "no sideways scroll",
    );
    await browser.screenshot(skipped, "unboxing-phone-revealed");

    // Motion allowed: the lid flies off mid-way and the page still ends revealed without errors.
    const page = await browser.open(`/unboxing/${order.id}`);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.getByRole("heading", { name: "Mia has a special surprise!" }).waitFor();
    assertEquals(await page.evaluate(() => document.documentElement.scrollWidth), 375, "no sideways scroll");
    await browser.screenshot(page, "unboxing-phone-box");
    // The reveal's timer on the page's own clock; the lid's animations keep the document's time.
    await page.clock.install();
    await page.getByRole("button", { name: "Tap to Open!" }).click();
    await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
    const lidMidway = () =>
      page.waitForFunction(() =>
        document.getAnimations().some((animation) => Number(animation.currentTime) >= 2000)
      );
    if (reviewScreenshots) await lidMidway();
    await browser.screenshot(page, "unboxing-phone-opening-viewport");
    await page.clock.runFor(3000);
    await page.getByRole("heading", { name: order.songTitle! }).waitFor();
    await animationsSettled(page);
    await browser.screenshot(page, "unboxing-phone-confetti-viewport");
    assertEquals(browser.problems, []);
  },
);

e2eTest("unboxing: the song's bytes wait for the page to load, then buffer for the tap", async () => {
  await using t = await songApp();
  const order = await deliveredOrder(t, { childName: "Mia Rose" });
  await using browser = await openBrowser(t);
  // The server's HTML asks for nothing: the page's first view and its code come first.
  const html = await (await fetch(`${browser.origin}/unboxing/${order.id}`)).text();
  assertStringIncludes(html, 'preload="none"');
  assertEquals(html.includes('preload="auto"'), false);

  const page = await browser.open(`/unboxing/${order.id}`);
  await page.getByRole("heading", { name: "Mia has a special surprise!" }).waitFor();
  // Loaded, with nobody tapping: the song is asked for and buffers, ready to start inside the tap.
  await page.waitForFunction(() => {
    const audio = document.querySelector("audio")!;
    return audio.preload === "auto" && audio.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA;
  });
  const songPath = new URL(order.songUrl!).pathname;
  assert(browser.requests.some((url) => new URL(url).pathname === songPath), "the song was fetched");
  assert(await page.evaluate(() => document.querySelector("audio")!.paused), "and it waits for the tap");
  assertEquals(browser.problems, []);
});

const GIFT = {
  childName: "Mia Rose",
  parentName: "Grandma Sue",
  isGift: true,
  giftRecipientName: "Jo",
  giftRecipientEmail: "jo@example.com",
  giftMessage:
    "Happy 5th birthday, my little star!\nI hope this song makes you dance all day. Love you to the moon and back.",
};
const HOSTILE_MESSAGE = "<script>alert(1)</script><img src=x onerror=alert(1)>";

e2eTest(
  "unboxing a gift at 1280 and 390 px: the card on the box, the tap starts the song, the card beside it",
  async () => {
    await using t = await songApp();
    const order = await deliveredOrder(t, GIFT);
    // Motion on the computer, reduced motion on the phone: the song starts with the tap either way.
    for (const [width, height, motion] of [[1280, 800, "no-preference"], [390, 844, "reduce"]] as const) {
      await using browser = await openBrowser(t, { width, height, reducedMotion: motion });
      await watchPlayCalls(browser);
      const page = await browser.open(`/unboxing/${order.id}`); // its axe check: "the closed box" view
      assertEquals(
        await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches),
        motion === "reduce",
      );

      await page.getByRole("heading", { name: "Mia has a special surprise!" }).waitFor();
      const onBox = page.locator('[data-gift-note="box"]');
      assertEquals(
        (await onBox.innerText()).replace(/\s+/g, " ").trim(),
        `A song for Mia from Grandma Sue “${GIFT.giftMessage.replace("\n", " ")}”`,
      );
      assertEquals(
        await onBox.locator("blockquote").innerText(),
        `“${GIFT.giftMessage}”`,
        "the giver's line break is kept",
      );
      assertEquals(
        await page.evaluate(() => document.documentElement.scrollWidth),
        width,
        "no sideways scroll",
      );
      await browser.screenshot(page, `unboxing-gift-box-${width}`);
      assertEquals(await playCalls(page), [], "the song waits for the tap");

      // One audio element from the start: the one the tap plays is the one the player drives.
      await page.evaluate(() => (document.querySelector("audio")!.dataset.first = "yes"));
      await page.clock.install();
      await page.getByRole("button", { name: "Tap to Open!" }).click();
      assertEquals(await playCalls(page), ["tap"], "play() ran inside the tap's own click, and only there");
      await page.waitForFunction(() => !document.querySelector("audio")!.paused);
      if (width === 390) await browser.screenshot(page, `unboxing-gift-opening-${width}-viewport`);

      // The reveal's 3000 ms on the page's own clock; the song plays on in real time.
      await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
      await page.clock.runFor(3000);
      await page.getByRole("heading", { name: order.songTitle! }).waitFor();
      await page.waitForFunction(() => {
        const audio = document.querySelector("audio")!;
        return !audio.paused && audio.currentTime > 1;
      });
      assertEquals(await page.locator("audio").count(), 1);
      assertEquals(await page.locator("audio").getAttribute("data-first"), "yes");
      assertEquals(await disc(page).getAttribute("data-spinning"), "true");
      await page.getByRole("button", { name: "PAUSE", exact: true }).waitFor();

      const besideSong = page.locator('[data-gift-note="song"]');
      assertEquals(await page.locator('[data-gift-note="box"]').count(), 0);
      assertStringIncludes(await besideSong.innerText(), "A song for Mia from Grandma Sue");
      assertStringIncludes(await besideSong.innerText(), "I hope this song makes you dance all day.");
      await animationsSettled(page); // the player's pop-in and the confetti
      assertEquals(
        await page.evaluate(() => document.documentElement.scrollWidth),
        width,
        "no sideways scroll",
      );
      await browser.screenshot(page, `unboxing-gift-revealed-${width}`);
      await browser.screenshot(page, `unboxing-gift-revealed-${width}-viewport`);
      assertEquals(browser.problems, []);
    }
  },
);

e2eTest(
  "unboxing a gift whose message is markup shows it as text, on the box and beside the song",
  async () => {
    await using t = await songApp();
    const order = await deliveredOrder(t, { ...GIFT, giftMessage: HOSTILE_MESSAGE });
    await using browser = await openBrowser(t, { width: 390, height: 844 });
    const dialogs: string[] = [];
    browser.context.on("page", (page) => page.on("dialog", (dialog) => dialogs.push(dialog.message())));
    const page = await browser.open(`/unboxing/${order.id}`);
    await page.clock.install();

    for (const place of ["box", "song"]) {
      if (place === "song") {
        await page.getByRole("button", { name: "Tap to Open!" }).click();
        await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
        await page.clock.runFor(3000);
      }
      const note = page.locator(`[data-gift-note="${place}"]`);
      await note.waitFor();
      assertEquals(await note.locator("blockquote").innerText(), `“${HOSTILE_MESSAGE}”`);
      assertEquals(await note.locator("script, img").count(), 0, `no element from the message (${place})`);
    }
    await browser.screenshot(page, "unboxing-gift-hostile-message");
    assertEquals(await page.locator("img[src=x]").count(), 0);
    assertEquals(dialogs, []);
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "unboxing: a browser that refuses to start the song leaves the player paused with its play button",
  async () => {
    await using t = await songApp();
    const order = await deliveredOrder(t, { childName: "Mia Rose" });
    await using browser = await openBrowser(t);
    await watchPlayCalls(browser, { refuse: true });
    const page = await browser.open(`/unboxing/${order.id}`);
    // Focus on the box's button wakes the island before the tap (a tap before: unboxing_hydration_test).
    const open = page.getByRole("button", { name: "Tap to Open!" });
    await open.focus();
    await page.waitForSelector('lh-island[data-island="Unboxing"][data-hydrated]', { state: "attached" });
    await page.clock.install();
    await open.click();
    await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
    await page.clock.runFor(3000);
    await page.getByRole("heading", { name: order.songTitle! }).waitFor();
    assertEquals(await playCalls(page), ["tap"]);
    assert(await page.evaluate(() => document.querySelector("audio")!.paused));
    assertEquals(
      await page.getByRole("button", { name: "PLAY", exact: true }).getAttribute("data-playing"),
      "false",
    );
    assertEquals(await disc(page).getAttribute("data-spinning"), "false");
    await page.getByRole("button", { name: "Play song" }).waitFor();
    assertStringIncludes(
      (await liveStatus(page).textContent())!,
      "revealed",
      "no 'Paused' for a song never started",
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest("unboxing: a song not delivered yet shows 'Song Not Ready'", async () => {
  await using t = await songApp();
  const made = await completedOrder(t, { childName: "Ava" });
  assertEquals(made.status, "completed", "made, but not approved and delivered");
  await using browser = await openBrowser(t);

  const page = await browser.open(`/unboxing/${made.id}`);
  await page.getByRole("heading", { name: "Song Not Ready" }).waitFor();
  assert(await page.getByText("This song is still being created.").isVisible());
  assertEquals(await page.getByRole("link", { name: "Go to My Songs" }).getAttribute("href"), "/my-songs");
  assertEquals(await page.getByRole("button", { name: "Tap to Open!" }).count(), 0);
  assertEquals(await page.locator("audio").count(), 0);
  await browser.screenshot(page, "unboxing-not-ready");
  assertEquals(browser.problems, []);
});

e2eTest("unboxing: an order that does not exist is said so, not 'still being created'", async () => {
  await using t = await songApp();
  await using browser = await openBrowser(t);

  for (const id of [crypto.randomUUID(), "no-such-order"]) {
    const page = await browser.open(`/unboxing/${id}`);
    await page.getByRole("heading", { level: 1, name: "We can't find this order" }).waitFor();
    assertEquals(await page.getByText("still being created").count(), 0);
    assertEquals(await page.getByText("Song Not Ready").count(), 0);
    assertEquals(await page.getByRole("link", { name: "Go to My Songs" }).getAttribute("href"), "/my-songs");
    assertEquals(await page.getByRole("link", { name: "Create a Song" }).getAttribute("href"), "/order");
  }
  assertEquals(browser.problems.filter((problem) => !problem.includes("404")), []);
});

e2eTest(
  "unboxing: 'Something not right?' offers the FAQ's 7 days, by a mail to support naming the order",
  async () => {
    await using t = await songApp();
    const order = await deliveredOrder(t, { childName: "Ava" });
    for (const width of [1280, 390]) {
      await using browser = await openBrowser(t, { width });
      const page = await browser.open(`/unboxing/${order.id}?skip=true`);
      const concern = page.getByRole("region", { name: "Something not right?" });
      await concern.waitFor();
      assert(await concern.getByText("Tell us within 7 days of delivery", { exact: false }).isVisible());
      const link = concern.getByRole("link", { name: "Email us about this song" });
      assertEquals(
        await link.getAttribute("href"),
        `mailto:${SUPPORT_EMAIL}?subject=${
          encodeURIComponent(`Something not right with song #${order.orderNumber}`)
        }`,
      );
      assertEquals(browser.problems, []);
    }
  },
);
