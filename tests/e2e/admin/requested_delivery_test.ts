import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { describeDeliveryTime, shortDeliveryTime, toLocalInput } from "../../../domain/delivery/requested.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, completedOrder, DELIVERY_ENV } from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";

/**
 * Issue 20 on the staff side: an order whose family chose a moment for the song's email shows it in
 * its row, under the "For a date" tab and in Order Detail; approving it schedules that moment, and
 * Send Now asks first, naming it. With issue 23's In Progress and Failed tabs beside it, Failed's
 * count in red, and `?filter=failed` opening that tab. At a desktop's 1280 px (the table) and a
 * phone's 390 px (cards).
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DAY = 24 * 60 * 60 * 1000;
const LONDON = "Europe/London";

/**
 * 8:00 on a London clock some days from now. The order form checks a moment against the real clock
 * (at least 24 hours ahead), and the browser counts down on it, so these are real days ahead.
 */
const morningIn = (days: number) => `${toLocalInput(Date.now() + days * DAY, LONDON).slice(0, 10)}T08:00`;

/** Moves the app's clock past the seeding (which stamps orders with the real time), as in a running studio. */
function afterSeeding(t: TestApp) {
  t.clock.advance(Date.now() - t.clock.now() + 60_000);
}

/** An order's row on a desktop, its card on a phone: whichever layout is showing. */
const shown = (page: Page, order: Order) => page.locator(`[data-order-id="${order.id}"]:visible`);

const count = async (page: Page, filter: string) =>
  Number(await page.locator(`[data-count=${filter}]:visible`).textContent());

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({ hasText: title });
  await toast.waitFor();
  assertEquals(await toast.locator("p").first().textContent(), title);
  if (description) assertEquals(await toast.locator("p").nth(1).textContent(), description);
}

