import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import { describeDeliveryTime, instantOf, toLocalInput } from "../../domain/delivery/requested.ts";
import { ownReferralCode } from "../../domain/referral/referrals.ts";
import { getCheckoutDraft } from "../../kv/checkout_drafts.ts";
import { countOrders, getOrder } from "../../kv/orders.ts";
import { createReferralCode } from "../../kv/referral_codes.ts";
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

e2eTest(
  "purchase: a friend's link to the landing page keeps its code: the order form and checkout take 50% off",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    const owner = {
      email: "ana@example.com",
      childName: "Leo",
      orderId: crypto.randomUUID(),
      orderNumber: 1,
    };
    assertEquals(
      await createReferralCode(t.kv, ownReferralCode(owner, t.clock.now(), "LEO-7K3Q")),
      "created",
    );
    // A fresh browser, as the confirmation email's link opens it: nothing stored, the code only in the address.
    await using browser = await openBrowser(t);
    const landing = await browser.open(`/?ref=leo-7k3q`);
    await landing.getByRole("link", { name: "Create Your Song" }).first().click();

    await landing.waitForURL(browser.origin + "/order");
    const summary = landing.getByRole("region", { name: "Price Summary" });
    await summary.locator("[data-referral-note=offer]").waitFor();
    assertEquals(await summary.locator("[data-discount] dt").innerText(), "Referral LEO-7K3Q (50% off)");
    assertEquals(await summary.locator("[data-total] dd").innerText(), "$12.49");

    await fillOrder(landing, { childName: "Zoe", parentName: "Kim", parentEmail: "kim@example.com" });
    await landing.getByRole("button", { name: "Create Your Song" }).click();
    await landing.waitForURL(/\/checkout\/local\/cs_local_/);
    assert(await landing.getByText("Discount (LEO-7K3Q)").isVisible());
    const draft = await getCheckoutDraft(t.kv, landing.url().split("/").at(-1)!);
    assertEquals([draft?.form.referralCode, draft?.referral?.code, draft?.price.totalPrice], [
      "LEO-7K3Q",
      "LEO-7K3Q",
      1249,
    ]);
    await landing.getByRole("button", { name: "Pay $12.49" }).click();
    await landing.getByRole("heading", { name: "Magic in Progress!" }).waitFor();
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "purchase: 'Create Another Song' starts the next order with the parent's name and email, the child's fresh",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    await using browser = await openBrowser(t);
    const page = await browser.open("/order");
    await fillOrder(page, {
      childName: "Mia",
      favoriteColor: "Purple",
      parentName: "Sam Parent",
      parentEmail: "sam@example.com",
    });
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(/\/checkout\/local\/cs_local_/);
    await page.getByRole("button", { name: "Pay $24.99" }).click();
    await page.getByRole("heading", { name: "Magic in Progress!" }).waitFor();

    await page.getByRole("link", { name: "Create Another Song" }).click();
    await page.waitForURL(browser.origin + "/order");
    await page.waitForSelector('lh-island[data-island="OrderForm"][data-hydrated]', { state: "attached" });
    await page.waitForFunction(() =>
      document.querySelector<HTMLInputElement>('[name="parentName"]')?.value === "Sam Parent"
    );
    assertEquals(await page.locator('[name="parentEmail"]').inputValue(), "sam@example.com");
    assertEquals(await page.locator('[name="childName"]').inputValue(), "", "a new child");
    assertEquals(await page.locator('[name="favoriteColor"]').inputValue(), "");
    assertEquals(browser.problems, []);
  },
);

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
  "purchase: a return from a checkout never paid says nothing was charged, then the form comes back filled",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    await using browser = await openBrowser(t);
    const order = await browser.open("/order");
    await fillOrder(order, { childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" });
    await order.getByRole("button", { name: "Create Your Song" }).click();
    await order.waitForURL(/\/checkout\/local\//);
    const sessionId = order.url().split("/").at(-1)!;

    // A new tab, as a bank's app or an e-mailed link would open it: the form's draft is not there.
    // The checkout is still open and unpaid: the server knows nothing was taken, and the page says so.
    const unpaid = await browser.open(`/payment-processing?session_id=${sessionId}&guest=true`);
    const message = "The payment wasn't completed, so nothing was charged.";
    await unpaid.locator("[data-payment-failure=incomplete]").waitFor();
    assert(await unpaid.getByRole("heading", { name: "Payment not completed" }).isVisible());
    assert(await unpaid.getByText(message).first().isVisible());
    assertEquals(await unpaid.getByText(/check with your bank/).count(), 0);
    assertEquals(await unpaid.getByText("Processing Your Order").count(), 0, "the progress has stopped");
    await browser.screenshot(unpaid, "purchase-processing-error-viewport");
    assertEquals((await toastText(unpaid)).split("\n").filter(Boolean).slice(0, 2), [
      "Payment not completed",
      message,
    ]);

    await unpaid.waitForURL(browser.origin + "/order");
    const notice = unpaid.locator("[data-payment-notice=incomplete]");
    await notice.waitFor();
    assertEquals(await notice.getAttribute("role"), "status");
    assert((await notice.innerText()).includes("Payment not completed — nothing was charged"));
    assertEquals(await unpaid.getByText(/check with your bank/).count(), 0);
    assertEquals(await unpaid.locator('[name="childName"]').inputValue(), "Mia", "what was typed is kept");
    assertEquals(await unpaid.locator('[name="parentEmail"]').inputValue(), "sam@example.com");
    assertEquals(new URL(unpaid.url()).search, "", "the address is clean again");
    await browser.screenshot(unpaid, "order-after-payment-error");
    assertEquals(await countOrders(t.kv, "all"), 0);
  },
);

/**
 * What each failing step of the return page answers: the six errors of customer-side §8, and a
 * checkout that was never paid.
 */
const PAYMENT_FAILURE_CASES: { reason: string; message: string; routes: Record<string, () => Response> }[] = [
  {
    reason: "verify",
    message: "Unable to verify your payment status. Please contact support for assistance.",
    routes: { "verify-payment": () => Response.json({ message: "down" }, { status: 503 }) },
  },
  {
    // Completed but not paid yet (a bank debit on its way): money may still move.
    reason: "unpaid",
    message:
      "Payment was not confirmed. Please check with your bank and contact support if you were charged.",
    routes: {
      "verify-payment": () =>
        Response.json({ paid: false, status: "complete", metadata: {}, customerEmail: null }),
    },
  },
  {
    // Past its time and never paid: nothing was charged, and the page says so.
    reason: "incomplete",
    message: "The payment wasn't completed, so nothing was charged.",
    routes: {
      "verify-payment": () =>
        Response.json({ paid: false, status: "expired", metadata: {}, customerEmail: null }),
    },
  },
  {
    reason: "lost",
    message: "Your order information was lost. Please try placing your order again.",
    routes: { "verify-payment": () => Response.json({ paid: true, metadata: {}, customerEmail: null }) },
  },
  {
    reason: "order",
    message: "Payment successful but order creation failed. Please contact support immediately.",
    routes: {
      "verify-payment": () =>
        Response.json({ paid: true, metadata: { childName: "Mia" }, customerEmail: "a@b.co" }),
      "orders": () => Response.json({ message: "broken" }, { status: 500 }),
    },
  },
  {
    reason: "generation",
    message: "Payment and order successful but song generation failed. Please contact support.",
    routes: {
      "verify-payment": () =>
        Response.json({ paid: true, metadata: { childName: "Mia" }, customerEmail: "a@b.co" }),
      "orders": () => Response.json({ id: "00000000-0000-4000-8000-000000000000" }),
      "start-generation": () => Response.json({ message: "broken" }, { status: 500 }),
    },
  },
  {
    reason: "other",
    message: "There was an issue processing your payment. Please contact support if you were charged.",
    routes: {
      "verify-payment": () => new Response("null", { headers: { "content-type": "application/json" } }),
    },
  },
];

e2eTest(
  "purchase: each payment error stops the progress and shows its own words in place",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    await using browser = await openBrowser(t);
    for (const { reason, message, routes } of PAYMENT_FAILURE_CASES) {
      await browser.context.unrouteAll();
      await browser.context.route("**/api/guest/**", async (route) => {
        const path = new URL(route.request().url()).pathname;
        const step = path.includes("verify-payment")
          ? "verify-payment"
          : path.endsWith("/start-generation")
          ? "start-generation"
          : "orders";
        const answer = routes[step]?.();
        if (!answer) return await route.abort();
        await route.fulfill({
          status: answer.status,
          contentType: "application/json",
          body: await answer.text(),
        });
      });
      const page = await browser.open("/payment-processing?session_id=cs_test_e2e&guest=true");
      await page.locator(`[data-payment-failure=${reason}]`).waitFor();
      assert(await page.locator("main").getByText(message).isVisible(), reason);
      for (const progress of ["Creating your order...", "Starting song creation..."]) {
        assertEquals(await page.getByText(progress).count(), 0, `${reason}: ${progress}`);
      }
      await page.close();
    }
  },
);

