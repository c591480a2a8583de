import { assert, assertEquals } from "@std/assert";
import type { Locator, Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { ATTENTION_REFRESH_MS } from "../../../islands/admin/attention/AttentionPanel.tsx";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { clockWorker, completedOrder } from "../../integration/delivery/helpers.ts";
import { failedOrder, refusingLyricist } from "../../integration/admin/attention_fixtures.ts";

const ADMIN = "boss@example.com";
const HOUR = 3_600_000;
const SIZES = [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const;

/** The panel's links to one order, by its number (an order may be in more than one group). */
const linksTo = (page: Page, order: Order) =>
  page.getByRole("region", { name: "Needs attention" }).getByRole("link", {
    name: new RegExp(`^#${order.orderNumber} `),
  });

/** Opens the panel's lists of orders (folded away above the list, below 1536 px). */
async function showOrders(page: Page) {
  const panel = page.getByRole("region", { name: "Needs attention" });
  await panel.getByRole("button", { name: "Show orders" }).click();
  await panel.getByRole("button", { name: "Hide orders" }).waitFor();
}

/** Follows a panel link; the dashboard it opens lists that order alone, and its row opens its details. */
async function opensOrder(page: Page, link: Locator, order: Order, tab: string) {
  await Promise.all([page.waitForURL(/\/admin\/orders\?/), link.click()]);
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  const url = new URL(page.url());
  assertEquals(url.searchParams.get("filter"), tab);
  assertEquals(url.searchParams.get("q"), `#${order.orderNumber}`);
  const rows = page.locator("[data-order-id]:visible");
  await rows.first().waitFor();
  assertEquals(await rows.evaluateAll((found) => found.map((row) => row.getAttribute("data-order-id"))), [
    order.id,
  ]);
  await rows.first().getByRole("button", { name: `Order #${order.orderNumber} details` }).click();
  const detail = page.getByRole("dialog", { name: `Order #${order.orderNumber}` });
  await detail.waitFor();
  await page.keyboard.press("Escape");
  await detail.waitFor({ state: "hidden" });
}

for (const [device, size] of SIZES) {
  e2eTest(
    `needs attention: a failed song and one long in review, each opening its order (${device})`,
    async () => {
      await using t = await createTestApp({
        env: { ADMIN_EMAILS: ADMIN, JOB_QUEUE: "off", SWEEP_SECONDS: "3600" },
        providers: { words: refusingLyricist("Fay") },
      });
      await using worker = clockWorker(t);
      const fay = await failedOrder(t, worker, { childName: "Fay", parentEmail: "fay@example.com" });
      const rory = await completedOrder(t, { childName: "Rory", parentEmail: "rory@example.com" });
      // A song ready an hour ago is not waiting too long; Rory's, 13 hours ago, is.
      t.clock.advance(12 * HOUR);
      const fresh = await completedOrder(t, { childName: "Nell", parentEmail: "nell@example.com" });
      t.clock.advance(HOUR);

      const { browser } = await openSignedInBrowser(t, ADMIN, size);
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      const panel = page.getByRole("region", { name: "Needs attention" });
      await panel.waitFor();
      // Above the list the panel says its counts; its orders are a press away (issue 41).
      await showOrders(page);
      const group = (title: string) =>
        panel.locator("[data-attention-group]").filter({ has: page.getByRole("heading", { name: title }) });
      const failed = group("Failed songs");
      assertEquals(await failed.locator("[data-attention-count]").textContent(), "1");
      assertEquals(
        (await failed.getByRole("link").first().textContent())?.replace(/\s+/g, " "),
        `#${fay.orderNumber}Fayfailed 13 h ago`,
      );
      const review = group("In review over 12 h");
      assertEquals(await review.locator("[data-attention-count]").textContent(), "1");
      assert((await review.textContent())?.includes("Roryready 13 h ago"));
      assertEquals(await linksTo(page, fresh).count(), 0, "Nell has waited an hour");
      // Fay's family were to be told after the 30-minute grace; nobody swept since.
      assert((await group("Sends overdue").textContent())?.includes("failure email due 12 h 30 min ago"));
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await panel.scrollIntoViewIfNeeded();
      await browser.screenshot(page, `admin-attention-${device}-viewport`);

      await opensOrder(page, review.getByRole("link"), rory, "review");
      await browser.screenshot(page, `admin-attention-${device}-opened-viewport`);
      await page.goBack();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await panel.waitFor();
      await showOrders(page);
      await opensOrder(page, group("Failed songs").getByRole("link"), fay, "failed");
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest("needs attention: one line while nothing does, and it refreshes by itself", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, JOB_QUEUE: "off" } });
  const nell = await completedOrder(t, { childName: "Nell", parentEmail: "nell@example.com" });
  const { browser } = await openSignedInBrowser(t, ADMIN, SIZES[1][1]);
  await using _browser = browser;
  // The page's timers under the test's control, so the next refresh comes at once.
  const page = await browser.context.newPage();
  await page.clock.install();
  await page.goto(`${browser.origin}/admin/orders`);
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  const panel = page.getByRole("region", { name: "Needs attention" });
  await panel.getByText("Nothing needs attention right now.").waitFor();
  assertEquals(await panel.getByRole("link").count(), 0);

  t.clock.advance(13 * HOUR);
  await page.clock.runFor(ATTENTION_REFRESH_MS);
  await showOrders(page);
  await linksTo(page, nell).waitFor();
  assertEquals(await panel.getByText("Nothing needs attention right now.").count(), 0);
  assertEquals(browser.problems, []);
});
