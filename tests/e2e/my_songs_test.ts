import { assert, assertEquals } from "@std/assert";
import { FAILURE_WORDS } from "../../domain/order/parent_words.ts";
import type { Locator, Page } from "playwright-core";
import type { MySongsItem } from "../../domain/order/views.ts";
import { buildOrder, type Order, orderFormSchema } from "../../domain/order/orders.ts";
import { priceOrder } from "../../domain/order/pricing.ts";
import { getOrder, updateOrder, writeOrder } from "../../kv/orders.ts";
import { takeOrderNumber } from "../../kv/order_numbers.ts";
import { describeDeliveryTime, instantOf, toLocalInput } from "../../domain/delivery/requested.ts";
import { getUserByEmail } from "../../kv/users.ts";
import { ProviderCallError } from "../../providers/calls.ts";
import type { Lyricist } from "../../providers/words/mod.ts";
import { createLocalLyricist } from "../../providers/words/local.ts";
import {
  type BrowserOptions,
  createTestApp,
  e2eTest,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
  type TestApp,
} from "../helpers.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  deliveredOrder,
  DELIVERY_ENV,
} from "../integration/delivery/helpers.ts";
import { listDevMail } from "../../kv/dev_mail.ts";
import { songWithTwoTakes } from "./song_takes.ts";
import { clockWorker, placeOrder, stepUntil } from "../integration/jobs/helpers.ts";
import { orderForm } from "../integration/orders/helpers.ts";

const EMAIL = "parent@example.com";
/** How often the page asks for the list again while it is open (customer-side §9). */
const POLL_MS = 5000;

/** The local lyricist, refusing the children in `refuse` the way a refusing service does. */
function steeredLyricist() {
  const local = createLocalLyricist();
  const steer = { refuse: new Set<string>() };
  const lyricist: Lyricist = {
    kind: "local",
    async writeLyrics(request, signal) {
      if (steer.refuse.has(request.brief.childName)) {
        throw new ProviderCallError("The lyricist refused the request.", {
          provider: "local-lyricist",
          endpoint: "local:lyrics",
          method: "LOCAL",
          httpStatus: 400,
          durationMs: 1,
        });
      }
      return await local.writeLyrics(request, signal);
    },
    writeTags: (request, signal) => local.writeTags(request, signal),
  };
  return { lyricist, steer };
}

/** An order whose payment has not been confirmed yet: stored as checkout would store it, not started. */
async function pendingOrder(t: TestApp, childName: string, userId: string): Promise<Order> {
  const form = orderFormSchema.parse(orderForm({ childName, parentEmail: EMAIL }));
  const operation = t.kv.atomic();
  const order = buildOrder(form, {
    id: crypto.randomUUID(),
    orderNumber: await takeOrderNumber(t.kv),
    userId,
    price: priceOrder(false),
    payment: { kind: "demo" },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: t.clock.now(),
  });
  writeOrder(operation, null, order);
  assert((await operation.commit()).ok);
  return order;
}

/** A browser signed in as `EMAIL`, with that user's id. */
async function signedInBrowser(t: TestApp, options: BrowserOptions = {}) {
  const { browser, session } = await openSignedInBrowser(t, EMAIL, options);
  const user = await getUserByEmail(t.kv, EMAIL);
  return { browser, session, userId: user!.id };
}

const card = (page: Page, childName: string) => page.getByRole("article", { name: childName, exact: true });

/** Waits for the toast saying both: an earlier toast with the same title may still be on screen. */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])")
    .filter({ hasText: title })
    .filter({ hasText: description });
  await toast.first().waitFor();
  assertEquals(await toast.first().locator("p").first().textContent(), title);
}

