import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

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
