import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import {
  createTestApp,
  e2eTest,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
  type TestApp,
} from "../../helpers.ts";
import { completedOrder } from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";

const ADMIN = "boss@example.com";
const CUSTOMER = "parent@example.com";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Staff-side §9: the order list refreshes itself this often. */
const LIST_REFRESH_MS = 10_000;

/** First names for the filler orders that make the list longer than one page. */
const NAMES = [
  "Ava",
  "Ben",
  "Cleo",
  "Dan",
  "Eli",
  "Finn",
  "Gia",
  "Hugo",
  "Ivy",
  "Jude",
  "Kai",
  "Lola",
  "Milo",
  "Nora",
  "Otis",
  "Pia",
  "Quin",
  "Remy",
  "Sol",
]; // 19

/** No job queue: the orders are written as the pipeline leaves them, and only staff act on them. */
async function adminApp() {
  return await createTestApp({ env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl(), JOB_QUEUE: "off" } });
}

async function signedInBrowser(t: TestApp, email: string, size: { width: number; height: number }) {
  const { browser } = await openSignedInBrowser(t, email, size);
  // The browser's clock is the app's, so the send countdown reads as the server schedules it; and
  // the page's own timers (the list's refresh) are the test's to run.
  await browser.context.clock.install({ time: t.clock.now() });
  return browser;
}

interface Seeded {
  zelda: Order;
  streaming: Order;
  delivered: Order;
  failed: Order;
  generating: Order;
  fillers: Order[];
  all: Order[];
}

/**
 * 24 orders, written in the store as the pipeline leaves them: 19 fillers and Zelda waiting for
 * review (Zelda with the streaming add-on's sibling), one delivered, one failed, one still in its
 * lyrics step (no worker runs). Placed one after the other so their numbers follow the placing order.
 */
async function seed(t: TestApp): Promise<Seeded> {
  const fillers: Order[] = [];
  for (const name of NAMES) {
    fillers.push(await completedOrder(t, { childName: name, parentEmail: "fam@example.com" }));
  }
  const zelda = await completedOrder(t, {
    childName: "Zelda Quinn",
    parentName: "Harriet Moss",
    parentEmail: "harriet@example.com",
  });
  const streaming = await completedOrder(t, {
    childName: "Star",
    parentEmail: "star@example.com",
    addStreamingServices: true,
    streamingArtistName: "Little Star",
  });
  const fay = await completedOrder(t, { childName: "Fay", parentEmail: "fay@example.com" });
  const failed = (await updateOrder(t.kv, fay.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "SUNO_CREATE",
    failureType: "suno",
    error: "The music service refused the request.",
    lastErrorCode: 503,
  })))!;
  const dora = await completedOrder(t, { childName: "Dora", parentEmail: "dora@example.com" });
  const sent = new Date(t.clock.now()).toISOString();
  const delivered = (await updateOrder(t.kv, dora.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    approvedAt: sent,
    approvedBy: "admin@example.com",
    deliveryScheduledFor: sent,
    emailScheduledFor: sent,
    emailSentAt: sent,
    emailSendCount: 1,
  })))!;
  // Placed and not taken up: generating, at its first step (Lyrics Generation).
  const generating = await placeOrder(t, { childName: "Gus", parentEmail: "gus@example.com" });
  // Orders are stamped on the system clock: the app's clock moves past them, so staff's calls answer
  // with a newer order than the seeding wrote, as in a running studio.
  t.clock.set(Date.now() + 60_000);
  return {
    zelda,
    streaming,
    delivered,
    failed,
    generating,
    fillers,
    all: [...fillers, zelda, streaming, failed, delivered, generating],
  };
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({ hasText: title });
  await toast.waitFor();
  assertEquals(await toast.locator("p").first().textContent(), title);
  if (description) assertEquals(await toast.locator("p").nth(1).textContent(), description);
}

const count = async (page: Page, filter: string) =>
  Number(await page.locator(`[data-count=${filter}]:visible`).textContent());