for (const [device, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  e2eTest(
    `requested delivery (${device}): the row, the 'For a date' tab, Order Detail and Send Now's question`,
    async () => {
      await using t = await createTestApp({ env: DELIVERY_ENV });
      const plain = await completedOrder(t, { childName: "Pip", parentEmail: "pip@example.com" });
      const later = await completedOrder(t, {
        childName: "Lena",
        parentEmail: "lena@example.com",
        deliveryAt: morningIn(5),
        deliveryTimeZone: LONDON,
      });
      const birthday = await completedOrder(t, {
        childName: "Zelda",
        parentEmail: "harriet@example.com",
        deliveryAt: morningIn(3),
        deliveryTimeZone: LONDON,
      });
      // One song still being made (no worker runs here) and one whose making failed.
      const making = await placeOrder(t, { childName: "Milo", parentEmail: "milo@example.com" });
      const failed = (await updateOrder(
        t.kv,
        (await placeOrder(t, { childName: "Fay", parentEmail: "fay@example.com" })).id,
        (order) => ({
          ...order,
          status: "failed",
          currentStage: "SUNO_CREATE",
          failureType: "suno",
          error: "The music service refused the request.",
          lastErrorCode: 503,
        }),
      ))!;
      const request = birthday.requestedDelivery!;
      assertEquals(request.timeZone, LONDON);
      const full = describeDeliveryTime(request, Date.now()); // "Sunday 29 November, 8:00 in London"
      const short = shortDeliveryTime(request); // "29 Nov 8:00"
      afterSeeding(t);

      const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, size);
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();

      // The row says the moment: short in the table (the full words on hover and for screen
      // readers), in full on a phone's card; an order without one says nothing.
      const chip = shown(page, birthday).locator("[data-requested-delivery]");
      if (device === "desktop") {
        assertEquals(await chip.locator("[aria-hidden]").textContent(), `For ${short} London`);
        assertEquals(await chip.getAttribute("title"), `Requested delivery: ${full}`);
        assertEquals(await chip.locator(".sr-only").textContent(), `Requested delivery: ${full}`);
      } else {
        assertEquals(await chip.textContent(), `For ${full}`);
      }
      assert(/^For .* 8:00/.test((await chip.innerText()).trim()), await chip.innerText());
      assertEquals(await shown(page, plain).locator("[data-requested-delivery]").count(), 0);
      assertEquals(await count(page, "dated"), 2);
      assertEquals([await count(page, "in-progress"), await count(page, "failed")], [1, 1]);
      const filters = page.getByRole("tablist", { name: "Filter orders" });
      // Each tab's label, then its count.
      assertEquals(await filters.getByRole("tab").allTextContents(), [
        "All5",
        "In Progress1",
        "Review3",
        "Approved0",
        "Sent0",
        "For a date2",
        "Failed1",
      ]);
      // Failed songs wait on staff: a count above zero is red, the others stay quiet.
      const badge = (filter: string) =>
        page.locator(`[data-count=${filter}]:visible`).evaluate((element) =>
          getComputedStyle(element).backgroundColor
        );
      assertEquals(await badge("failed"), "rgb(185, 28, 28)"); // red-700, the destructive colour
      assertEquals(await badge("in-progress"), "rgb(241, 245, 249)"); // slate-100
      await browser.screenshot(page, `admin-requested-delivery-${device}`);

      // Order Detail: the moment in the family's words, or "As soon as it's ready".
      const field = (dialog: ReturnType<Page["getByRole"]>, label: string) =>
        dialog.locator(`[data-field="${label}"] dd`);
      await shown(page, plain).getByRole("button", { name: `Order #${plain.orderNumber} details` }).click();
      let detail = page.getByRole("dialog", { name: `Order #${plain.orderNumber}` });
      await detail.waitFor();
      assertEquals(await field(detail, "Requested Delivery").textContent(), "As soon as it's ready");
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });

      // The "For a date" tab: only the two with a moment, the soonest first, in the address too.
      const datedTab = filters.getByRole("tab", { name: /For a date/ });
      const failedTab = filters.getByRole("tab", { name: /Failed/ });
      for (const tab of await filters.getByRole("tab").all()) {
        const box = (await tab.boundingBox())!;
        assert(box.x >= 0 && box.x + box.width <= size.width && box.height >= 44, JSON.stringify(box));
        assert(box.height < 50, `${await tab.innerText()}: its label on one line`);
      }
      // On a phone the seven wrap in three rows (issue 41: four rows pushed the list below the fold).
      if (device === "phone") {
        const rows = new Set<number>();
        for (const tab of await filters.getByRole("tab").all()) {
          rows.add(Math.round((await tab.boundingBox())!.y));
        }
        assert(rows.size <= 3, `${rows.size} rows of tabs`);
        assert((await failedTab.boundingBox())!.width < size.width / 2);
      }
      await datedTab.click();
      await page.waitForURL(/filter=dated/);
      const listed = page.locator("[data-order-id]:visible");
      await page.getByText("Showing 1 to 2 of 2 orders").waitFor();
      assertEquals(
        await listed.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-order-id"))),
        [birthday.id, later.id],
      );
      assertEquals(
        await page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        ),
        0,
      );
      await browser.screenshot(page, `admin-requested-delivery-tab-${device}`);
      if (device === "desktop") {
        // Seven tabs, the search and Reset Filters: no width between phone and desktop squeezes them.
        for (const width of [640, 1024]) {
          await page.setViewportSize({ width, height: size.height });
          const overflow = await page.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          assertEquals(overflow, 0, `sideways scroll at ${width} px`);
          for (const tab of [datedTab, failedTab]) {
            assert((await tab.boundingBox())!.height < 50, `the tab's label on one line at ${width} px`);
          }
        }
        await page.setViewportSize(size);
      }

      // Approving before the moment: the server's words in the toast, and the badge says the
      // family's date decides.
      await shown(page, birthday).getByRole("button", { name: "Approve" }).click();
      await expectToast(
        page,
        "Song approved!",
        `The song will be delivered on ${full}, as the family asked.`,
      );
      const countdown = shown(page, birthday).locator("[data-countdown]");
      await countdown.waitFor();
      // One line on a card; in the table's narrow column the two phrases stack (the "·" said, not drawn).
      const badgeText = (await countdown.textContent())!.replace(/\s*·\s*/, " · ");
      assert(badgeText.startsWith(`Sends ${short} · family's date`), badgeText);
      assert((await countdown.getAttribute("title"))!.startsWith(`${full}, as the family asked.`));
      // The table still shows every column at 1280 px; a narrow status column breaks the badge
      // between its phrases only.
      const tableHidden = await page.evaluate(() => {
        const table = document.querySelector("table");
        return table?.offsetParent ? table.scrollWidth - table.parentElement!.clientWidth : 0;
      });
      assertEquals(tableHidden, 0, "the table's columns scroll");
      if (device === "phone") {
        // The narrowest phone: the badge's second phrase wraps whole rather than widening the card.
        await page.setViewportSize({ width: 320, height: size.height });
        assertEquals(
          await page.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          ),
          0,
        );
        await page.setViewportSize(size);
      }
      assertEquals((await getOrder(t.kv, birthday.id))?.deliveryScheduledFor, request.at);
      await browser.screenshot(page, `admin-requested-delivery-approved-${device}-viewport`);

      // Order Detail of the approved order: the moment, and that it decided the schedule.
      await shown(page, birthday).getByRole("button", { name: `Order #${birthday.orderNumber} details` })
        .click();
      detail = page.getByRole("dialog", { name: `Order #${birthday.orderNumber}` });
      await detail.waitFor();
      assertEquals(await field(detail, "Requested Delivery").textContent(), full);
      assert((await field(detail, "Delivery Scheduled For").textContent())!.endsWith("(the family's date)"));
      await field(detail, "Requested Delivery").scrollIntoViewIfNeeded();
      await browser.screenshot(page, `admin-requested-delivery-detail-${device}-viewport`);
      await detail.getByRole("tab", { name: "Technical" }).click();
      assert((await field(detail, "Requested Delivery At").textContent())!.includes(LONDON));
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });

      // Send Now asks first, naming the family's moment; Cancel keeps the schedule.
      const sendNow = shown(page, birthday).getByRole("button", { name: "Send Now" });
      await sendNow.click();
      const confirm = page.getByRole("dialog", { name: "Confirm Send Song" });
      await confirm.waitFor();
      const question = `The family asked for ${full}. Send the song now anyway?`;
      assert((await confirm.textContent())!.includes(question), await confirm.textContent() ?? "");
      assert((await confirm.textContent())!.includes("harriet@example.com"));
      await browser.screenshot(page, `admin-requested-delivery-confirm-${device}-viewport`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      assertEquals((await getOrder(t.kv, birthday.id))?.emailSentAt ?? null, null);

      // Confirmed, it sends at once: the order leaves "For a date" for Sent.
      await sendNow.click();
      await confirm.waitFor();
      await confirm.getByRole("button", { name: "Send Now" }).click();
      await expectToast(page, "Email sent!");
      await confirm.waitFor({ state: "detached" });
      assert((await getOrder(t.kv, birthday.id))?.emailSentAt);
      await page.getByText("Showing 1 to 1 of 1 orders").waitFor();
      assertEquals(await count(page, "dated"), 1);
      assertEquals(await count(page, "sent"), 1);
      await filters.getByRole("tab", { name: /Sent/ }).click();
      await page.waitForURL(/filter=sent/);
      await shown(page, birthday).getByRole("button", { name: "Resend" }).waitFor();
      assertEquals(await shown(page, birthday).locator("[data-countdown]").count(), 0);

      // A link to the Failed tab opens it: the failed song only, its count in red on the chosen tab.
      const failedPage = await browser.open("/admin/orders?filter=failed");
      const failedTabThere = failedPage.getByRole("tablist", { name: "Filter orders" })
        .getByRole("tab", { name: /Failed/ });
      assertEquals(await failedTabThere.getAttribute("aria-selected"), "true");
      await failedPage.getByText("Showing 1 to 1 of 1 orders").waitFor();
      assertEquals(
        await failedPage.locator("[data-order-id]:visible").evaluateAll((rows) =>
          rows.map((row) => row.getAttribute("data-order-id"))
        ),
        [failed.id],
      );
      assertEquals(await failedPage.locator(`[data-order-id="${making.id}"]`).count(), 0);
      assertEquals(
        await failedPage.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        ),
        0,
      );
      await browser.screenshot(failedPage, `admin-failed-tab-${device}`);
      await browser.screenshot(failedPage, `admin-failed-tab-${device}-viewport`);
      // Back to In Progress by the keyboard: Home is All, the next tab along is In Progress.
      await failedTabThere.focus();
      await failedPage.keyboard.press("Home");
      await failedPage.waitForURL((url) => url.search === "");
      await failedPage.keyboard.press("ArrowRight");
      await failedPage.waitForURL(/filter=in-progress/);
      await failedPage.getByText("Showing 1 to 1 of 1 orders").waitFor();
      await failedPage.locator(`[data-order-id="${making.id}"]:visible`).waitFor();
      assertEquals(browser.problems, []);
    },
  );
}