e2eTest("purchase: without a session the return page says so in place and the form repeats it", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const missing = await browser.open("/payment-processing");
  await missing.locator("[data-payment-failure=session]").waitFor();
  assertEquals((await toastText(missing)).split("\n").filter(Boolean).slice(0, 2), [
    "Processing Error",
    "Invalid payment session. Please try again.",
  ]);
  await missing.waitForURL(browser.origin + "/order");
  assert(
    (await missing.locator("[data-payment-notice=failed]").innerText()).includes("Invalid payment session."),
  );
});

e2eTest(
  "purchase: cancelling on the checkout page comes back to the filled form: nothing was charged",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    for (const width of [1280, 390]) {
      await using browser = await openBrowser(t, { width });
      const page = await browser.open("/order");
      await fillOrder(page, { childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" });
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await page.waitForURL(/\/checkout\/local\//);
      // The local checkout stands for Stripe's page; it is checked like ours (its own <main>).
      const checkout = await browser.open(new URL(page.url()).pathname);
      await checkout.close();
      await page.getByRole("link", { name: /Cancel and return/ }).click();

      await page.waitForURL(browser.origin + "/order");
      const notice = page.locator("[data-payment-notice=cancelled]");
      await notice.waitFor();
      assertEquals(await notice.getAttribute("role"), "status");
      assert((await notice.innerText()).includes("Payment cancelled — nothing was charged"));
      assertEquals(await page.locator('[name="childName"]').inputValue(), "Mia");
      await browser.screenshot(page, `order-after-cancel-${width}`);
      assertEquals(browser.problems, []);
    }
    assertEquals(await countOrders(t.kv, "all"), 0);
  },
);

e2eTest(
  "purchase: a gift for a chosen morning is paid on the local checkout and the order keeps the day and zone",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    // The server's clock is the browser's, so the 24-hour rule reads the same on both sides.
    t.clock.advance(Date.now() - t.clock.now());
    await using browser = await openBrowser(t, { width: 390, height: 844, timezoneId: "Europe/London" });
    const page = await browser.open("/order");
    await fillOrder(page, { childName: "Mia", parentName: "Sam Parent", parentEmail: "sam@example.com" });
    await page.locator('[name="isGift"]').check();
    await fillOrder(page, {
      giftRecipientName: "Grandma Jo",
      giftRecipientEmail: "jo@example.com",
      giftMessage: "Happy birthday, little star!",
    });
    const day = toLocalInput(Date.now() + 21 * 24 * 60 * 60 * 1000, "Europe/London").slice(0, 10);
    const at = new Date(instantOf(`${day}T07:30`, "Europe/London")!).toISOString();
    const words = describeDeliveryTime({ at, timeZone: "Europe/London" }, Date.now());
    await page.getByLabel("On a day I choose").check();
    await fillOrder(page, { deliveryDate: day, deliveryTime: "07:30" });
    assertEquals(
      await page.locator("[data-delivery-summary]").textContent(),
      `The song will reach Grandma Jo on ${words}.`,
      "a gift's day is the recipient's",
    );
    await page.getByRole("button", { name: "Create Your Song" }).click();

    await page.waitForURL(/\/checkout\/local\/cs_local_/);
    await page.getByRole("button", { name: "Pay $24.99" }).click();
    await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}\?name=Mia$/);
    await page.getByRole("heading", { name: "Magic in Progress!" }).waitFor();

    const order = await getOrder(t.kv, new URL(page.url()).pathname.split("/").at(-1)!);
    assertEquals(order?.requestedDelivery, { at, timeZone: "Europe/London" });
    assertEquals([order?.isGift, order?.giftRecipientEmail], [true, "jo@example.com"]);
    assertEquals(browser.problems, []);
  },
);
