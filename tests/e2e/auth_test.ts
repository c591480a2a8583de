import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import { listDevMail } from "../../kv/dev_mail.ts";
import { createTestApp, e2eTest, holdIslandCode, loopbackAppUrl, openBrowser } from "../helpers.ts";

async function storedSession(page: Page) {
  return await page.evaluate(() => ({
    token: localStorage.getItem("token"),
    user: localStorage.getItem("user"),
  }));
}

async function toastTitle(page: Page) {
  const toast = page.locator("[data-toast-viewport] > [data-state]");
  await toast.waitFor();
  return await toast.locator("p").first().textContent();
}

e2eTest("auth: sign in through the dev mailbox, see the signed-in navigation, log out", async () => {
  // Links in mail are built from APP_URL, so the app must know the address the browser will use.
  await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
  await using browser = await openBrowser(t);
  const page = await browser.open("/login");

  await page.getByLabel("Email address").fill("Parent@Example.com");
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
  assert(await page.getByText("Parent@Example.com").isVisible());
  assert(await page.getByText("The link expires in 15 minutes.").isVisible());
  assert(await page.getByText(/spam/).isVisible());
  assertEquals(await toastTitle(page), "Check your email!");
  await browser.screenshot(page, "auth-login-sent-viewport");

  await page.getByRole("button", { name: "Try a Different Email" }).click();
  await page.getByLabel("Email address").waitFor();

  const mailbox = await browser.open("/dev/mailbox");
  await browser.screenshot(mailbox, "auth-dev-mailbox");
  const link = mailbox.locator("[data-mail-links] a").first();
  assertMatch((await link.textContent())!, /\/auth\/verify\?t=[\w-]{43}$/);
  await link.click();

  await mailbox.getByRole("heading", { name: "Success!" }).waitFor();
  assert(await mailbox.getByText("Redirecting you to your dashboard...").isVisible());
  assertEquals(new URL(mailbox.url()).search, "", "the spent token is taken out of the address bar");
  await mailbox.waitForURL(browser.origin + "/");
  await mailbox.waitForSelector("html[data-islands-ready]", { state: "attached" });

  const nav = mailbox.getByRole("navigation", { name: "Main" });
  assert(await nav.getByRole("link", { name: "My Songs" }).isVisible());
  assert(await nav.getByRole("link", { name: "Create Song" }).isVisible());
  assert(await nav.getByRole("button", { name: "Log out" }).isVisible());
  assertEquals(await nav.getByRole("link", { name: "Login" }).count(), 0);
  assertEquals(await nav.getByRole("button", { name: "Admin settings" }).count(), 0, "not a demo user");
  const stored = await storedSession(mailbox);
  assertMatch(stored.token!, /^[\w-]{43}$/);
  assertEquals(JSON.parse(stored.user!), { username: "parent@example.com", isDemo: false, role: "user" });
  const cookies = await browser.context.cookies();
  assertEquals(cookies.find((cookie) => cookie.name === "lh_session")?.httpOnly, true);
  await browser.screenshot(mailbox, "auth-signed-in-viewport");

  await nav.getByRole("button", { name: "Log out" }).click();
  await mailbox.waitForURL(browser.origin + "/login");
  assertEquals(await storedSession(mailbox), { token: null, user: null });
  assertEquals((await browser.context.cookies()).some((cookie) => cookie.name === "lh_session"), false);
  assert(
    await mailbox.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).isVisible(),
  );
  const me = await mailbox.evaluate(async (token) => {
    const answer = await fetch("/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
    return answer.status;
  }, stored.token);
  assertEquals(me, 401, "the old token was revoked on the server");
  // The only failure allowed is the 401 this test provoked on purpose.
  const unexpected = browser.problems.filter((problem) => !/api\/auth\/user|status of 401/.test(problem));
  assertEquals(unexpected, []);
});

e2eTest("auth: a missing, bad or used link shows 'Sign In Failed' with a way back", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);

  const missing = await browser.open("/auth/verify");
  await missing.getByRole("heading", { name: "Sign In Failed" }).waitFor();
  assert(await missing.getByText("Invalid link. Please request a new sign-in link.").isVisible());

  const bad = await browser.open("/auth/verify?t=" + "A".repeat(43));
  await bad.getByRole("heading", { name: "Sign In Failed" }).waitFor();
  assert(
    await bad.getByText("This sign-in link is invalid, expired or already used.", { exact: false })
      .isVisible(),
  );
  await browser.screenshot(bad, "auth-verify-failed-viewport");
  await bad.getByRole("link", { name: "Back to Login" }).click();
  await bad.waitForURL(browser.origin + "/login");
  assertEquals(await storedSession(bad), { token: null, user: null });
});