const showing = (page: Page) => page.getByRole("navigation", { name: "Pagination" }).locator("p");

const row = (page: Page, order: Order) => page.locator(`tr[data-order-id="${order.id}"]`);

async function search(page: Page, text: string) {
  await page.getByLabel("Search orders by order number, child, parent name or email").fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === (text.trim() || null));
}

e2eTest("admin dashboard: visitors and customers are sent to the landing page", async () => {
  await using t = await adminApp();
  {
    await using browser = await openBrowser(t);
    const page = await browser.open("/admin/orders");
    assertEquals(new URL(page.url()).pathname, "/");
    assertEquals(browser.problems, []);
  }
  await using browser = await signedInBrowser(t, CUSTOMER, DESKTOP);
  const page = await browser.open("/admin/orders");
  assertEquals(new URL(page.url()).pathname, "/");
  assertEquals(browser.problems, []);
});

e2eTest(
  "admin dashboard (desktop): counts, search, filters, pages, approve, send, copy, detail, regenerate",
  async () => {
    await using t = await adminApp();
    const seeded = await seed(t);
    await using browser = await signedInBrowser(t, ADMIN, DESKTOP);
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.origin });
    const page = await browser.open("/admin/orders");

    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    const topTabs = page.getByRole("tablist", { name: "Admin sections" });
    assertEquals(await topTabs.getByRole("tab").allTextContents(), [
      "Order Management",
      "Referral Codes",
      "Staff Activity",
    ]);

    // The header buttons open the other engineers' dialogs; the top tabs switch to the referral codes.
    await page.getByRole("button", { name: "Create Order" }).click();
    await page.getByRole("dialog", { name: "Create Manual Order" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Admin Settings" }).click();
    await page.getByRole("dialog", { name: "Admin Settings - Song Generation Prompts" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await topTabs.getByRole("tab", { name: "Referral Codes" }).click();
    await page.getByRole("tabpanel", { name: "Referral Codes" }).getByText("No referral codes created yet")
      .waitFor();
    assertEquals(await page.locator("table").count(), 1, "the order table is hidden, not gone");
    await page.keyboard.press("ArrowLeft");
    assertEquals(
      await topTabs.getByRole("tab", { name: "Order Management" }).getAttribute("aria-selected"),
      "true",
    );
    await page.getByRole("tabpanel", { name: "Order Management" }).waitFor();

    // Counts from the list answer: 24 in all, 21 waiting for review (fillers, Zelda, Star), 1 sent,
    // Gus's song being made and Fay's failed.
    assertEquals(await count(page, "all"), 24);
    assertEquals(await count(page, "review"), 21);
    assertEquals(await count(page, "approved"), 0);
    assertEquals(await count(page, "sent"), 1);
    assertEquals(await count(page, "in-progress"), 1);
    assertEquals(await count(page, "failed"), 1);

    // The table: 20 newest first, the spec's columns after the bulk actions' tick boxes (issue 23),
    // statuses as staff read them.
    const table = page.getByRole("table");
    assertEquals(
      await table.getByRole("columnheader").allTextContents(),
      ["", "Order #", "Child", "Email", "Streaming", "Status", "Date", "Actions"],
    );
    await table.getByRole("columnheader").first().getByRole("checkbox", {
      name: "Select all orders on this page",
    }).waitFor();
    assertEquals(await table.locator("tbody tr").count(), 20);
    assertEquals(await showing(page).textContent(), "Showing 1 to 20 of 24 orders");
    const newest = [...seeded.all].sort((a, b) => b.orderNumber - a.orderNumber);
    assertEquals(
      await table.locator("tbody tr").first().getAttribute("data-order-id"),
      newest[0].id,
      "newest first",
    );
    assertEquals(
      await row(page, seeded.generating).locator("[data-status]").innerText(),
      "Generating\nLyrics Generation",
    );
    assertMatch(
      await row(page, seeded.failed).locator("[data-status]").innerText(),
      /Failed\s+Suno · Song Creation/,
    );
    assertMatch(
      await row(page, seeded.zelda).locator("[data-status]").innerText(),
      /Completed\s+Pending Review/,
    );
    assertMatch(await row(page, seeded.delivered).locator("[data-status]").innerText(), /Approved/);
    // The button rules: regenerating lyrics waits while generating; failed orders offer Error Details.
    const heldLyrics = row(page, seeded.generating).getByRole("button", { name: /Regenerate Lyrics/ });
    assert(await heldLyrics.isDisabled());
    assertEquals(await heldLyrics.getAttribute("title"), "Cannot regenerate lyrics while processing");
    assert(await row(page, seeded.failed).getByRole("button", { name: "Error Details" }).isVisible());
    assertEquals(await row(page, seeded.zelda).getByRole("button", { name: "Send Now" }).count(), 0);
    await browser.screenshot(page, "admin-dashboard-desktop");

    // Paging: the second page, kept in the address and through a reload.
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    assertEquals(await pagination.getByRole("link", { name: /^Page \d+$/ }).allTextContents(), ["1", "2"]);
    await pagination.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/\?page=2$/);
    await showing(page).filter({ hasText: "Showing 21 to 24 of 24 orders" }).waitFor();
    assertEquals(await table.locator("tbody tr").count(), 4);
    assertEquals(await pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current"), "page");
    await page.reload();
    await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
    assertEquals(await showing(page).textContent(), "Showing 21 to 24 of 24 orders");
    await pagination.getByRole("link", { name: "Previous" }).click();
    await showing(page).filter({ hasText: "Showing 1 to 20 of 24 orders" }).waitFor();

    // Search by child name, then by order number; the counts follow the search.
    assertEquals(await page.getByRole("button", { name: "Reset Filters" }).count(), 0);
    await search(page, "zelda");
    await showing(page).filter({ hasText: "Showing 1 to 1 of 1 orders" }).waitFor();
    assertEquals(await table.locator("tbody tr").count(), 1);
    assert(await row(page, seeded.zelda).isVisible());
    assertEquals(await count(page, "all"), 1);
    assertEquals(await count(page, "sent"), 0);
    await search(page, `#${seeded.fillers[3].orderNumber}`);
    await row(page, seeded.fillers[3]).waitFor();
    assertEquals(await table.locator("tbody tr").count(), 1);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page).filter({ hasText: "of 24 orders" }).waitFor();
    assertEquals(
      await page.getByLabel("Search orders by order number, child, parent name or email").inputValue(),
      "",
    );
    assertEquals(new URL(page.url()).search, "");

    // Filters: Sent holds the delivered song; arrow keys move along the tabs.
    const filters = page.getByRole("tablist", { name: "Filter orders" });
    await filters.getByRole("tab", { name: /Sent/ }).click();
    await page.waitForURL(/filter=sent/);
    await showing(page).filter({ hasText: "Showing 1 to 1 of 1 orders" }).waitFor();
    assert(await row(page, seeded.delivered).isVisible());
    assert(await row(page, seeded.delivered).getByRole("button", { name: "Resend" }).isVisible());
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(/filter=approved/);
    assertEquals(await filters.getByRole("tab", { name: /Approved/ }).getAttribute("aria-selected"), "true");
    await page.getByText("No orders found matching your criteria.").waitFor();
    await page.keyboard.press("Home");
    await page.waitForURL((url) => url.search === "");
    await showing(page).filter({ hasText: "of 24 orders" }).waitFor();

    // Approve: the toast with the server's message, then the countdown and Send Now.
    const zelda = row(page, seeded.zelda);
    await zelda.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Song approved!", "The song will be delivered in 12 hours.");
    await zelda.getByRole("button", { name: "Send Now" }).waitFor();
    assertMatch(await zelda.locator("[data-countdown]").textContent() ?? "", /^Sends in (12h 0m|11h 59m)$/);
    assertEquals(await count(page, "approved"), 1);

    // Send Now asks first; the mail reaches the (dev) mailbox.
    await zelda.getByRole("button", { name: "Send Now" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Send Song" });
    await confirm.waitFor();
    assert((await confirm.textContent())!.includes("harriet@example.com"));
    await browser.screenshot(page, "admin-dashboard-confirm-send-viewport");
    await confirm.getByRole("button", { name: "Send Now" }).click();
    await expectToast(page, "Email sent!");
    await confirm.waitFor({ state: "detached" });
    assert((await listDevMail(t.kv)).some((mail) => mail.to === "harriet@example.com"));
    await zelda.getByRole("button", { name: "Resend" }).waitFor();
    assertEquals(await count(page, "sent"), 2);

    // Copy lyrics.
    const filler = seeded.fillers[18];
    await row(page, filler).getByRole("button", { name: "Copy lyrics" }).click();
    await expectToast(page, "Lyrics copied");
    assertEquals(await page.evaluate(() => navigator.clipboard.readText()), filler.songLyrics);

    // Streaming status for the add-on order.
    const select = row(page, seeded.streaming).getByLabel(
      `Streaming status of order #${seeded.streaming.orderNumber}`,
    );
    assertEquals(await select.inputValue(), "not uploaded");
    assertEquals(await row(page, filler).getByRole("combobox").count(), 0, "no add-on, no select");
    await select.selectOption("processing");
    await expectToast(page, "Status updated");
    assertEquals((await getOrder(t.kv, seeded.streaming.id))?.streamingStatus, "processing");

    // A click on the row (not on its buttons) opens the Order Detail dialog.
    await row(page, seeded.streaming).getByText("star@example.com").click();
    const detail = page.getByRole("dialog", { name: `Order #${seeded.streaming.orderNumber}` });
    await detail.waitFor();
    const detailTabs = detail.getByRole("tablist", { name: "Order details" });
    assertEquals(await detailTabs.getByRole("tab").allTextContents(), [
      "Details",
      "Child Info",
      "Song Info",
      "Technical",
    ]);
    const field = (label: string) => detail.locator(`[data-field="${label}"] dd`);
    assertEquals(await field("Base Price").textContent(), "$24.99");
    assertEquals(await field("Streaming Price").textContent(), "$10.00");
    assertEquals(await field("Total Price").textContent(), "$34.99");
    assertEquals(await field("Streaming Status").textContent(), "processing");
    assertEquals(await field("Artist Name").textContent(), "Little Star");
    await browser.screenshot(page, "admin-dashboard-detail-viewport");

    // Editing the parent email: the spec's validation, then the change.
    await detail.getByRole("button", { name: "Edit parent email" }).click();
    const emailInput = detail.getByLabel("New parent email");
    await emailInput.fill("not an email");
    await detail.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid email", "Please enter a valid email address");
    assertEquals(await emailInput.getAttribute("aria-invalid"), "true");
    await emailInput.fill("new.star@example.com");
    await detail.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Email updated");
    await detail.getByRole("button", { name: "Edit parent email" }).waitFor();
    assertEquals((await getOrder(t.kv, seeded.streaming.id))?.parentEmail, "new.star@example.com");
    assert((await field("Parent Email").textContent())!.includes("new.star@example.com"));

    // The tabs, by keyboard.
    await detailTabs.getByRole("tab", { name: "Details" }).focus();
    await page.keyboard.press("ArrowRight");
    assertEquals(
      await detailTabs.getByRole("tab", { name: "Child Info" }).getAttribute("aria-selected"),
      "true",
    );
    assertEquals(await field("Child Name").textContent(), "Star");
    await page.keyboard.press("ArrowRight");
    assertEquals(await field("Song Title").textContent(), seeded.streaming.songTitle);
    await page.keyboard.press("ArrowRight");
    await detail.getByRole("heading", { name: "Debug Logs" }).waitFor();
    assertEquals(await field("Order ID").textContent(), seeded.streaming.id);
    await detail.getByRole("heading", { name: "Lyrics History" }).waitFor();
    await detail.getByText("The lyrics were never regenerated.").waitFor();
    await browser.screenshot(page, "admin-dashboard-detail-technical-viewport");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // Regenerate (order) asks first.
    const regenerate = row(page, filler).getByRole("button", { name: "Regenerate", exact: true });
    await regenerate.click();
    const ask = page.getByRole("dialog", { name: "Regenerate Song" });
    await ask.waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    await regenerate.click();
    await ask.getByRole("button", { name: "Regenerate" }).click();
    await expectToast(page, "Regeneration started");
    await ask.waitFor({ state: "detached" });
    assert((await getOrder(t.kv, filler.id))!.regenerationCount >= 1);

    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "admin dashboard (phone): cards, approve from a card, detail, and the list refreshing by itself",
  async () => {
    await using t = await adminApp();
    const seeded = await seed(t);
    await using browser = await signedInBrowser(t, ADMIN, PHONE);
    const page = await browser.open("/admin/orders");

    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    assertEquals(await page.getByRole("table").isVisible(), false, "cards, not a table, on a phone");
    const cards = page.getByRole("list", { name: "Orders" });
    assertEquals(await cards.getByRole("article").count(), 20);
    assertEquals(await count(page, "all"), 24);
    assert(
      await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
      "nothing wider than the phone",
    );
    await browser.screenshot(page, "admin-dashboard-phone");
    await browser.screenshot(page, "admin-dashboard-phone-viewport");

    const zelda = page.getByRole("article", { name: `Order #${seeded.zelda.orderNumber}` });
    const approve = zelda.getByRole("button", { name: "Approve" });
    const box = await approve.boundingBox();
    assert(box && box.height >= 44, `touch target ${box?.height}px`);
    await approve.click();
    await expectToast(page, "Song approved!", "The song will be delivered in 12 hours.");
    await zelda.locator("[data-countdown]").waitFor();
    await browser.screenshot(page, "admin-dashboard-phone-cards-viewport");

    await zelda.getByText("harriet@example.com").click();
    const detail = page.getByRole("dialog", { name: `Order #${seeded.zelda.orderNumber}` });
    await detail.waitFor();
    assertEquals(await detail.locator('[data-field="Parent Name"] dd').textContent(), "Harriet Moss");
    assertEquals(await detail.locator('[data-field="Approval"] dd').textContent(), "Approved");
    await browser.screenshot(page, "admin-dashboard-phone-detail-viewport");
    await detail.getByRole("button", { name: "Edit parent email" }).click();
    await detail.getByLabel("New parent email").fill("harriet.moss@example.com");
    await detail.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Email updated");
    assertEquals((await getOrder(t.kv, seeded.zelda.id))?.parentEmail, "harriet.moss@example.com");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // The list refreshes every 10 s by itself, keeping an open dialog open and showing it the fresh order.
    const sol = seeded.fillers[18];
    const solCard = page.getByRole("article", { name: `Order #${sol.orderNumber}` });
    await solCard.getByRole("button", { name: `Order #${sol.orderNumber} details` }).click();
    const solDetail = page.getByRole("dialog", { name: `Order #${sol.orderNumber}` });
    await solDetail.waitFor();
    t.clock.advance(60_000);
    await updateOrder(t.kv, sol.id, (order) => ({
      ...order,
      childName: "Rowan Renamed",
      updatedAt: new Date(t.clock.now()).toISOString(),
    }));
    await page.clock.runFor(LIST_REFRESH_MS);
    await solDetail.getByText("Rowan Renamed's song · Completed").waitFor();
    await solDetail.getByRole("button", { name: "Close" }).click();
    await solDetail.waitFor({ state: "detached" });
    // The same refresh brought the card its new name.
    assertEquals(await solCard.getByText("Rowan Renamed", { exact: true }).count(), 1);

    assertEquals(browser.problems, []);
  },
);