for (const [device, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  e2eTest(
    `requested delivery (${device}): the family's time names its zone, with the staff member's own beside it`,
    async () => {
      await using t = await createTestApp({ env: DELIVERY_ENV });
      const NEW_YORK = "America/New_York";
      const newYorkMorning = `${toLocalInput(Date.now() + 4 * DAY, NEW_YORK).slice(0, 10)}T08:00`;
      const abroad = await completedOrder(t, {
        childName: "Ava",
        parentEmail: "ava@example.com",
        deliveryAt: newYorkMorning,
        deliveryTimeZone: NEW_YORK,
      });
      const request = abroad.requestedDelivery!;
      const at = Date.parse(request.at);
      // The staff member works in Berlin: 8:00 in New York is 13:00 or 14:00 there.
      const berlin = toLocalInput(at, "Europe/Berlin");
      const berlinShort = shortDeliveryTime({ at: request.at, timeZone: "Europe/Berlin" });
      assert(berlin.slice(11) !== "08:00");
      afterSeeding(t);

      const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, { ...size, timezoneId: "Europe/Berlin" });
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      const row = shown(page, abroad);
      const chip = row.locator("[data-requested-delivery]");
      await chip.waitFor();
      // What the eye reads: the table's short words (its full ones are for screen readers), a card's all.
      const seen = device === "desktop" ? chip.locator("[aria-hidden]") : chip;
      const words = (await seen.innerText()).trim();
      assert(words.startsWith("For ") && words.includes("8:00") && words.includes("New York"), words);
      const ours = row.locator("[data-requested-delivery-local]");
      assertEquals((await ours.innerText()).trim(), `${berlinShort} your time`);
      if (device === "desktop") {
        // A screen reader hears both in one: the family's moment, then the staff member's.
        assertEquals(
          await chip.locator(".sr-only").textContent(),
          `Requested delivery: ${describeDeliveryTime(request, Date.now())} (${berlinShort} your time)`,
        );
      }
      // The date column: no wider than the table (the page does not scroll sideways).
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await browser.screenshot(page, `requested-delivery-${device}-zones-viewport`);
      assertEquals(browser.problems, []);
    },
  );
}