e2eTest("auth: a refused request shows the server's message in the failure toast", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/login");
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) {
      await fetch("/api/auth/request-magic-link", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "busy@example.com" }),
      });
    }
  });
  await page.getByLabel("Email address").fill("busy@example.com");
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  assertEquals(await toastTitle(page), "Something went wrong");
  assert(
    await page.getByText("Too many sign-in links were requested for this address.", { exact: false })
      .isVisible(),
  );
  assert(await page.getByLabel("Email address").isVisible(), "the form stays for another try");
});

e2eTest("auth: a malformed address gets the reason it was refused, beside the field", async () => {
  await using t = await createTestApp();
  for (const width of [1280, 390]) {
    await using browser = await openBrowser(t, { width, height: 844 });
    const page = await browser.open("/login");
    const field = page.getByLabel("Email address");
    await field.fill("parent.example.com");
    await page.getByRole("button", { name: "Send Magic Link" }).click();

    assertEquals(await toastTitle(page), "That email address doesn't look right");
    const toast = page.locator("[data-toast-viewport] > [data-state]");
    assert((await toast.textContent())!.includes("Please enter a valid email address."));
    assertEquals(await field.getAttribute("aria-invalid"), "true");
    assertEquals(
      await field.evaluate((input) =>
        document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
      ),
      "Please enter a valid email address.",
      "the reason stays beside the field after the toast has gone",
    );
    assertEquals(await page.evaluate(() => document.activeElement?.id), "login-email", "ready to correct");
    await browser.screenshot(page, `auth-login-malformed-${width}-viewport`);

    await field.pressSequentially("x");
    assertEquals(await field.getAttribute("aria-invalid"), null, "editing clears the complaint");
    // The refusal (a 400) is the one expected failure.
    assertEquals(browser.problems.filter((problem) => !/request-magic-link|status of 400/.test(problem)), []);
  }
});

e2eTest("auth: a demo user's phone menu shows the Demo tag, Admin Settings and Logout", async () => {
  await using t = await createTestApp({
    env: { DEMO_EMAILS: "demo@example.com", APP_URL: loopbackAppUrl() },
  });
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const login = await browser.open("/login");
  await login.getByLabel("Email address").fill("demo@example.com");
  await login.getByRole("button", { name: "Send Magic Link" }).click();
  await login.getByRole("heading", { name: "Check Your Email" }).waitFor();

  const mailbox = await browser.open("/dev/mailbox");
  await mailbox.locator("[data-mail-links] a").first().click();
  await mailbox.waitForURL(browser.origin + "/");
  await mailbox.waitForSelector("html[data-islands-ready]", { state: "attached" });

  await mailbox.getByLabel("Menu").click();
  const menu = mailbox.locator("details[data-menu] > div");
  assert(await menu.getByText("demo@example.com").isVisible());
  assert(await menu.getByText("Demo", { exact: true }).isVisible());
  assert(await menu.getByRole("button", { name: "Admin Settings" }).isVisible());
  assert(await menu.getByRole("link", { name: "My Songs" }).isVisible());
  await browser.screenshot(mailbox, "auth-demo-menu-viewport");
  await menu.getByRole("button", { name: "Logout" }).click();
  await mailbox.waitForURL(browser.origin + "/login");
  assertEquals(await storedSession(mailbox), { token: null, user: null });
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  e2eTest(
    `auth (${viewport.width} px): an address typed and sent before the form hydrated gets its link, once`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, viewport);
      const release = await holdIslandCode(browser, "LoginForm");
      const page = await browser.context.newPage();
      await page.goto(browser.origin + "/login", { waitUntil: "domcontentloaded" });

      await page.getByLabel("Email address").fill("early@example.com");
      await page.getByLabel("Email address").press("Enter");
      // Without its code the form goes nowhere, and the address stays out of the address bar.
      assertEquals(page.url(), browser.origin + "/login");

      release();
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
      assert(await page.getByText("early@example.com").isVisible());
      assertEquals((await listDevMail(t.kv)).filter((mail) => mail.to === "early@example.com").length, 1);
      assertEquals(browser.problems, []);
    },
  );
}
