import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import type { TakeNumber } from "../../../domain/song/takes.ts";
import { getOrder } from "../../../kv/orders.ts";
import {
  createTestApp,
  e2eTest,
  loopbackAppUrl,
  openSignedInBrowser,
  type TestBrowser,
} from "../../helpers.ts";
import { twoTakeOrder } from "./fixtures.ts";

/**
 * Issue 21, the staff side: a song made in two takes, previewed from the real /admin/orders page.
 * Staff compare the takes, deliver Take 2, offer Take 1 as a bonus and see the lyrics follow the
 * player; after the email went, choosing again is asked first. At desktop and phone widths.
 */
const ADMIN = "boss@example.com";

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const row = (page: Page, order: Order) => page.locator(`[data-order-id="${order.id}"]:visible`).first();
const preview = (page: Page) => page.getByRole("dialog", { name: "Song Preview" });
const takeTab = (page: Page, take: TakeNumber) =>
  preview(page).getByRole("tab", { name: new RegExp(`^Take ${take}`) });
const shownPanel = (page: Page) => preview(page).getByRole("tabpanel");

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({ hasText: title });
  await toast.waitFor();
  assertEquals(await toast.locator("p").first().textContent(), title);
  const text = (await toast.textContent()) ?? "";
  assert(text.includes(description), text);
}

/** Closes the open toast so it cannot cover the dialog's buttons on a phone. */
async function dismissToasts(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>("[data-toast-viewport] > [data-state] button").forEach((
      button,
    ) => button.click())
  );
}

async function openPreview(browser: TestBrowser, orders: Order[], order: Order): Promise<Page> {
  const page = await browser.open("/admin/orders");
  for (const each of orders) await row(page, each).waitFor();
  await row(page, order).getByRole("button", { name: "Preview" }).click();
  await preview(page).waitFor();
  return page;
}

/** Moves the shown take's audio as a seek by the browser would, outside our own controls. */
async function setCurrentTime(page: Page, seconds: number) {
  await page.evaluate((seconds) => {
    document.querySelector<HTMLAudioElement>("[role=dialog] audio")!.currentTime = seconds;
  }, seconds);
}

/** Waits until exactly the line `index` is marked current (redrawn on the audio's own events). */
async function waitForCurrentLine(page: Page, index: number) {
  await page.waitForFunction((index) => {
    const current = [...document.querySelectorAll('[role=dialog] [data-sing-along] [data-current="true"]')];
    return current.length === 1 && current[0].getAttribute("data-line-index") === String(index);
  }, index);
}

