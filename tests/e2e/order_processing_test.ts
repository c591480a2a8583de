import { assert, assertEquals } from "@std/assert";
import { orderFormSchema } from "../../domain/orders.ts";
import { createDemoOrder } from "../../orders/demo_order.ts";
import { orderForm } from "../integration/orders/helpers.ts";
import { createTestApp, e2eTest, openBrowser, openSignedInBrowser } from "../helpers.ts";

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