async function songsFromApi(page: Page): Promise<MySongsItem[]> {
  return await page.evaluate(async () => {
    const answer = await fetch("/api/orders/user", {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return await answer.json();
  });
}

e2eTest("my songs: every state on its card, the poll, delete with the dialog, retry", async () => {
  const { lyricist, steer } = steeredLyricist();
  await using t = await createTestApp({
    // Fay's card shows her failure once the family has been told by email: at once, here.
    env: { APP_URL: loopbackAppUrl(), FAILURE_EMAIL_GRACE_MINUTES: "0" },
    providers: { words: lyricist },
  });
  // The server's clock starts at the browser's, so "on its way" and the cards' dates read the same.
  t.clock.set(Date.now());
  // The songs are made when the test sweeps, on the test's clock.
  await using worker = clockWorker(t);
  const { browser, userId } = await signedInBrowser(t);
  await using _browser = browser;
  // The page's own clock, so the test can bring its next poll (every 5 s) at once.
  await browser.context.clock.install();

  const pending = await pendingOrder(t, "Penny", userId);
  steer.refuse.add("Fay");
  const placedFay = await placeOrder(t, { childName: "Fay", parentEmail: EMAIL }, userId);
  // The worker fails her song and sends the family its failure email: the card says so only then.
  const failed = await stepUntil(
    t,
    worker,
    placedFay.id,
    (order) => order.status === "completed" || (order.status === "failed" && !!order.failureEmailSent),
  );
  assertEquals(failed.status, "failed");
  steer.refuse.delete("Fay");
  const delivered = await deliveredOrder(t, { childName: "Dora", parentEmail: EMAIL }, userId);
  const review = await completedOrder(t, { childName: "Rosa", parentEmail: EMAIL }, userId);
  assertEquals(review.status, "completed");
  const deliverAt = new Date(t.clock.now() + 24 * 60 * 60 * 1000).toISOString();
  const scheduled = await updateOrder(
    t.kv,
    (await completedOrder(t, { childName: "Sky", parentEmail: EMAIL }, userId)).id,
    (order) => ({
      ...order,
      approvalStatus: "approved",
      approvedAt: new Date(t.clock.now()).toISOString(),
      deliveryScheduledFor: deliverAt,
    }),
  );
  assertEquals(scheduled?.approvalStatus, "approved");
  // Placed last, writing its lyrics: nothing moves it on until the test sweeps.
  const generating = await placeOrder(t, { childName: "Gus", parentEmail: EMAIL }, userId);
  assertEquals([generating.status, generating.currentStage], ["generating", "LYRICS"]);

  const page = await browser.open("/my-songs");
  await page.getByRole("heading", { name: "My Songs", level: 1 }).waitFor();
  const songs = page.getByRole("list", { name: "Your songs" });
  await songs.waitFor();
  assertEquals(await songs.getByRole("listitem").count(), 6);
  assertEquals(
    await songs.getByRole("heading", { level: 2 }).allTextContents(),
    ["Gus", "Sky", "Rosa", "Dora", "Fay", "Penny"],
    "newest first",
  );
  assertEquals(await page.getByRole("link", { name: "Create New Song" }).getAttribute("href"), "/order");

  const createdOn = await page.evaluate(
    (iso) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }),
    pending.createdAt,
  );
  const penny = card(page, "Penny");
  assert((await penny.textContent())!.includes(`#${pending.orderNumber}`));
  assert((await penny.textContent())!.includes(`Created ${createdOn}`));
  assertEquals(await penny.locator("[data-song-badge]").textContent(), "Waiting for Payment");
  assert(
    await penny.getByText(
      "We're waiting for payment confirmation. Generation starts once your payment is processed.",
    ).isVisible(),
  );

  const gus = card(page, "Gus");
  assertEquals(await gus.locator("[data-song-badge]").textContent(), "Creating your song");
  // A parent reads where the song stands, not our stage's name.
  assert(await gus.getByText("We're writing the words.").isVisible());
  assertEquals(await gus.getByText("Lyrics Generation").count(), 0);
  assert(await gus.getByText("This usually takes 30-60 seconds.", { exact: false }).isVisible());
  assert(await gus.getByRole("progressbar", { name: "Creating Gus's song" }).isVisible());

  const dora = card(page, "Dora");
  assertEquals(await dora.locator("[data-song-badge]").textContent(), "Ready to play");
  assert(await dora.getByText(`“${delivered.songTitle}”`).isVisible());
  const audio = dora.locator("audio");
  assertEquals(await audio.getAttribute("src"), delivered.songUrl);
  // Its length is loaded with the list (metadata only), so the player never reads 0:00 / 0:00.
  assertEquals(await audio.getAttribute("preload"), "metadata");
  assertEquals(await audio.getAttribute("crossorigin"), "anonymous");
  assertEquals(await audio.getAttribute("controls"), "");
  assertEquals(
    await dora.getByRole("link", { name: "View Full Experience" }).getAttribute("href"),
    `/unboxing/${delivered.id}?skip=true`,
  );

  const rosa = card(page, "Rosa");
  assertEquals(await rosa.locator("[data-song-badge]").textContent(), "In final review");
  assert(
    await rosa.getByText(
      "Our studio team is giving Rosa's song a final listen. We'll email you a private link when it's ready.",
    ).isVisible(),
  );
  assertEquals(await rosa.locator("audio").count(), 0, "the song stays with the studio until delivered");

  const sky = card(page, "Sky");
  assertEquals(await sky.locator("[data-song-badge]").textContent(), "On its way");
  const deliverAtText = await page.evaluate(
    (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
    deliverAt,
  );
  assert(
    await sky.getByText(`We'll email you a private link on ${deliverAtText}.`, { exact: false }).isVisible(),
  );

  const fay = card(page, "Fay");
  assertEquals(await fay.locator("[data-song-badge]").textContent(), "Generation failed");
  // Staff read what broke (the order's error); the parent reads plain, warm words.
  const staffWords = failed.error ?? "";
  assert(staffWords);
  assert(await fay.getByText(FAILURE_WORDS).isVisible());
  assertEquals(await fay.getByText(staffWords).count(), 0);
  assert(await fay.getByRole("button", { name: "Retry Generation" }).isVisible());
  for (const name of ["Penny", "Gus", "Dora", "Rosa", "Sky", "Fay"]) {
    assert(await page.getByRole("button", { name: `Delete song for ${name}` }).isVisible(), name);
  }
  await browser.screenshot(page, "my-songs-desktop");

  // The poll turns the generating card into an in-review one without a reload.
  assertEquals((await stepUntil(t, worker, generating.id)).status, "completed");
  await page.clock.runFor(POLL_MS);
  await page.locator(`#song-${generating.id}[data-song-status=in-review]`).waitFor();
  assertEquals(await gus.locator("[data-song-badge]").textContent(), "In final review");
  assertEquals(await gus.getByRole("progressbar").count(), 0);

  // Delete: Cancel keeps the song, Delete removes it and focus moves to the card that took its place.
  await page.getByRole("button", { name: "Delete song for Rosa" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Song" });
  await dialog.waitFor();
  assert(await dialog.getByText("cannot be undone", { exact: false }).isVisible());
  await browser.screenshot(page, "my-songs-delete-dialog-viewport");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  assert(await rosa.isVisible());
  assertEquals(
    await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
    "Delete song for Rosa",
    "focus returns to the delete button",
  );

  await page.getByRole("button", { name: "Delete song for Rosa" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Song deleted", "The song has been removed from your collection.");
  await rosa.waitFor({ state: "detached" });
  assertEquals(await songs.getByRole("listitem").count(), 5);
  assertEquals(
    await page.evaluate(() => document.activeElement?.getAttribute("id")),
    `song-${delivered.id}`,
    "focus moves to the next card",
  );
  assertEquals((await songsFromApi(page)).some((song) => song.id === review.id), false);

  // Retry: the toast, the card generating at once, then the poll bringing the finished song.
  await fay.getByRole("button", { name: "Retry Generation" }).click();
  assertEquals(await fay.locator("[data-song-badge]").textContent(), "Creating your song", "at once");
  assertEquals(
    await page.evaluate(() => document.activeElement?.id),
    `song-${failed.id}`,
    "focus stays on the card whose button went away",
  );
  await expectToast(
    page,
    "Retrying song generation",
    "We're generating your song again. This may take a few minutes.",
  );
  assertEquals(
    (await stepUntil(t, worker, failed.id, (order) => order.status === "completed")).status,
    "completed",
  );
  await page.clock.runFor(POLL_MS);
  await page.locator(`#song-${failed.id}[data-song-status=in-review]`).waitFor();
  assertEquals(await fay.getByRole("button", { name: "Retry Generation" }).count(), 0);
  assertEquals((await songsFromApi(page)).find((song) => song.id === failed.id)?.status, "completed");

  assertEquals(browser.problems, []);
});

e2eTest(
  "my songs: the delete dialog opens on Cancel (Enter keeps the song) and shows Delete in red",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    for (const width of [1280, 390]) {
      const { browser, userId } = await signedInBrowser(t, { width, height: 844 });
      await using _browser = browser;
      if (width === 1280) await completedOrder(t, { childName: "Rosa", parentEmail: EMAIL }, userId);
      const page = await browser.open("/my-songs");
      await page.getByRole("button", { name: "Delete song for Rosa" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Song" });
      await dialog.waitFor();
      assertEquals(
        await page.evaluate(() => document.activeElement?.textContent),
        "Cancel",
        "a habitual Enter must not delete a song",
      );
      const remove = dialog.getByRole("button", { name: "Delete", exact: true });
      const colours = await remove.evaluate((button) => {
        const style = getComputedStyle(button);
        return { background: style.backgroundColor, text: style.color };
      });
      assertEquals(colours, { background: "rgb(185, 28, 28)", text: "rgb(255, 255, 255)" }, "red-700, white");
      await browser.screenshot(page, `my-songs-delete-dialog-${width}-viewport`);

      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached" });
      assert(await card(page, "Rosa").isVisible(), "Enter on Cancel keeps the song");
      assertEquals((await songsFromApi(page)).length, 1);
      assertEquals(browser.problems, []);
    }
  },
);

e2eTest(
  "my songs: a failed song reads as being made until its failure email, then as failed (1280 and 390 px)",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    for (const width of [1280, 390]) {
      const { browser, userId } = await signedInBrowser(t, { width, height: 844 });
      await using _browser = browser;
      const childName = `Fay${width}`;
      const placed = await placeOrder(t, { childName, parentEmail: EMAIL }, userId);
      // Failed writing its lyrics, within FAILURE_EMAIL_GRACE_MINUTES: staff may still fix it.
      await updateOrder(t.kv, placed.id, (order) => ({
        ...order,
        status: "failed",
        currentStage: "LYRICS",
        failureType: "lyrics",
        error: "Lyrics Generation failed: the lyricist refused the request (HTTP 400).",
        nextPollAt: null,
        failureEmailSent: false,
        failureEmailDueAt: new Date(t.clock.now() + 30 * 60_000).toISOString(),
      }));

      const page = await browser.open("/my-songs");
      const fay = card(page, childName);
      await fay.waitFor();
      assertEquals(await fay.locator("[data-song-badge]").textContent(), "Creating your song");
      assert(await fay.getByText("We're writing the words.").isVisible());
      assertEquals(await fay.getByText(FAILURE_WORDS).count(), 0, "not before the email says so");
      assertEquals(await fay.getByRole("button", { name: "Retry Generation" }).count(), 0);
      await browser.screenshot(page, `my-songs-failure-grace-${width}`);

      // The failure email went: the card says what happened, in plain words, and offers a retry.
      await updateOrder(t.kv, placed.id, (order) => ({
        ...order,
        failureEmailSent: true,
        failureEmailDueAt: null,
        failureEmailAttempts: 1,
      }));
      await page.reload();
      await fay.locator("[data-song-badge]", { hasText: "Generation failed" }).waitFor();
      assert(await fay.getByText(FAILURE_WORDS).isVisible());
      assert(await fay.getByRole("button", { name: "Retry Generation" }).isVisible());
      await browser.screenshot(page, `my-songs-failure-told-${width}`);
      assertEquals(browser.problems, []);
    }
  },
);

e2eTest("my songs: on a 375 px phone the cards stack in one column", async () => {
  await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
  // The pipeline moves the test's clock on to its songs' real times: the session must still be young.
  t.clock.set(Date.now());
  const { browser, userId } = await signedInBrowser(t, { width: 375, height: 812 });
  await using _browser = browser;
  const delivered = await deliveredOrder(t, { childName: "Dora", parentEmail: EMAIL }, userId);
  const review = await completedOrder(t, { childName: "Rosa", parentEmail: EMAIL }, userId);
  await updateOrder(
    t.kv,
    review.id,
    (order) => ({
      ...order,
      status: "failed",
      error: "Lyrics Generation failed: the service timed out",
      failureType: "lyrics",
      currentStage: "LYRICS",
    }),
  );

  const page = await browser.open("/my-songs");
  await card(page, "Rosa").waitFor();
  const boxes = await Promise.all(["Rosa", "Dora"].map((name) => card(page, name).boundingBox()));
  assertEquals(boxes[0]!.x, boxes[1]!.x, "one column");
  assert(boxes[0]!.y + boxes[0]!.height <= boxes[1]!.y, "stacked");
  assert(boxes[0]!.width > 300, "cards use the width of the phone");
  assert(await card(page, "Rosa").getByText(FAILURE_WORDS).isVisible());
  assertEquals(
    await page.evaluate(() => document.documentElement.scrollWidth),
    375,
    "nothing overflows sideways",
  );
  assert(await card(page, "Dora").locator("audio").isVisible());
  assertEquals(
    await card(page, "Dora").getByRole("link", { name: "View Full Experience" }).getAttribute("href"),
    `/unboxing/${delivered.id}?skip=true`,
  );
  await browser.screenshot(page, "my-songs-375");
  assertEquals(browser.problems, []);
});

e2eTest("my songs: an empty list invites a first song", async () => {
  await using t = await createTestApp();
  const { browser } = await signedInBrowser(t, { width: 375, height: 812 });
  await using _browser = browser;
  // The first answer waits until the loading state has been looked at.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await browser.context.route("**/api/orders/user", async (route) => {
    await answered;
    await route.continue();
  });
  const page = await browser.open("/my-songs");
  await page.getByRole("status").filter({ hasText: "Loading your songs..." }).waitFor();
  await browser.screenshot(page, "my-songs-loading-375-viewport");
  answer();
  await page.getByRole("heading", { name: "No songs yet" }).waitFor();
  assertEquals(
    await page.getByRole("link", { name: "Create Your First Song" }).getAttribute("href"),
    "/order",
  );
  await browser.screenshot(page, "my-songs-empty-375");
  assertEquals(browser.problems, []);
});

e2eTest("my songs: signed out, the toast says so and the page goes to /login", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  // What the visitor sees before leaving is checked with axe in accessibility/customer_views.ts.
  const page = await browser.open("/my-songs");
  await expectToast(page, "Login Required", "Please log in to view your songs");
  await browser.screenshot(page, "my-songs-signed-out-viewport");
  await page.waitForURL(browser.origin + "/login");
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  assertEquals(browser.problems, [], "no list call without a session");
});

e2eTest(
  "my songs: a stale stored token (the list answers 401) is dropped and the page goes to /login",
  async () => {
    await using t = await createTestApp();
    const { browser } = await signedInBrowser(t);
    await using _browser = browser;
    // The cookie still opens the page, but the browser's own token is no longer valid.
    await browser.context.addInitScript(() => {
      if (location.protocol.startsWith("http")) localStorage.setItem("token", "stale".repeat(9));
    });
    // The page's clock held still, so the page stays until the test has read it (it leaves 1.5 s on).
    await browser.context.clock.install();
    await browser.context.clock.pauseAt(Date.now() + 1000);
    const page = await browser.open("/my-songs");
    await expectToast(page, "Login Required", "Please log in to view your songs");
    assertEquals(
      await page.evaluate(() => localStorage.getItem("token")),
      null,
      "the stale token is dropped",
    );
    await page.clock.runFor(1500);
    await page.waitForURL(browser.origin + "/login");
    const expected = [
      `http 401: ${browser.origin}/api/orders/user`,
      "error: Failed to load resource: the server responded with a status of 401 (Unauthorized)",
    ];
    assertEquals(browser.problems.filter((problem) => !expected.includes(problem)), []);
    assert(browser.problems.includes(expected[0]));
  },
);

const LONDON = "Europe/London";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` from now at `time` on a London clock, as stored and as the page says it. */
function londonMoment(days: number, time = "08:00") {
  const date = toLocalInput(Date.now() + days * DAY_MS, LONDON).slice(0, 10);
  const at = new Date(instantOf(`${date}T${time}`, LONDON)!).toISOString();
  return {
    date,
    time,
    request: { at, timeZone: LONDON },
    words: describeDeliveryTime({ at, timeZone: LONDON }, Date.now()),
  };
}

e2eTest(
  "my songs: the parent moves the day a song arrives, then asks for it as soon as it's ready",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    // The server's clock is the browser's, so the 24-hour rule reads the same on both sides.
    t.clock.advance(Date.now() - t.clock.now());
    const first = londonMoment(30);
    let rosa!: Order;
    let sky!: Order;
    for (const width of [1280, 390]) {
      const { browser, userId } = await signedInBrowser(t, { width, height: 844, timezoneId: LONDON });
      await using _browser = browser;
      if (width === 1280) {
        rosa = await completedOrder(t, { childName: "Rosa", parentEmail: EMAIL }, userId);
        sky = await completedOrder(t, { childName: "Sky", parentEmail: EMAIL }, userId);
        await updateOrder(t.kv, sky.id, (order) => ({
          ...order,
          requestedDelivery: first.request,
          approvalStatus: "approved",
          approvedAt: new Date().toISOString(),
          deliveryScheduledFor: first.request.at,
          emailScheduledFor: first.request.at,
        }));
      }
      // Each width starts from a song asked for on the first day.
      await updateOrder(t.kv, rosa.id, (order) => ({ ...order, requestedDelivery: first.request }));

      const page = await browser.open("/my-songs");
      const rosaCard = card(page, "Rosa");
      await rosaCard.waitFor();
      const arrival = rosaCard.locator("[data-song-arrival]");
      assertEquals(await arrival.textContent(), `Arrives ${first.words}`);
      assert(
        await rosaCard.getByText(
          "Our studio team is giving Rosa's song a final listen. We'll email you a private link then.",
        ).isVisible(),
      );
      const skyCard = card(page, "Sky");
      assertEquals(await skyCard.locator("[data-song-badge]").textContent(), "On its way");
      assertEquals(await skyCard.locator("[data-song-arrival]").textContent(), `Arrives ${first.words}`);
      assert(
        await skyCard.getByText("Sky's song is approved. We'll email you a private link then.").isVisible(),
      );
      await browser.screenshot(page, `my-songs-arrival-${width}`);

      const change = rosaCard.getByRole("button", { name: "Change delivery time for Rosa" });
      await change.click();
      const dialog = page.getByRole("dialog", { name: "Change delivery time" });
      await dialog.waitFor();
      const when = dialog.getByRole("group", { name: "When should Rosa's song arrive?" });
      const chosen = when.getByLabel("On a day I choose");
      assert(await chosen.isChecked());
      assertEquals(
        await page.evaluate(() => document.activeElement?.getAttribute("value")),
        "chosen",
        "focus on the answer",
      );
      const date = when.getByLabel("Date");
      const time = when.getByLabel("Time", { exact: true });
      assertEquals([await date.inputValue(), await time.inputValue()], [first.date, "08:00"]);
      assertEquals(
        await when.getByLabel("Time zone").inputValue(),
        "Europe/London",
        "the zone it was chosen in",
      );
      const summary = when.locator("[data-delivery-summary]");
      await showsText(summary, `Your song will arrive on ${first.words}.`);

      // Too soon for the studio: the dialog says so, on the date box, and sends nothing.
      const requests: string[] = [];
      page.on("request", (request) => request.method() === "PUT" && requests.push(request.url()));
      const earliestDay = await date.getAttribute("min");
      await date.fill(earliestDay!);
      await time.fill("00:00");
      await dialog.getByRole("button", { name: "Save" }).click();
      await date.and(page.locator("[aria-invalid=true]")).waitFor();
      const dateError = await date.evaluate((input) =>
        document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
      );
      assert(dateError?.startsWith("We need at least 24 hours to make your song"), dateError);
      assertEquals(requests, []);

      // A new day: said back, saved, and the card tells it.
      const next = londonMoment(45, "18:30");
      await date.fill(next.date);
      await time.fill(next.time);
      await showsText(summary, `Your song will arrive on ${next.words}.`);
      await browser.screenshot(page, `my-songs-delivery-dialog-${width}-viewport`);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Delivery time saved", `Rosa's song will arrive on ${next.words}.`);
      await dialog.waitFor({ state: "detached" });
      await showsText(arrival, `Arrives ${next.words}`);
      assertEquals((await getOrder(t.kv, rosa.id))?.requestedDelivery, next.request);
      await page.waitForFunction(() =>
        document.activeElement?.getAttribute("aria-label") === "Change delivery time for Rosa"
      );
      await browser.screenshot(page, `my-songs-arrival-changed-${width}`);

      // The server's clock has the last word: its refusal shows on the date box too.
      await change.click();
      await dialog.waitFor();
      // Ahead, but within the 30 days a session lasts.
      t.clock.advance(20 * DAY_MS);
      const tooSoon = londonMoment(15);
      await when.getByLabel("Date").fill(tooSoon.date);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.locator("[aria-invalid=true]").waitFor();
      const serverWords = await when.getByLabel("Date").evaluate((input) =>
        document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
      );
      assert(
        serverWords?.startsWith("We need at least 24 hours to make your song, so please choose"),
        serverWords,
      );
      t.clock.advance(-20 * DAY_MS);

      // As soon as it's ready: the boxes go, and the card says it the usual way.
      await when.getByLabel("As soon as it's ready").check();
      await when.getByLabel("Date").waitFor({ state: "detached" });
      await showsText(summary, "We'll send your song as soon as it's ready, within 24 hours.");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Delivery time saved", "We'll send Rosa's song as soon as it's ready.");
      await dialog.waitFor({ state: "detached" });
      await arrival.waitFor({ state: "detached" });
      await rosaCard.getByText(
        "Our studio team is giving Rosa's song a final listen. We'll email you a private link when it's ready.",
      ).waitFor();
      assertEquals((await getOrder(t.kv, rosa.id))?.requestedDelivery, null);

      if (width === 390) {
        // Once the email is on its way, the server's warm words say why it can no longer move.
        await change.click();
        await dialog.waitFor();
        await updateOrder(t.kv, rosa.id, (order) => ({
          ...order,
          deliveryClaim: { round: 1, claimedAt: new Date().toISOString(), messageIds: {}, sent: [] },
        }));
        await dialog.getByRole("button", { name: "Save" }).click();
        await expectToast(
          page,
          "It's already on its way",
          "Your song is on its way right now, so its delivery time can no longer be changed.",
        );
        await dialog.waitFor({ state: "detached" });
        await change.waitFor({ state: "detached" });
      }
      const expected = /delivery-time|status of 40[09]/;
      assertEquals(browser.problems.filter((problem) => !expected.test(problem)), []);
    }
  },
);

