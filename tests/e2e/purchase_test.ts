import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import { countOrders } from "../../kv/orders.ts";
import { createTestApp, e2eTest, loopbackAppUrl, openBrowser, openSignedInBrowser } from "../helpers.ts";

async function fillOrder(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) await page.locator(`[name="${name}"]`).fill(value);
}

async function toastText(page: Page) {
  const toast = page.locator("[data-toast-viewport] > [data-state]").first();
  await toast.waitFor();
  return await toast.innerText();
}

e2eTest(
  "purchase: a guest orders, pays on the local checkout and lands on 'Magic in Progress!'",
  async () => {
    // The checkout's success URL is built from APP_URL, so the app must know the browser's address.
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    await using browser = await openBrowser(t);
    const page = await browser.open("/order");
    await fillOrder(page, { childName: "Mia", parentName: "Sam Parent", parentEmail: "sam@example.com" });
    await page.locator('[name="addStreamingServices"]').check();
    await fillOrder(page, { streamingArtistName: "Little Mia" });
    await page.getByRole("button", { name: "Create Your Song" }).click();

    await page.waitForURL(/\/checkout\/local\/cs_local_/);
    assert(await page.getByText("$34.99").first().isVisible());
    await browser.screenshot(page, "purchase-local-checkout");
    await page.getByRole("button", { name: "Pay $34.99" }).click();

    await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}\?name=Mia$/);
    await page.getByRole("heading", { name: "Magic in Progress!" }).waitFor();
    assert(await page.getByText("We're in the studio crafting Mia's special song.").isVisible());
    const card = page.locator("[data-referral-card]");
    await card.waitFor();
    const code = await card.locator("code").innerText();
    assertMatch(code, /^MIA-[2-9A-HJKMNP-Z]{4}$/);
    await page.getByRole("button", { name: "Copy referral code" }).click();
    assertEquals((await toastText(page)).split("\n").filter(Boolean).slice(0, 2), [
      "Copied!",
      "Referral code copied to clipboard",
    ]);
    await browser.screenshot(page, "purchase-order-processing");
    assertEquals(await page.evaluate(() => localStorage.getItem("pendingOrderData")), null);
    assertEquals(await page.evaluate(() => localStorage.getItem("lastChildName")), "Mia");
    assertEquals(await countOrders(t.kv, "all"), 1);
    assertEquals(browser.problems, []);
  },
);

e2eTest("purchase: a friend's ?ref code gives 50% off on the checkout", async () => {
  await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
  await using browser = await openBrowser(t);
  // The first customer buys and gets a code.
  const first = await browser.open("/order");
  await fillOrder(first, { childName: "Leo", parentName: "Ana", parentEmail: "ana@example.com" });
  await first.getByRole("button", { name: "Create Your Song" }).click();
  await first.waitForURL(/\/checkout\/local\//);
  await first.getByRole("button", { name: /^Pay / }).click();
  await first.locator("[data-referral-card] code").waitFor();
  const code = await first.locator("[data-referral-card] code").innerText();

  const friend = await browser.open(`/order?ref=${code.toLowerCase()}`);
  await fillOrder(friend, { childName: "Zoe", parentName: "Kim", parentEmail: "kim@example.com" });
  await friend.getByRole("button", { name: "Create Your Song" }).click();
  await friend.waitForURL(/\/checkout\/local\//);
  assert(await friend.getByText(`Discount (${code})`).isVisible());
  await friend.getByRole("button", { name: "Pay $12.49" }).click();
  await friend.getByRole("heading", { name: "Magic in Progress!" }).waitFor();
  assertEquals(await countOrders(t.kv, "all"), 2);
});

e2eTest("purchase: a demo user skips payment and goes straight to the processing page", async () => {
  await using t = await createTestApp({
    env: { DEMO_EMAILS: "demo@example.com", APP_URL: loopbackAppUrl() },
  });
  await using browser = (await openSignedInBrowser(t, "demo@example.com")).browser;
  const page = await browser.open("/order");
  await fillOrder(page, { childName: "Ava", parentName: "Demo Parent", parentEmail: "demo@example.com" });
  await page.getByRole("button", { name: "Create Your Song" }).click();
  await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}\?name=Ava$/);
  await page.getByRole("heading", { name: "Magic in Progress!" }).waitFor();
  assertEquals(await countOrders(t.kv, "status:generating"), 1);
});

e2eTest(
  "purchase: the return page reports a missing session and an unpaid one, then goes back to /order",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    await using browser = await openBrowser(t);
    const missing = await browser.open("/payment-processing");
    assert(await missing.getByRole("heading", { name: "Processing Your Order" }).isVisible());
    assertEquals((await toastText(missing)).split("\n").filter(Boolean).slice(0, 2), [
      "Error",
      "Invalid payment session. Please try again.",
    ]);
    await missing.waitForURL(browser.origin + "/order");

    const order = await browser.open("/order");
    await fillOrder(order, { childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" });
    await order.getByRole("button", { name: "Create Your Song" }).click();
    await order.waitForURL(/\/checkout\/local\//);
    const sessionId = order.url().split("/").at(-1)!;
    const unpaid = await browser.open(`/payment-processing?session_id=${sessionId}&guest=true`);
    await browser.screenshot(unpaid, "purchase-processing-error-viewport");
    assertEquals(
      (await toastText(unpaid)).split("\n").filter(Boolean).slice(0, 2),
      [
        "Processing Error",
        "Payment was not confirmed. Please check with your bank and contact support if you were charged.",
      ],
    );
    await unpaid.waitForURL(browser.origin + "/order");
    assertEquals(await countOrders(t.kv, "all"), 0);
  },
);
