import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Page } from "playwright-core";
import { type Order, orderFormSchema } from "../../domain/order/orders.ts";
import { FAILURE_WORDS } from "../../domain/order/parent_words.ts";
import { REFUND_WORDS } from "../../islands/order_processing/page_words.ts";
import { updateOrder } from "../../kv/orders.ts";
import { createDemoOrder } from "../../orders/demo_order.ts";
import { orderForm } from "../integration/orders/helpers.ts";
import { createTestApp, e2eTest, openBrowser, openSignedInBrowser, type TestApp } from "../helpers.ts";

e2eTest("order processing: an order that does not exist is said so, with the ways on", async () => {
  await using t = await createTestApp();
  for (const width of [1280, 390]) {
    await using browser = await openBrowser(t, { width });
    const page = await browser.open(`/order-processing/${crypto.randomUUID()}?name=Zed`);
    assert(await page.getByRole("heading", { level: 1, name: "We can't find this order" }).isVisible());
    assertEquals(await page.getByText("Magic in Progress").count(), 0);
    assertEquals(
      await page.getByText("Zed", { exact: true }).count(),
      0,
      "no song is being crafted for anyone",
    );
    assertEquals(await page.getByText("for Zed").count(), 0);
    assertEquals(await page.getByRole("link", { name: "Go to My Songs" }).getAttribute("href"), "/my-songs");
    assertEquals(await page.getByRole("link", { name: "Create a Song" }).getAttribute("href"), "/order");
    await browser.screenshot(page, `order-processing-unknown-${width}`);
    assertEquals(browser.problems.filter((problem) => !problem.includes("404")), []);
  }
});

e2eTest("order processing: a family who chose a day is told the day, not the usual 24 hours", async () => {
  await using t = await createTestApp();
  const form = orderFormSchema.parse(
    orderForm({
      parentEmail: "sam@example.com",
      deliveryAt: "2026-03-14T08:00",
      deliveryTimeZone: "Europe/London",
    }),
  );
  const order = await createDemoOrder(t.deps, form, "someone-else");
  for (const width of [1280, 390]) {
    const { browser } = await openSignedInBrowser(t, "sam@example.com", { width });
    await using _browser = browser;
    const page = await browser.open(`/order-processing/${order.id}?name=Mia`);
    await page.getByText("On Saturday 14 March, 8:00 in London, you will receive an email").waitFor();
    assertEquals(await page.getByText("within 24 hours").count(), 0);
    await browser.screenshot(page, `order-processing-dated-${width}`);
    assertEquals(browser.problems, []);
  }
});

/** A gift booked for a later day, placed as a demo order on the test's clock (15 January 2026). */
async function giftForADay(t: TestApp): Promise<Order> {
  const form = orderFormSchema.parse(
    orderForm({
      childName: "Mia Rose",
      parentEmail: "sam@example.com",
      isGift: true,
      giftRecipientName: "Grandma Jo",
      giftRecipientEmail: "jo@example.com",
      deliveryAt: "2026-03-14T08:00",
      deliveryTimeZone: "Europe/London",
    }),
  );
  return await createDemoOrder(t.deps, form, "someone-else");
}

/** The order as staff and the worker leave it at a stage, written straight to the store. */
async function atStage(t: TestApp, order: Order, stage: "in-review" | "scheduled" | "delivered" | "failed") {
  const at = new Date(t.clock.now()).toISOString();
  const made: Partial<Order> = {
    status: "completed",
    currentStage: null,
    songTitle: "Mia Shines",
    songUrl: `${t.config.appUrl}/audio/song.mp3`,
    completedAt: at,
  };
  const approved: Partial<Order> = {
    ...made,
    approvalStatus: "approved",
    approvedAt: at,
    approvedBy: "boss@example.com",
    deliveryScheduledFor: "2026-03-14T08:00:00.000Z",
    emailScheduledFor: "2026-03-14T08:00:00.000Z",
  };
  const changes: Record<typeof stage, Partial<Order>> = {
    "in-review": made,
    scheduled: approved,
    delivered: { ...approved, emailSentAt: at, emailSendCount: 1 },
    failed: { status: "failed", error: "Suno said 500", failureEmailSent: true, failureEmailDueAt: null },
  };
  return (await updateOrder(t.kv, order.id, (current) => ({ ...current, ...changes[stage] })))!;
}

const stageOf = (page: Page) => page.locator("[data-order-stage]");

