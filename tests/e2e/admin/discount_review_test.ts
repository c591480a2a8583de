import { assert, assertEquals } from "@std/assert";
import { getOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { flaggedOrder } from "./fixtures.ts";

const ADMIN = "boss@example.com";
const SIZES = [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const;

for (const [device, size] of SIZES) {
  e2eTest(`discount review: staff see a flagged order and refund it once (${device})`, async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    const order = await flaggedOrder(t);
    const { browser } = await openSignedInBrowser(t, ADMIN, size);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");

    const flag = page.locator('[data-discount-flag="review"]:visible').first();
    await flag.waitFor();
    assert((await flag.getAttribute("title"))?.includes("used their own referral code"));
    await browser.screenshot(page, `discount-flag-${device}`);

    await page.locator('[data-action="refund"]:visible').first().click();
    const dialog = page.getByRole("dialog", { name: "Refund Payment" });
    await dialog.waitFor();
    assert((await dialog.textContent())?.includes(`order #${order.orderNumber}`));
    await browser.screenshot(page, `discount-refund-dialog-${device}`);
    await dialog.getByRole("button", { name: "Refund $24.99" }).click();

    const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({
      hasText: "Payment refunded",
    });
    await toast.waitFor();
    await page.locator('[data-discount-flag="refunded"]:visible').first().waitFor();
    assertEquals(await page.locator('[data-action="refund"]:visible').count(), 0, "offered once");
    const stored = await getOrder(t.kv, order.id);
    assertEquals([stored?.refund?.amount, stored?.refund?.refundedBy], [2499, ADMIN]);
    await browser.screenshot(page, `discount-refunded-toast-${device}`);
    await toast.getByRole("button", { name: "Close notification" }).click();
    await toast.waitFor({ state: "hidden" });
    await browser.screenshot(page, `discount-refunded-${device}`);

    // The order's details say why it was flagged and what was refunded.
    await page.getByText("alice+2@example.com").locator("visible=true").first().click();
    const detail = page.getByRole("dialog", { name: `Order #${order.orderNumber}` });
    await detail.waitFor();
    assert((await detail.locator('[data-field="Discount Review"] dd').textContent())?.includes("ALICE-7K3Q"));
    assert((await detail.locator('[data-field="Refunded"] dd').textContent())?.startsWith("$24.99 by boss@"));
    await browser.screenshot(page, `discount-detail-${device}`);
    assertEquals(browser.problems, []);
  });
}
