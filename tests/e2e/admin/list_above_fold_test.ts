import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { clockWorker, completedOrder } from "../../integration/delivery/helpers.ts";
import { failedOrder, forDate, refusingLyricist } from "../../integration/admin/attention_fixtures.ts";
import { toLocalInput } from "../../../domain/delivery/requested.ts";

/**
 * A busy morning (issue 41): a failed song, a late email, a date at risk and six songs long in
 * review, so the backlog warns and every group of "Needs attention" has something in it. The order
 * list's first row still starts within the first screen, at a laptop's, a wide monitor's and a
 * phone's size, and the panels' orders are a press away (beside the list where there is room).
 */
const ADMIN = "boss@example.com";
const HOUR = 3_600_000;
const SIZES = [
  { name: "laptop", width: 1280, height: 800 },
  { name: "wide", width: 1920, height: 1080 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  e2eTest(`the order list starts within the first screen on a busy morning (${size.name})`, async () => {
    await using t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN, JOB_QUEUE: "off", SWEEP_SECONDS: "3600" },
      providers: { words: refusingLyricist("Fay") },
    });
    await using worker = clockWorker(t);
    await failedOrder(t, worker, { childName: "Fay", parentEmail: "fay@example.com" });
    const waiting = [];
    for (let i = 0; i < 6; i++) {
      waiting.push(await completedOrder(t, { childName: `Kid ${i}`, parentEmail: `k${i}@example.com` }));
    }
    const tomorrow = toLocalInput(t.clock.now() + 20 * HOUR, "Europe/London");
    await forDate(t, waiting[0], tomorrow);
    t.clock.advance(13 * HOUR);

    const { browser } = await openSignedInBrowser(t, ADMIN, size);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    // Both panels have come (they load after the page, and push what is under them down).
    const attention = page.getByRole("region", { name: "Needs attention" });
    await attention.locator("[data-attention-group=reviewWaiting]").waitFor({ state: "attached" });
    await page.getByRole("region", { name: "Studio backlog" }).getByRole("status").waitFor();
    const first = page.locator("[data-order-id]:visible").first();
    await first.waitFor();
    const box = (await first.boundingBox())!;
    assert(box.y + 40 <= size.height, `the first row starts at ${Math.round(box.y)} px of ${size.height}`);
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    await browser.screenshot(page, `admin-fold-${size.name}-viewport`);

    // Each group's count is in sight; its orders are shown beside the list, or a press away.
    const review = attention.locator("[data-attention-group=reviewWaiting]");
    if (size.width >= 1536) {
      assert(await review.isVisible(), "beside the list, the orders are shown");
      const panels = (await page.locator("[data-studio-panels]").boundingBox())!;
      assert(panels.x >= box.x + box.width - 1, "the panels are beside the list, not above it");
    } else {
      assertEquals(await review.isVisible(), false);
      const summary = (await attention.locator("[data-attention-summary]").innerText()).replace(/\s+/g, " ");
      for (const group of ["Failed songs 1", "Sends overdue", "Dates at risk 1", "In review over 12 h 6"]) {
        assert(summary.includes(group), `${group} in "${summary}"`);
      }
      const show = attention.getByRole("button", { name: "Show orders" });
      assertEquals(await show.getAttribute("aria-expanded"), "false");
      await show.click();
      await review.getByRole("link", { name: new RegExp(`^#${waiting[1].orderNumber} `) }).waitFor();
      assertEquals(
        await attention.getByRole("button", { name: "Hide orders" }).getAttribute("aria-expanded"),
        "true",
      );
    }
    assertEquals(browser.problems, []);
  });
}
