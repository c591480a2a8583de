import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, loopbackAppUrl, openBrowser } from "../helpers.ts";
import { listDevMail } from "../../kv/dev_mail.ts";
import {
  ADMIN_EMAIL,
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
} from "../integration/delivery/helpers.ts";
import { placeOrder, waitForOrder } from "../integration/jobs/helpers.ts";

e2eTest(
  "the parent opens the emailed link from the dev mailbox: 'Opening Your Surprise...', welcome toast, the unboxing, signed in",
  async () => {
    await using t = await createTestApp({
      jobs: true,
      env: { APP_URL: loopbackAppUrl(), ADMIN_EMAILS: ADMIN_EMAIL },
    });
    const order = await waitForOrder(
      t,
      (await placeOrder(t, { childName: "Mia", parentEmail: "ann@example.com" })).id,
    );
    assertEquals(order.status, "completed", order.error ?? "");
    const admin = await adminHeaders(t);
    await adminCall(t, admin, order.id, "approve");
    assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);

    await using browser = await openBrowser(t);
    const mailbox = await browser.open("/dev/mailbox");
    const card = mailbox.locator(`article[data-mail-to="ann@example.com"]`).filter({
      hasText: "Mia's song is ready!",
    });
    await browser.screenshot(mailbox, "order-link-mailbox");
    const link = card.locator("[data-mail-links] a").first();
    assert((await link.textContent())?.includes(`/u/${order.id}?t=`));
    await link.click();

    await mailbox.waitForURL(new RegExp(`/u/${order.id}$`)); // the token leaves the address bar
    await mailbox.getByRole("heading", { name: "Opening Your Surprise..." }).waitFor();
    await mailbox.getByText("Welcome!", { exact: true }).waitFor(); // ann never signed in before
    await mailbox.getByText("You've been signed in successfully. Redirecting to your surprise...").waitFor();
    await browser.screenshot(mailbox, "order-link-welcome");
    await mailbox.waitForURL(new RegExp(`/unboxing/${order.id}$`));
    await mailbox.getByText("Mia has a special surprise!").waitFor();
    assertEquals(await mailbox.evaluate(() => localStorage.getItem("token") !== null), true);
    assertEquals(
      JSON.parse((await mailbox.evaluate(() => localStorage.getItem("user")))!).username,
      "ann@example.com",
    );
    // Signed in on server-rendered pages too: the navigation offers My Songs.
    await mailbox.goto(`${browser.origin}/my-songs`);
    await mailbox.getByText("Mia").first().waitFor();
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "a gift's recipient is greeted 'Welcome!' on her first visit and 'Welcome back!' when she returns",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    const order = await completedOrder(t, {
      childName: "Mia",
      parentEmail: "ann@example.com",
      isGift: true,
      giftRecipientName: "Jo",
      giftRecipientEmail: "jo@example.com",
    });
    const admin = await adminHeaders(t);
    await adminCall(t, admin, order.id, "approve");
    assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
    const mail = (await listDevMail(t.kv)).find((message) => message.to === "jo@example.com");
    const link = mail?.text.match(/\/u\/[\w-]+\?t=[\w-]+/)?.[0];
    if (!link) throw new Error("the recipient's email carries no link");

    // The first visit on a computer, the second later on a phone.
    for (const [width, greeting] of [[1280, "Welcome!"], [390, "Welcome back!"]] as const) {
      await using browser = await openBrowser(t, { width, height: 844 });
      // The page leaves by itself after 1.5 s; the wrong-link test checks it with axe.
      const page = await browser.open(link, { axe: false });
      const toast = page.locator("[data-toast-viewport] > [data-state]");
      await toast.waitFor();
      assertEquals(await toast.locator("p").first().textContent(), greeting, `at ${width} px`);
      assert((await toast.textContent())!.includes("Redirecting to your surprise..."));
      await browser.screenshot(page, `order-link-greeting-${width}-viewport`);
      await page.waitForURL(new RegExp(`/unboxing/${order.id}$`));
      assertEquals(browser.problems, []);
    }
  },
);

e2eTest("a wrong order link says so and offers the way home", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open(`/u/${crypto.randomUUID()}?t=${"A".repeat(43)}`);
  await page.getByRole("heading", { name: "Oops! Something went wrong" }).waitFor();
  await page.getByText("Invalid magic link. Please check your email and try again.").waitFor();
  await browser.screenshot(page, "order-link-wrong");
  await page.getByRole("link", { name: "Go to Home" }).click();
  await page.waitForURL(`${browser.origin}/`);
  // The refused link is the one expected error (the console names no address for it).
  assertEquals(browser.problems.filter((problem) => !/magic-link|status of 401/.test(problem)), []);
  assert(browser.problems.some((problem) => problem.includes("/api/auth/magic-link/")));
});
