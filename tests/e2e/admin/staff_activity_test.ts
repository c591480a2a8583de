import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { adminCall, completedOrder, sessionHeaders } from "../../integration/delivery/helpers.ts";

const BOSS = "boss@example.com";
const SAM = "sam@example.com";
const SIZES = [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const;

for (const [device, size] of SIZES) {
  e2eTest(
    `staff activity: staff actions across orders, narrowed to a person and an order (${device})`,
    async () => {
      await using t = await createTestApp({ env: { ADMIN_EMAILS: `${BOSS},${SAM}`, JOB_QUEUE: "off" } });
      const ada = await completedOrder(t, { childName: "Ada", parentEmail: "ada@example.com" });
      const ben = await completedOrder(t, { childName: "Ben", parentEmail: "ben@example.com" });
      assertEquals((await adminCall(t, await sessionHeaders(t, BOSS), ada.id, "approve")).status, 200);
      t.clock.advance(60_000);
      assertEquals((await adminCall(t, await sessionHeaders(t, SAM), ben.id, "approve")).status, 200);
      t.clock.advance(60_000);
      assertEquals((await adminCall(t, await sessionHeaders(t, SAM), ada.id, "send-now")).status, 200);

      const { browser } = await openSignedInBrowser(t, BOSS, size);
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      await page.getByRole("tab", { name: "Staff Activity" }).click();
      const log = page.getByRole("list", { name: "Staff actions, newest first" });
      await log.waitFor();
      const lines = log.locator("[data-activity-entry]");
      assertEquals(await lines.count(), 3);
      assertEquals(
        (await lines.allTextContents()).map((text) => text.replace(/^.*?#/, "#").replace(/\s+/g, " ")),
        [
          `#${ada.orderNumber}Ada${SAM}Send Now by ${SAM}.`,
          `#${ben.orderNumber}Ben${SAM}Approved by ${SAM} without a recorded listen.`,
          `#${ada.orderNumber}Ada${BOSS}Approved by ${BOSS} without a recorded listen.`,
        ],
      );

      // "What did Sam do?"
      await page.getByLabel("Staff member").selectOption(SAM);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes("/api/admin/activity?by=")),
        page.getByRole("button", { name: "Show", exact: true }).click(),
      ]);
      await page.getByRole("status").filter({ hasText: "2 staff actions shown." }).waitFor();
      assertEquals(await lines.count(), 2);

      // "Who approved Ada's song?": one step.
      await page.getByRole("button", { name: "Show everything" }).click();
      await page.getByRole("status").filter({ hasText: "3 staff actions shown." }).waitFor();
      await page.getByRole("textbox", { name: "Order number", exact: true }).fill(`#${ada.orderNumber}`);
      await page.getByRole("textbox", { name: "Order number", exact: true }).press("Enter");
      await page.getByRole("status").filter({ hasText: "2 staff actions shown." }).waitFor();
      assert((await lines.last().textContent())?.includes(`Approved by ${BOSS}`));
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await browser.screenshot(page, `admin-staff-activity-${device}-viewport`);

      // Each line opens its order in the list.
      await Promise.all([page.waitForURL(/q=%23/), lines.last().getByRole("link").click()]);
      const url = new URL(page.url());
      assertEquals([url.searchParams.get("filter"), url.searchParams.get("q")], [
        "sent",
        `#${ada.orderNumber}`,
      ]);
      assertEquals(browser.problems, []);
    },
  );
}