for (const size of SIZES) {
  const viewport = { width: size.width, height: size.height };
  const shot = (name: string) => `song-takes-${size.name}-${name}-viewport`;

  e2eTest(
    `song takes (${size.name}): deliver Take 2, offer Take 1 as a bonus, lyrics follow the player`,
    async () => {
      await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl() } });
      await using browser = (await openSignedInBrowser(t, ADMIN, viewport)).browser;
      const { order, takes, timing } = await twoTakeOrder(t, "Pia");
      const page = await openPreview(browser, [order], order);
      const dialog = preview(page);

      // Take 1 is shown first: the one the family gets, by default; its timed lyrics are still owed.
      await takeTab(page, 1).waitFor();
      await takeTab(page, 2).waitFor();
      assertEquals(await takeTab(page, 1).getAttribute("aria-selected"), "true");
      assertEquals((await takeTab(page, 1).textContent())?.trim(), "Take 1 · Delivering");
      await dialog.locator("[data-take-choice]").getByText("Take 1 (default)").waitFor();
      await shownPanel(page).locator("[data-delivered-badge]").getByText("Delivering").waitFor();
      await dialog.locator("[data-player][data-state=paused]").waitFor();
      assertEquals(await dialog.locator("audio").getAttribute("src"), takes[0].songUrl);
      await dialog.locator("[data-timing-note]").getByText(
        /^Timed lyrics: not available yet \(asked for again on /,
      )
        .waitFor();
      await dialog.getByRole("region", { name: "Lyrics" }).getByText("Pia wakes up with the sun").waitFor();
      assertEquals(await dialog.locator("[data-sing-along]").count(), 0, "no timing: the plain lyrics");
      assertEquals(
        await dialog.getByRole("link", { name: /Open in new tab/ }).getAttribute("href"),
        takes[0].songUrl,
      );
      assertEquals(await dialog.getByRole("link", { name: /download/i }).count(), 0);
      await browser.screenshot(page, shot("take-1"));

      // Take 2: its own player, and its lyrics as a sing-along.
      await takeTab(page, 2).click();
      assertEquals(await takeTab(page, 2).getAttribute("aria-selected"), "true");
      await shownPanel(page).getByRole("heading", { name: "Pia's Big Day (Take 2)" }).waitFor();
      await dialog.locator("[data-player][data-state=paused]").waitFor();
      assertEquals(await dialog.locator("audio").count(), 1, "one take, one player: only it can play");
      assertEquals(await dialog.locator("audio").getAttribute("src"), takes[1].songUrl);
      const singAlong = dialog.locator("[data-sing-along]");
      await singAlong.waitFor();
      assertEquals(await singAlong.locator("[data-line-index]").count(), timing.lines.length);
      assertEquals(await dialog.locator("[data-timing-note]").count(), 0);

      // The lyrics follow the player, and a line moves the player.
      await setCurrentTime(page, timing.lines[1].start + 0.05);
      await waitForCurrentLine(page, 1);
      await setCurrentTime(page, timing.lines[2].start + 0.05);
      await waitForCurrentLine(page, 2);
      await singAlong.locator("[data-current-word=true]").first().waitFor();
      await singAlong.locator('[data-line-index="0"]').click();
      await waitForCurrentLine(page, 0);
      const moved = await page.evaluate(() =>
        document.querySelector<HTMLAudioElement>("[role=dialog] audio")!.currentTime
      );
      assert(Math.abs(moved - timing.lines[0].start) < 0.05, `the player moved to the line: ${moved}`);
      await dialog.getByRole("button", { name: "Play" }).click();
      await dialog.locator("[data-player][data-state=playing]").waitFor();
      await dialog.getByRole("button", { name: "Pause" }).click();
      await dialog.locator("[data-player][data-state=paused]").waitFor();
      await browser.screenshot(page, shot("take-2-sing-along"));

      // Deliver Take 2: no email went yet, so nothing is asked.
      await shownPanel(page).getByRole("button", { name: "Deliver this take" }).click();
      await expectToast(page, "Take 2 chosen", "Take 2 will be delivered.");
      await shownPanel(page).locator("[data-delivered-badge]").getByText("Delivering").waitFor();
      assertEquals(await shownPanel(page).getByRole("button", { name: "Deliver this take" }).count(), 0);
      await dialog.locator("[data-take-choice]").getByText(
        /^Delivered take: Take 2 — chosen by boss@example\.com on /,
      )
        .waitFor();
      await takeTab(page, 2).filter({ hasText: "Take 2 · Delivering" }).waitFor();
      await row(page, order).locator('[data-delivered-take="2"]').waitFor();
      let stored = (await getOrder(t.kv, order.id))!;
      assertEquals(stored.takeChoice?.take, 2);
      assertEquals(stored.takeChoice?.by, ADMIN);
      assertEquals([stored.songUrl, stored.songBlobId], [takes[1].songUrl, takes[1].blobId]);
      await dismissToasts(page);

      // Offer Take 1 as "Another version", then stop offering it.
      const bonus = dialog.getByRole("switch", { name: "Also give the family Take 1 as a bonus" });
      assertEquals(await bonus.getAttribute("aria-checked"), "false");
      await bonus.click();
      await expectToast(page, "Bonus offered", "Take 1 is offered to the family as another version.");
      await dialog.locator("[data-bonus-take]").getByText(/^Take 1 offered by boss@example\.com on /)
        .waitFor();
      assertEquals(await bonus.getAttribute("aria-checked"), "true");
      await takeTab(page, 1).filter({ hasText: "Take 1 · Bonus" }).waitFor();
      await row(page, order).locator('[data-delivered-take="2"]').filter({ hasText: "Take 2 + bonus" })
        .waitFor();
      stored = (await getOrder(t.kv, order.id))!;
      assertEquals(stored.bonusTake?.by, ADMIN);
      assertEquals(stored.takeChoice?.take, 2, "the delivered take stays");
      await browser.screenshot(page, shot("take-2-delivered-bonus"));
      await dismissToasts(page);

      await bonus.click();
      await expectToast(page, "Bonus withdrawn", "The other take is no longer offered to the family.");
      await dialog.locator('[role=switch][aria-checked="false"]').waitFor();
      assertEquals((await getOrder(t.kv, order.id))!.bonusTake ?? null, null);
      await dismissToasts(page);

      // Order Detail tells the same story.
      await page.keyboard.press("Escape");
      await preview(page).waitFor({ state: "detached" });
      await row(page, order).getByRole("button", { name: `Order #${order.orderNumber} details` }).click();
      const detail = page.getByRole("dialog", { name: `Order #${order.orderNumber}` });
      await detail.getByRole("tab", { name: "Song Info" }).click();
      const field = (label: string) => detail.locator(`[data-field="${label}"] dd`);
      assertMatch(
        (await field("Delivered Take").textContent())!,
        /^Take 2 — chosen by boss@example\.com on /,
      );
      assertEquals(await field("Another Version").textContent(), "Not offered");
      assertMatch(
        (await field("Take 1 Timed Lyrics").textContent())!,
        /^Not yet: asked for again on .+ \(1 failed try so far\)$/,
      );
      assertMatch(
        (await field("Take 2 Timed Lyrics").textContent())!,
        new RegExp(`^Stored: ${timing.lines.length} lines \\(`),
      );
      await browser.screenshot(page, shot("detail-song-info"));
      assertEquals(browser.problems, []);
    },
  );

  e2eTest(`song takes (${size.name}): after the email went, another take is asked first`, async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl() } });
    await using browser = (await openSignedInBrowser(t, ADMIN, viewport)).browser;
    const sentAt = new Date(Date.now() - 60 * 60_000).toISOString();
    const { order, takes } = await twoTakeOrder(t, "Ned", {
      approvalStatus: "approved",
      approvedAt: sentAt,
      approvedBy: ADMIN,
      deliveryScheduledFor: sentAt,
      emailScheduledFor: sentAt,
      emailSentAt: sentAt,
      emailSendCount: 1,
    });
    const page = await openPreview(browser, [order], order);
    const dialog = preview(page);
    await takeTab(page, 1).filter({ hasText: "Take 1 · Delivered" }).waitFor();

    await takeTab(page, 2).click();
    await shownPanel(page).getByRole("button", { name: "Deliver this take" }).click();
    const confirm = page.getByRole("dialog", { name: "Deliver Take 2?" });
    await confirm.getByText("The family already has Take 1. Deliver Take 2 instead and email them again?")
      .waitFor();
    await browser.screenshot(page, shot("confirm-redeliver"));

    // Cancel keeps everything as it was.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    assert(await dialog.isVisible(), "the preview stays open");
    assertEquals((await getOrder(t.kv, order.id))!.takeChoice ?? null, null);

    await shownPanel(page).getByRole("button", { name: "Deliver this take" }).click();
    await confirm.getByRole("button", { name: "Deliver Take 2 and email" }).click();
    await expectToast(
      page,
      "Take 2 chosen",
      "Take 2 is now the family's song; the email goes to them again with it.",
    );
    await confirm.waitFor({ state: "detached" });
    await shownPanel(page).locator("[data-delivered-badge]").getByText("Delivered").waitFor();
    await row(page, order).locator('[data-delivered-take="2"]').waitFor();
    const stored = (await getOrder(t.kv, order.id))!;
    assertEquals(stored.takeChoice?.take, 2);
    assertEquals(stored.songUrl, takes[1].songUrl);
    assert(stored.deliveryDueAt, "the email is due again");
    assertEquals(browser.problems, []);
  });
}
