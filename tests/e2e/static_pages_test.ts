import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createTestApp, e2eTest, openBrowser, openSignedInBrowser } from "../helpers.ts";

for (const path of ["/privacy-policy", "/terms-and-conditions", "/this-page-does-not-exist"]) {
  e2eTest(`${path} loads no JavaScript at all and every request succeeds`, async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t);
    const page = await browser.open(path);
    await page.waitForLoadState("load");
    assertEquals(await page.locator("script").count(), 0);
    assertEquals(browser.requests.filter((url) => url.endsWith(".js")), []);
    // The 404 document itself is expected (Chromium also logs it); nothing else may fail.
    const unexpected = browser.problems.filter((problem) => !/404/.test(problem));
    assertEquals(unexpected, []);
  });
}

e2eTest("the 404 page is titled 'Page Not Found' and leads home", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/no/such/page");
  assertStringIncludes(await page.title(), "Page Not Found");
  assertEquals(await page.getByRole("heading", { level: 1 }).textContent(), "Page Not Found");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await page.waitForURL(browser.origin + "/");
  await browser.screenshot(page, "home-after-404");
});

const PRIVACY_VIEWS = [
  [1280, 800, "desktop", false],
  [390, 844, "mobile", false],
  [1280, 800, "desktop-signed-in", true],
  [390, 844, "mobile-signed-in", true],
] as const;

for (const [width, height, name, signedIn] of PRIVACY_VIEWS) {
  e2eTest(
    `the privacy policy states its date, the promises of the terms and what analytics send (${width} px${
      signedIn ? ", signed in" : ""
    })`,
    async () => {
      await using t = await createTestApp();
      // Their accessibility: the views of these pages in accessibility/customer_views.ts.
      await using browser = signedIn
        ? (await openSignedInBrowser(t, "parent@example.com", { width, height })).browser
        : await openBrowser(t, { width, height });
      const page = await browser.open("/privacy-policy");
      const text = await page.locator("main").innerText();
      for (const fact of ["August 16, 2025", "30 days", "COPPA", "18"]) assertStringIncludes(text, fact);
      assert(/never sell|do not sell|don't sell/i.test(text));
      // Customer-side §3: who receives the statistics, what never goes, and how to turn it off.
      for (const fact of ["PostHog", "What is never sent", "Do Not Track", "Global Privacy Control"]) {
        assertStringIncludes(text, fact);
      }
      assertEquals(browser.problems, []);
      await browser.screenshot(page, `privacy-${name}`);
    },
  );
}
