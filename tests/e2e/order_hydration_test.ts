import { codeImported } from "./code_requests.ts";
import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { type BuildManifest, manifestPath } from "../../routes/assets.ts";
import {
  createTestApp,
  e2eTest,
  holdIslandCode,
  openBrowser,
  openSignedInBrowser,
  recordBrowserAnalytics,
  type TestBrowser,
} from "../helpers.ts";
import { afterIdle } from "./page_waits.ts";

/**
 * Issue 24: /order is plain HTML until the parent first touches the form (islands/mod.ts), so the
 * page loads no React at first; it hydrates at once only when the browser holds something the form
 * restores (islands/order/restores.ts). "Order Started" is counted either way, and focus that moved
 * before hydration is heard after it.
 */
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }] as const;

const manifest: BuildManifest = JSON.parse(Deno.readTextFileSync(manifestPath()));
const orderFormCode = new Set(
  [manifest.islands.OrderForm.src, ...manifest.islands.OrderForm.preload]
    .filter((file) => !manifest.boot.preload.includes(file)),
);

const formMarker = 'lh-island[data-island="OrderForm"]';
const isHydrated = (page: Page) => page.locator(`${formMarker}[data-hydrated]`).count().then((n) => n === 1);
const waitForHydrated = (page: Page) =>
  page.waitForSelector(`${formMarker}[data-hydrated]`, { state: "attached" });

/** The form's code the page imported to run; it may have prefetched all of it once its first view was shown. */
const formCodeRun = (page: Page) => codeImported(page, [...orderFormCode]);

async function openOrder(browser: TestBrowser, path = "/order"): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(browser.origin + path, { waitUntil: "load" });
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  return page;
}

for (const viewport of VIEWPORTS) {
  e2eTest(`order hydration (${viewport.width} px): plain until the first touch, then live`, async () => {
    await using t = await createTestApp({ env: { APP_ENV: "development" } });
    await using browser = await openBrowser(t, viewport);
    const events = await recordBrowserAnalytics(browser);
    const page = await openOrder(browser);
    // Anything the boot would wrongly start at load has run by then.
    await afterIdle(page);

    assertEquals(await formCodeRun(page), [], "no form code and no React run before a touch");
    assertEquals(await isHydrated(page), false);
    assertEquals(events.map((entry) => entry.event), ["Order Started"], "the opening is counted at once");
    await browser.screenshot(page, `order-plain-${viewport.width}`);

    await page.getByLabel("Child's name").fill("Mia");
    await waitForHydrated(page);
    assert((await formCodeRun(page)).includes(manifest.islands.OrderForm.src));
    // Live: the add-on changes the total, which only the form's code does.
    await page.getByLabel("Put the song on streaming platforms").check();
    await page.locator("[data-total] dd", { hasText: "$34.99" }).waitFor();
    assertEquals(await page.getByLabel("Child's name").inputValue(), "Mia");
    assertEquals(events.filter((entry) => entry.event === "Order Started").length, 1);
    assertEquals(browser.problems, [], "no console errors and no hydration mismatch");
  });
}

e2eTest("order hydration: at once when there is something to restore, and not otherwise", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);

  // A draft from this tab's earlier visit is on screen without a touch.
  const first = await openOrder(browser);
  await first.evaluate(() =>
    sessionStorage.setItem("orderFormDraft", JSON.stringify({ childName: "Leo", songGenre: "rock" }))
  );
  await first.reload({ waitUntil: "load" });
  await waitForHydrated(first);
  await first.waitForFunction(() =>
    document.querySelector<HTMLInputElement>('[name="childName"]')?.value === "Leo"
  );

  // A referral link: its code is judged and its offer shown without a touch.
  const referred = await openOrder(browser, "/order?ref=bad%20code!");
  await waitForHydrated(referred);
  await referred.getByText("Invalid Referral Code").first().waitFor();

  // A fresh tab with nothing kept waits for its touch.
  await using fresh = await openBrowser(t);
  const plain = await openOrder(fresh);
  await afterIdle(plain);
  assertEquals(await isHydrated(plain), false);
  assertEquals(await formCodeRun(plain), []);
  assertEquals([...browser.problems, ...fresh.problems], []);
});

for (const viewport of VIEWPORTS) {
  e2eTest(`order hydration (${viewport.width} px): a signed-in parent's form is live at once`, async () => {
    await using t = await createTestApp();
    const { browser } = await openSignedInBrowser(t, "sam@example.com", viewport);
    await using _browser = browser;
    const page = await openOrder(browser);
    await waitForHydrated(page);
    assertEquals(await page.getByLabel("Your email").inputValue(), "sam@example.com");
    await browser.screenshot(page, `order-signed-in-${viewport.width}`);
    assertEquals(browser.problems, []);
  });
}

e2eTest(
  "order hydration: fields visited before the form's code arrives are counted after, in order",
  async () => {
    await using t = await createTestApp({ env: { APP_ENV: "development" } });
    await using browser = await openBrowser(t);
    const events = await recordBrowserAnalytics(browser);
    const release = await holdIslandCode(browser, "OrderForm");
    const page = await browser.context.newPage();
    await page.goto(browser.origin + "/order", { waitUntil: "domcontentloaded" });

    await page.getByLabel("Child's name").fill("Mia");
    await page.getByLabel("Your name").fill("Sam Parent");
    await page.getByLabel("Your email").fill("sam@example.com");
    await page.getByLabel("Favorite color").focus();
    assertEquals(await isHydrated(page), false, "all of it before hydration");

    release();
    await waitForHydrated(page);
    const fields = (name: string) =>
      events.filter((entry) => entry.event === name).map((entry) => entry.properties.field);
    // The replayed focus events are logged right after hydration; the console brings them here a little later.
    while (fields("Form Field Focused").length < 4) await browser.context.waitForEvent("console");
    assertEquals(fields("Form Field Focused"), ["childName", "parentName", "parentEmail", "favoriteColor"]);
    assertEquals(fields("Form Field Completed"), ["childName", "parentName", "parentEmail"]);
    const completed = events.filter((entry) => entry.event === "Form Field Completed");
    assertEquals(completed.at(-1)!.properties.completeness, 23, "3 of 13 tracked fields, as typed");
    assertEquals(browser.problems, []);
  },
);

e2eTest("order hydration: a held focus reaches the island only through its replay", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const release = await holdIslandCode(browser, "OrderForm");
  const page = await browser.context.newPage();
  await page.goto(browser.origin + "/order", { waitUntil: "domcontentloaded" });
  // Listening inside the island, as React does from the moment it starts hydrating, before it is done.
  await page.evaluate((formMarker) => {
    const heard: string[] = [];
    document.querySelector(formMarker)!.addEventListener("focusin", (event) => {
      heard.push(`${(event.target as HTMLInputElement).name} ${event.isTrusted ? "live" : "replayed"}`);
    });
    Object.assign(globalThis, { heard });
  }, formMarker);
  const heard = () => page.evaluate(() => (globalThis as unknown as { heard: string[] }).heard);

  await page.getByLabel("Child's name").focus();
  await page.getByLabel("Your name").focus();
  assertEquals(await heard(), [], "held, so heard by nothing inside the island yet");
  assertEquals(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), "parentName");

  release();
  await waitForHydrated(page);
  assertEquals(await heard(), ["childName replayed", "parentName replayed"], "then once each, in order");
  assertEquals(browser.problems, []);
});
