import { assert, assertEquals } from "@std/assert";
import {
  createTestApp,
  e2eTest,
  jsonBody,
  latestSignInLink,
  loopbackAppUrl,
  openBrowser,
  openSignedInBrowser,
} from "../helpers.ts";

/**
 * Issue 16 §6, login CSRF: a sign-in link opened anywhere but the browser that asked for it (an
 * attacker's own link, sent to a parent) signs nobody in until the reader confirms the address; and
 * the order form says whose account the order joins.
 */
for (const [label, width] of [["desktop", 1280], ["phone", 390]] as const) {
  e2eTest(
    `sign-in (${label}): someone else's link asks whose account it opens, and signs in only on Continue`,
    async () => {
      await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
      // The attacker asks for a link to their own address, from their own browser (no mark reaches ours).
      const asked = await t.request(
        "/api/auth/request-magic-link",
        jsonBody({ email: "mallory@example.com" }),
      );
      assertEquals(asked.status, 200);
      await asked.body?.cancel();
      const link = new URL(await latestSignInLink(t, "mallory@example.com"));

      await using parent = await openBrowser(t, { width });
      const page = await parent.open(`/auth/verify${link.search}`);
      await page.getByRole("heading", { name: "Sign in as this address?" }).waitFor();
      assert(await page.getByText("mallory@example.com", { exact: false }).first().isVisible());
      assertEquals(await page.evaluate(() => localStorage.getItem("token")), null, "nobody is signed in yet");
      assertEquals((await parent.context.cookies()).some((cookie) => cookie.name === "lh_session"), false);
      await parent.screenshot(page, `sign-in-elsewhere-confirm-${label}`);

      // "This isn't my address" leaves the browser signed out, and the link unspent for its owner.
      await page.getByRole("link", { name: "This isn't my address" }).click();
      await page.waitForURL(parent.origin + "/login");
      assertEquals((await parent.context.cookies()).some((cookie) => cookie.name === "lh_session"), false);

      // Whoever the address is theirs continues, and is signed in.
      const again = await parent.open(`/auth/verify${link.search}`);
      await again.getByRole("button", { name: "Continue as mallory@example.com" }).click();
      await again.getByRole("heading", { name: "Success!" }).waitFor();
      assertEquals(
        JSON.parse((await again.evaluate(() => localStorage.getItem("user")))!).username,
        "mallory@example.com",
      );
      assertEquals(parent.problems, []);
    },
  );

  e2eTest(`order form (${label}): says who is signed in, with a way out`, async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    const { browser } = await openSignedInBrowser(t, "ann@example.com", { width });
    await using _browser = browser;
    const page = await browser.open("/order");
    const line = page.locator("[data-signed-in-as]");
    assertEquals(
      (await line.innerText()).replace(/\s+/g, " ").trim(),
      "Signed in as ann@example.com. Not you? Log out",
    );
    await browser.screenshot(page, `order-signed-in-as-${label}-viewport`);

    await line.getByRole("button", { name: "Not you? Log out" }).click();
    await page.waitForURL(browser.origin + "/login");
    const signedOut = await browser.open("/order");
    assertEquals(await signedOut.locator("[data-signed-in-as]").count(), 0);
  });
}