/**
 * Waits until the element says exactly `expected`, then asserts it: React renders after the event that
 * changed the page.
 */
async function showsText(locator: Locator, expected: string) {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction(
    ([element, expected]) => element?.textContent === expected,
    [
      element,
      expected,
    ] as const,
  );
  assertEquals(await locator.textContent(), expected);
}

e2eTest(
  "my songs: a giver deleting a delivered gift is told first; the recipient keeps the song, link and page",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl(), ...DELIVERY_ENV } });
    const gift = await completedOrder(t, {
      childName: "Mia",
      parentEmail: EMAIL,
      isGift: true,
      giftRecipientName: "Grandma Jo",
      giftRecipientEmail: "jo@example.com",
    });
    const staff = await adminHeaders(t);
    await adminCall(t, staff, gift.id, "approve");
    assertEquals((await adminCall(t, staff, gift.id, "send-now")).status, 200);
    const mail = (await listDevMail(t.kv)).find((message) => message.to === "jo@example.com");
    const link = mail!.text.match(/\/u\/[\w-]+\?t=[\w-]+/)![0];

    // The giver: the dialog names the recipient and what they keep, before anything happens. One
    // browser at a time: each serves the app at APP_URL, where the emailed link and the song point.
    {
      const { browser } = await signedInBrowser(t);
      await using _browser = browser;
      const page = await browser.open("/my-songs");
      await page.getByRole("button", { name: "Delete song for Mia" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Song" });
      await dialog.getByText(
        "This removes Mia's song from your list. Grandma Jo keeps the song you gave: their link and their copy keep working.",
        { exact: false },
      ).waitFor();
      assertEquals(await dialog.getByText("permanently").count(), 0);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Song deleted", "Grandma Jo keeps their copy.");
      await card(page, "Mia").waitFor({ state: "detached" });
      await page.reload();
      await page.getByRole("heading", { name: "No songs yet" }).waitFor();
      assertEquals(browser.problems, []);
    }

    // The recipient: the emailed link opens the song, which is in their list too.
    await using recipient = await openBrowser(t);
    await recipient.context.clock.install();
    const opened = await recipient.open(link);
    await opened.getByText("You've been signed in successfully", { exact: false }).waitFor();
    await opened.clock.runFor(1500);
    await opened.waitForURL(new RegExp(`/unboxing/${gift.id}$`));
    await opened.getByRole("button", { name: "Tap to Open!" }).waitFor();
    assertEquals(await opened.getByText("still being created").count(), 0);
    const list = await recipient.open("/my-songs");
    await card(list, "Mia").waitFor();
    assertEquals(await card(list, "Mia").getByText("Shared with you").count(), 1);
    assertEquals(recipient.problems, []);
  },
);

