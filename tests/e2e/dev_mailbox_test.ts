import { assertEquals, assertMatch } from "@std/assert";
import { signInEmail } from "../../domain/email/sign_in.ts";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

e2eTest(
  "the dev mailbox draws the email inside its sandbox under the page's CSP, and its links work",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t);
    const link = `${browser.origin}/auth/verify?t=tok_from_the_mailbox`;
    await t.providers.mail.send({ to: "ann@example.com", ...signInEmail({ link, expiresInMinutes: 15 }) });

    const page = await browser.open("/dev/mailbox");
    const card = page.locator(`article[data-mail-to="ann@example.com"]`);
    assertEquals(
      await card.getByRole("heading", { level: 2 }).textContent(),
      "Your Little Hits sign-in link",
    );

    // The email renders inside the frame with its inline styles: the CSP that srcdoc inherits
    // (style-src-attr 'unsafe-inline') lets them through, and no violation reaches the console.
    const frame = card.frameLocator("iframe[sandbox]");
    await card.locator("iframe").scrollIntoViewIfNeeded();
    const button = frame.getByRole("link", { name: "Sign in to Little Hits" });
    await button.waitFor();
    assertEquals(await button.evaluate((a) => getComputedStyle(a).backgroundColor), "rgb(124, 58, 237)");
    assertEquals(await frame.getByRole("heading", { level: 1 }).textContent(), "Sign in to Little Hits");
    await browser.screenshot(page, "dev-mailbox");

    // The sandbox leaves the message no way to run code.
    const sandbox = await card.locator("iframe").getAttribute("sandbox");
    assertEquals(sandbox, "");

    assertEquals(browser.problems, []);

    // The link list is what a developer (and the sign-in tests) click.
    const anchors = card.locator("[data-mail-links] a");
    assertEquals(await anchors.count(), 1);
    assertEquals(await anchors.first().textContent(), link);
    await anchors.first().click();
    await page.waitForURL(/\/auth\/verify\?t=tok_from_the_mailbox$/);
    assertMatch(page.url(), /tok_from_the_mailbox/);
  },
);
