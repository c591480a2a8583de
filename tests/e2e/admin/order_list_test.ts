import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, completedOrder, DELIVERY_ENV } from "../../integration/delivery/helpers.ts";

/** What a day in the dashboard found (issue 18, items 16–17 and 20–25), kept fixed. */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const row = (page: Page, order: Order) => page.locator(`tr[data-order-id="${order.id}"]`);

async function newestToast(page: Page) {
  const toast = page.locator("[data-toast-viewport] > [data-state=open]").last();
  await toast.waitFor();
  return toast;
}

/**
 * Moves the app's clock past the seeding, which stamps orders with the real time: staff's calls then
 * answer with the newer order, as they do in a running studio.
 */
function afterSeeding(t: TestApp) {
  t.clock.advance(Date.now() - t.clock.now() + 60_000);
}

/** A song that failed at song creation, as the pipeline leaves one. */
async function failedOrder(t: TestApp) {
  const order = await completedOrder(t, { childName: "Fay", parentEmail: "fay@example.com" });
  return (await updateOrder(t.kv, order.id, (current) => ({
    ...current,
    status: "failed",
    currentStage: "SUNO_CREATE",
    failureType: "suno",
    error: "The music service refused the request.",
    lastErrorCode: 503,
  })))!;
}

/**
 * Holds the list's loads (not the actions) while `held` is set, as a dashboard under load sees them:
 * whatever shows meanwhile came from the action's own answer.
 */
async function holdListLoads(page: Page) {
  let release: (() => void) | null = null;
  await page.route((url) => url.pathname === "/api/admin/orders", async (route) => {
    if (release) await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  return {
    hold: () => (release = () => {}),
    let: () => {
      const go = release;
      release = null;
      go?.();
    },
  };
}

e2eTest("order list: an action's answer updates its row at once, however slow the list is", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const song = await completedOrder(t, { childName: "Zelda", parentEmail: "harriet@example.com" });
  afterSeeding(t);
  const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, DESKTOP);
  await using _browser = browser;
  const page = await browser.open("/admin/orders");
  const zelda = row(page, song);
  await zelda.getByRole("button", { name: "Approve" }).waitFor();

  const list = await holdListLoads(page);
  list.hold();
  await zelda.getByRole("button", { name: "Approve" }).click();
  const toast = await newestToast(page);
  // One title and the line under it, not the title said twice.
  assertEquals(await toast.locator("p").allTextContents(), [
    "Song approved!",
    "The song will be delivered in 12 hours.",
  ]);
  // The list has not come back, and the row already shows the approval and the next step.
  await zelda.getByRole("button", { name: "Send Now" }).waitFor({ timeout: 2000 });
  assertEquals(await zelda.getByRole("button", { name: "Approve" }).count(), 0);
  assert((await zelda.locator("[data-status]").innerText()).includes("Approved"));
  assert(!(await zelda.locator("[data-status]").innerText()).includes("Pending Review"));
  list.let();
  assertEquals(browser.problems, []);
});