e2eTest(
  "my songs: the player says how long the song is before it is played, and 'Another version' is offered",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    // Delivered, Take 2 chosen and Take 1 offered as "Another version", as staff leave it.
    const { order, takes } = await songWithTwoTakes(t);
    const { browser } = await openSignedInBrowser(t, order.parentEmail);
    await using _browser = browser;
    const page = await browser.open("/my-songs");
    const mia = card(page, "Mia Rose");
    await mia.waitFor();

    const another = mia.getByRole("region", { name: "Another version" });
    await another.waitFor();
    // The length comes with the page's own loading (preload of metadata), without a play; a player
    // that loads nothing until played would keep showing 0:00 / 0:00, and this wait would time out.
    const durationOf = async (audio: Locator) => {
      await page.waitForFunction(
        (element) => (element as HTMLAudioElement).duration > 0,
        await audio.elementHandle(),
      );
      return await audio.evaluate((element: HTMLAudioElement) => element.duration);
    };
    const song = mia.getByLabel("Play Mia Rose's song", { exact: true });
    assert(await durationOf(song) > 0, "the length is known without a play");
    assert(await song.evaluate((element: HTMLAudioElement) => element.paused));

    const other = another.getByLabel("Play another version of Mia Rose's song");
    assertEquals(await other.getAttribute("src"), takes[0].songUrl);
    assert(await durationOf(other) > 0);
    assertEquals(
      await another.getByRole("link", { name: "Download another version of Mia Rose's song" }).getAttribute(
        "href",
      ),
      `/api/download/${order.id}/another-version`,
    );
    assertEquals(browser.problems, []);
  },
);