e2eTest(
  "order processing: the page tells the truth at every stage, with the order number, signed out",
  async () => {
    await using t = await createTestApp();
    const order = await giftForADay(t);
    await using browser = await openBrowser(t, { width: 390 });
    // The page's own clock, so the test can bring its next poll (every 5 s) at once.
    await browser.context.clock.install();
    const page = await browser.open(`/order-processing/${order.id}?name=Mia`);

    // Being made, for a day the family chose: the day, in the zone it was chosen in, from the first paint.
    await page.getByRole("heading", { level: 1, name: "Magic in Progress!" }).waitFor();
    assert(await page.getByText(`Order #${order.orderNumber}`).isVisible());
    await page.getByText("On Saturday 14 March, 8:00 in London, you will receive an email").waitFor();
    assertEquals(await page.getByText("within 24 hours").count(), 0);

    // The page follows the order while it is open.
    await atStage(t, order, "in-review");
    await page.clock.runFor(5000);
    await page.getByRole("heading", { level: 1, name: "Almost Ready!" }).waitFor();
    assertStringIncludes((await stageOf(page).textContent())!, "In final review");
    await page.getByText("Arrives Saturday 14 March, 8:00 in London").waitFor();
    await page.getByText("Our studio team is giving Mia's song a final listen").waitFor();

    await atStage(t, order, "scheduled");
    await page.clock.runFor(5000);
    await page.getByRole("heading", { level: 1, name: "Approved and On Its Way!" }).waitFor();
    await page.getByText("Arrives Saturday 14 March, 8:00 in London").waitFor();
    assertEquals(await page.getByText("within 24 hours").count(), 0);

    await atStage(t, order, "delivered");
    await page.clock.runFor(5000);
    await page.getByRole("heading", { level: 1, name: "Your Song Has Arrived!" }).waitFor();
    assertEquals(
      await page.getByRole("link", { name: "Hear the Song" }).getAttribute("href"),
      `/unboxing/${order.id}`,
    );
    assertEquals(await page.getByText("Arrives").count(), 0, "the day no longer matters once it has arrived");
    await browser.screenshot(page, "order-processing-delivered-390");

    // Opened afresh after delivery (the confirmation email's button, weeks later): the song, at once.
    const later = await browser.open(`/order-processing/${order.id}`);
    await later.getByRole("heading", { level: 1, name: "Your Song Has Arrived!" }).waitFor();
    assert(await later.getByText(`Order #${order.orderNumber}`).isVisible());
    assertEquals(browser.problems, []);
  },
);

e2eTest("order processing: a failed song is said plainly, with the way to try again", async () => {
  await using t = await createTestApp();
  const order = await atStage(t, await giftForADay(t), "failed");
  await using browser = await openBrowser(t);
  const page = await browser.open(`/order-processing/${order.id}?name=Mia`);
  await page.getByRole("heading", { level: 1, name: "We Hit a Snag" }).waitFor();
  assert(await page.getByText(FAILURE_WORDS).isVisible());
  assertEquals(await page.getByText("Suno").count(), 0, "the provider's words are staff's");
  assertEquals(await page.getByText("Magic in Progress").count(), 0);
  assertEquals(
    await page.getByRole("link", { name: "Try Again in My Songs" }).getAttribute("href"),
    "/my-songs",
  );
  assertEquals(browser.problems, []);
});

e2eTest(
  "order processing: the owner signed in also reads that their payment was refunded; others do not",
  async () => {
    await using t = await createTestApp();
    const order = await giftForADay(t);
    await updateOrder(t.kv, order.id, (current) => ({
      ...current,
      refund: {
        refundId: "re_1",
        amount: 2499,
        refundedAt: current.createdAt,
        refundedBy: "boss@example.com",
      },
    }));
    const { browser } = await openSignedInBrowser(t, "sam@example.com");
    await using _browser = browser;
    const page = await browser.open(`/order-processing/${order.id}?name=Mia`);
    await page.getByText(REFUND_WORDS).waitFor();
    await using stranger = await openBrowser(t);
    const other = await stranger.open(`/order-processing/${order.id}?name=Mia`);
    await other.getByRole("heading", { level: 1, name: "Magic in Progress!" }).waitFor();
    await other.locator("html[data-islands-ready]").waitFor();
    assertEquals(await other.getByText("refunded").count(), 0, "payment is the owner's business");
    assertEquals(browser.problems, []);
  },
);