e2eTest(
  "order list: one label for a failure type, the whole email, and details true to the order",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    const failed = await failedOrder(t);
    const longEmail = "harriet.moss.family@example.co.uk";
    const plain = await completedOrder(t, { childName: "Zelda", parentEmail: longEmail });
    const streaming = await completedOrder(t, {
      childName: "Star",
      parentEmail: "star@example.com",
      addStreamingServices: true,
      streamingArtistName: "Little Star",
    });
    afterSeeding(t);
    const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, DESKTOP);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");

    // Item 24: the list and Error Details say the failure type the same way.
    assertEquals((await row(page, failed).locator("[data-status]").innerText()).split("\n"), [
      "Failed",
      "Suno · Song Creation",
    ]);
    await row(page, failed).getByRole("button", { name: "Error Details" }).click();
    const errors = page.getByRole("dialog", { name: /Error Details/ });
    await errors.waitFor();
    assertEquals(
      await errors.locator("dt", { hasText: "Failure type" }).locator("xpath=following-sibling::dd[1]")
        .innerText(),
      "Suno",
    );
    await page.keyboard.press("Escape");
    await errors.waitFor({ state: "detached" });

    // Item 25: the whole address shows; nothing is cut off while other columns have room.
    const email = row(page, plain).getByText(longEmail);
    assert(await email.isVisible());
    // Nothing is cut off: where the column is narrow the address breaks before its "@", once.
    const lines = await email.evaluate((element) =>
      [...element.querySelectorAll("span")].map((part) => ({
        text: part.textContent,
        whole: part.scrollWidth <= part.clientWidth || part.getClientRects().length === 1,
        top: Math.round(part.getBoundingClientRect().top),
      }))
    );
    assertEquals(lines.map((line) => line.text).join(""), longEmail);
    assert(lines.every((line) => line.whole), JSON.stringify(lines));
    assertEquals(lines[1].text, "@example.co.uk");
    // A usual address has the room for one line.
    const usual = row(page, streaming).getByText("star@example.com");
    assert(
      await usual.evaluate((element) =>
        element.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(element).lineHeight)
      ),
      "a usual address is on one line",
    );

    // Item 20: the add-on's price only on an order that has the add-on.
    const field = (dialog: ReturnType<Page["getByRole"]>, label: string) =>
      dialog.locator(`[data-field="${label}"] dd`);
    await row(page, plain).getByRole("button", { name: `Order #${plain.orderNumber} details` }).click();
    let detail = page.getByRole("dialog", { name: `Order #${plain.orderNumber}` });
    await detail.waitFor();
    assertEquals(await field(detail, "Streaming Price").count(), 0);
    assertEquals(await field(detail, "Total Price").textContent(), "$24.99");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });
    await row(page, streaming).getByRole("button", { name: `Order #${streaming.orderNumber} details` })
      .click();
    detail = page.getByRole("dialog", { name: `Order #${streaming.orderNumber}` });
    await detail.waitFor();
    assertEquals(await field(detail, "Streaming Price").textContent(), "$10.00");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // Item 21: after approval the detail says so, not "ready for review".
    await updateOrder(
      t.kv,
      plain.id,
      (order) => ({ ...order, statusDetail: "The song is ready for review." }),
    );
    await row(page, plain).getByRole("button", { name: "Approve" }).click();
    await row(page, plain).getByRole("button", { name: "Send Now" }).waitFor();
    await row(page, plain).getByRole("button", { name: `Order #${plain.orderNumber} details` }).click();
    detail = page.getByRole("dialog", { name: `Order #${plain.orderNumber}` });
    await detail.waitFor();
    assertEquals(
      await field(detail, "Status Detail").textContent(),
      "Approved by boss@example.com; the email goes out at its scheduled time.",
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "order list: every width from 320 to 1920 px fits, with the settings, search and columns in view",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    await completedOrder(t, { childName: "Zelda", parentEmail: "harriet.moss@example.com" });
    await failedOrder(t);
    const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, DESKTOP);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    for (const width of [320, 390, 640, 768, 834, 917, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 768 || width === 1024) await browser.screenshot(page, `admin-order-list-${width}`);
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assertEquals(overflow, 0, `sideways scroll at ${width} px`);
      // The table (from 1024 px) shows every column without scrolling inside its box either.
      const hidden = await page.evaluate(() => {
        const table = document.querySelector("table");
        return table?.offsetParent ? table.scrollWidth - table.parentElement!.clientWidth : 0;
      });
      assertEquals(hidden, 0, `the table's columns scroll at ${width} px`);
      for (
        const control of [
          page.getByRole("button", { name: "Admin Settings" }),
          page.getByLabel("Search orders by order number, child, parent name or email"),
          page.getByRole("tab", { name: /Sent/ }),
        ]
      ) {
        const box = (await control.boundingBox())!;
        assert(
          box.x >= 0 && box.x + box.width <= width,
          `${await control.textContent()} cut off at ${width} px`,
        );
      }
    }
    assertEquals(browser.problems, []);
  },
);

for (const [device, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  e2eTest(
    `create order dialog (${device}): the 'Missing Information' toast leaves its buttons free`,
    async () => {
      await using t = await createTestApp({ env: DELIVERY_ENV });
      const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, size);
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      await page.getByRole("button", { name: "Create Order" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Manual Order" });
      await dialog.waitFor();
      const create = dialog.getByRole("button", { name: "Create Order" });
      await create.click();
      const toast = await newestToast(page);
      assert((await toast.textContent())?.includes("Missing Information"));
      const [covering, button, cancel] = [
        (await toast.boundingBox())!,
        (await create.boundingBox())!,
        (await dialog.getByRole("button", { name: "Cancel" }).boundingBox())!,
      ];
      for (const target of [button, cancel]) {
        const apart = covering.x + covering.width <= target.x || target.x + target.width <= covering.x ||
          covering.y + covering.height <= target.y || target.y + target.height <= covering.y;
        assert(apart, `the toast ${JSON.stringify(covering)} covers ${JSON.stringify(target)}`);
      }
      // Nothing lies over the button: a click lands on it.
      await create.click({ trial: true, timeout: 2000 });
      await browser.screenshot(page, `admin-create-order-toast-${device}-viewport`);
      assertEquals(browser.problems, []);
    },
  );
}
