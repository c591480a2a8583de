import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { createTestApp, e2eTest, loopbackAppUrl, openSignedInBrowser } from "../../helpers.ts";
import { afterSeeding, songOrder } from "./fixtures.ts";

/**
 * The Song Preview's player through a sitting of review (issue 41): a song the preview moves on to
 * starts by itself, a `.` pressed as a song appears (still loading) is never dropped, and the words
 * beside Approve follow the song while it plays.
 */
const ADMIN = "boss@example.com";

async function reviewApp(songs: number) {
  // Song addresses are built from APP_URL: the browser must be served there to play them.
  const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl() } });
  for (let i = 0; i < songs; i++) await songOrder(t, `Kid ${i + 1}`, "fam@example.com");
  afterSeeding(t);
  return t;
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Song Preview" });
const previewed = (page: Page) => page.locator("[data-preview-order]").getAttribute("data-preview-order");

/** Holds the songs' audio while set, so a song stays loading until the test lets it come. */
async function holdAudio(page: Page) {
  let held: (() => void)[] | null = null;
  await page.route(
    (url) => url.pathname.endsWith(".mp3"),
    async (route) => {
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      await route.continue();
    },
  );
  return {
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((resolve) => resolve());
    },
  };
}

/** Waits until the preview's song is playing and has played `seconds` of its own clock. */
async function heardFor(page: Page, seconds: number) {
  await page.waitForFunction((least) => {
    const audio = document.querySelector<HTMLAudioElement>("[role=dialog] audio");
    return !!audio && !audio.paused && audio.currentTime >= least;
  }, seconds);
}

async function openFirstPreview(page: Page) {
  await page.locator("[data-order-id]:visible").first().waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("p");
  await dialog(page).waitFor();
}

e2eTest(
  "review player: the song the preview moves on to starts by itself; `.` as it appears keeps it",
  async () => {
    await using t = await reviewApp(3);
    const { browser } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    const audio = await holdAudio(page);
    await openFirstPreview(page);
    // The song it opened on waits for Play.
    await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
    await page.keyboard.press(".");
    await heardFor(page, 0.25);
    const first = await previewed(page);

    // Approved: the next song appears while its audio is still on its way, and a `.` pressed then.
    audio.hold();
    await page.keyboard.press("a");
    await page.waitForFunction(
      (was) => document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") !== was,
      first,
    );
    await page.keyboard.press(".");
    audio.release();
    await heardFor(page, 0.25);
    assertEquals(await dialog(page).locator("[data-player]").getAttribute("data-state"), "playing");
    // Only the song shown plays.
    assertEquals(
      await page.evaluate(() => [...document.querySelectorAll("audio")].filter((a) => !a.paused).length),
      1,
    );

    // Next in Review without a decision: the next song starts by itself too, and `.` then pauses it.
    const second = await previewed(page);
    await page.keyboard.press("n");
    await page.waitForFunction(
      (was) => document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") !== was,
      second,
    );
    await heardFor(page, 0.25);
    await page.keyboard.press(".");
    await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
    assertEquals(browser.problems, []);
  },
);

e2eTest("review player: `.` pressed while the song is still loading plays it once it can", async () => {
  await using t = await reviewApp(1);
  const { browser } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
  await using _browser = browser;
  const page = await browser.open("/admin/orders");
  const audio = await holdAudio(page);
  audio.hold();
  await openFirstPreview(page);
  await dialog(page).locator('[data-player][data-state="loading"]').waitFor();
  await page.keyboard.press(".");
  audio.release();
  await heardFor(page, 0.25);
  assertEquals(browser.problems, []);
});

e2eTest("review player: the words beside Approve follow the song while it plays", async () => {
  await using t = await reviewApp(1);
  const { browser } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
  await using _browser = browser;
  const page = await browser.open("/admin/orders");
  await openFirstPreview(page);
  const listen = dialog(page).locator("[data-listen]");
  await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
  assertEquals(await listen.textContent(), "Not played yet");
  await dialog(page).getByText("You can still approve it without listening.").waitFor();

  await page.keyboard.press(".");
  await dialog(page).locator('[data-player][data-state="playing"]').waitFor();
  assert((await listen.textContent())!.startsWith("Playing"), "not 'Not played yet' while it plays");
  // Still playing, nothing yet told to the server: what has been heard so far, second by second.
  await listen.filter({ hasText: /^Playing: 0:01 of 0:\d\d heard$/ }).waitFor();
  assert(
    !(await page.evaluate(() => document.querySelector<HTMLAudioElement>("[role=dialog] audio")!.paused)),
  );
  assertEquals(await dialog(page).getByText("You can still approve it without listening.").count(), 0);
  await page.keyboard.press(".");
  await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
  const played = (await listen.textContent())!;
  assert(/^Played 0:0[1-9] of 0:\d\d$/.test(played), played);
  assertEquals(browser.problems, []);
});
