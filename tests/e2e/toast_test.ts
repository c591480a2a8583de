import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

e2eTest("toast: an empty login shows 'Email required', which the close button dismisses", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/login");

  await page.getByRole("button", { name: "Send Magic Link" }).click();
  const toast = page.getByRole("alert");
  await toast.waitFor();
  assertEquals(await toast.locator("p").first().textContent(), "Email required");
  assert(await toast.getByText("Please enter your email address.").isVisible());
  // Styled and on screen: its classes exist only in the browser, so the CSS must safelist them.
  assertEquals(await toast.evaluate((el) => getComputedStyle(el).backgroundColor), "rgb(220, 38, 38)");
  const box = (await toast.boundingBox())!;
  assert(box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280, JSON.stringify(box));
  await browser.screenshot(page, "toast-login-viewport");
  // A showing toast is part of the page: its roles must be allowed where they sit.

  await toast.getByRole("button", { name: "Close notification" }).click();
  await toast.waitFor({ state: "hidden" });
  assertEquals(browser.problems, []);
});

e2eTest("toast: F8 focuses the notifications and a 50 px swipe right dismisses", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/login");

  await page.getByRole("button", { name: "Send Magic Link" }).click();
  const toast = page.getByRole("alert");
  await toast.waitFor();

  await page.keyboard.press("F8");
  assertEquals(await page.evaluate(() => document.activeElement?.hasAttribute("data-toast-viewport")), true);

  // A short drag springs back; a drag past the threshold dismisses.
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, y, { steps: 3 });
  await page.mouse.up();
  assert(await toast.isVisible());
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, y, { steps: 5 });
  await page.mouse.up();
  await toast.waitFor({ state: "hidden" });
  assertEquals(browser.problems, []);
});

e2eTest("toast: only one is shown at a time", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/login");
  const send = page.getByRole("button", { name: "Send Magic Link" });
  await send.click();
  await send.click();
  await send.click();
  assertEquals(await page.locator("[data-toast-viewport] > [data-state]").count(), 1);
});
