import { assert, assertEquals } from "@std/assert";
import {
  createTestApp,
  e2eTest,
  loopbackAppUrl,
  openBrowser,
  type TestApp,
  type TestBrowser,
} from "../helpers.ts";
import { listDevMail } from "../../kv/dev_mail.ts";
import { getOrder, listOrdersOfUser } from "../../kv/orders.ts";
import { getUserByEmail } from "../../kv/users.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "../integration/delivery/helpers.ts";
import { afterIdle } from "./page_waits.ts";

e2eTest(
  "the parent opens the emailed link from the dev mailbox: 'Opening Your Surprise...', welcome toast, the unboxing, signed in",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl(), ...DELIVERY_ENV } });
    const order = await completedOrder(t, { childName: "Mia", parentEmail: "ann@example.com" });
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

/** The path of the order link the dev mailbox holds for `address`. */
async function linkSentTo(t: TestApp, address: string): Promise<string> {
  const mail = (await listDevMail(t.kv)).find((message) => message.to === address);
  const link = mail?.text.match(/\/u\/[\w-]+\?t=[\w-]+/)?.[0];
  if (!link) throw new Error(`no order link was emailed to ${address}`);
  return link;
}

/**
 * Opens an order link and reads its greeting toast. The page leaves for the unboxing by itself 1.5 s
 * on, by the page's clock, run forward here; that request is answered "204 No Content", which keeps
 * the page where it is (its accessibility is the view "a gift's link" in accessibility/customer_views.ts).
 */
async function greetingOf(browser: TestBrowser, link: string, screenshot: string) {
  const leftFor: string[] = [];
  let left = () => {};
  const leaving = new Promise<void>((resolve) => left = resolve);
  await browser.context.route(/\/unboxing\//, (route) => {
    leftFor.push(new URL(route.request().url()).pathname);
    left();
    return route.fulfill({ status: 204 });
  });
  await browser.context.clock.install();
  const page = await browser.open(link);
  const toast = page.locator("[data-toast-viewport] > [data-state]");
  await toast.waitFor();
  const title = await toast.locator("p").first().textContent();
  assert((await toast.textContent())!.includes("Redirecting to your surprise..."));
  await browser.screenshot(page, screenshot);
  await page.clock.runFor(1500);
  await leaving;
  await afterIdle(page);
  return { title, leftFor };
}

/** The browser's problems, but for the unboxing request answered 204, which Chromium reports aborted. */
const problemsBesidesHeldRedirect = (browser: TestBrowser) =>
  browser.problems.filter((problem) => !/^requestfailed: \S+\/unboxing\/\S+ net::ERR_ABORTED$/.test(problem));

e2eTest(
  "a gift's recipient is told whose song it is and who sent it on every visit; the giver's copy says 'Welcome!'",
  async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    const order = await completedOrder(t, {
      childName: "Mia Rose",
      parentName: "Grandma Sue",
      parentEmail: "ann@example.com",
      isGift: true,
      giftRecipientName: "Jo",
      giftRecipientEmail: "jo@example.com",
      giftMessage: "Happy birthday, little star!",
    });
    const admin = await adminHeaders(t);
    await adminCall(t, admin, order.id, "approve");
    assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
    const recipientLink = await linkSentTo(t, "jo@example.com");

    // The first visit on a computer, the second later on a phone: never "Welcome back!" for her.
    for (const width of [1280, 390]) {
      await using browser = await openBrowser(t, { width, height: 844 });
      const greeting = await greetingOf(browser, recipientLink, `order-link-greeting-${width}-viewport`);
      assertEquals(greeting.title, "A song for Mia from Grandma Sue", `at ${width} px`);
      assertEquals(greeting.leftFor, [`/unboxing/${order.id}`], "then on to the surprise");
      assertEquals(problemsBesidesHeldRedirect(browser), []);
    }

    // The giver opens her copy: she is family, and new here.
    await using browser = await openBrowser(t, { width: 390, height: 844 });
    const giverGreeting = await greetingOf(
      browser,
      await linkSentTo(t, "ann@example.com"),
      "order-link-giver-390-viewport",
    );
    assertEquals(giverGreeting.title, "Welcome!");
    assertEquals(giverGreeting.leftFor, [`/unboxing/${order.id}`]);
    assertEquals(problemsBesidesHeldRedirect(browser), []);
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

e2eTest(
  "login CSRF: someone's order link opened from another site never makes the next order, or the form, theirs",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl(), ...DELIVERY_ENV } });
    // The attacker's own song, delivered to the attacker: the link is theirs to hand out.
    const theirs = await completedOrder(t, { childName: "Zed", parentEmail: "mallory@example.com" });
    const admin = await adminHeaders(t);
    await adminCall(t, admin, theirs.id, "approve");
    assertEquals((await adminCall(t, admin, theirs.id, "send-now")).status, 200);
    const attackersLink = await linkSentTo(t, "mallory@example.com");

    await using browser = await openBrowser(t);
    // A page on another site sends the victim's browser to the link, as a top-level navigation.
    await browser.context.route("http://attacker.example/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<script>location.href = ${JSON.stringify(browser.origin + attackersLink)};</script>`,
      }));
    await browser.context.clock.install();
    const page = await browser.context.newPage();
    await page.goto("http://attacker.example/");
    await page.getByText("You've been signed in successfully. Redirecting to your surprise...").waitFor();

    // The victim goes on to order a song of their own.
    await page.goto(`${browser.origin}/order`);
    const notice = page.locator("[data-opened-from-song-link]");
    await notice.waitFor();
    assert((await notice.innerText()).includes("mallory@example.com"));
    assertEquals(
      await page.locator("[data-signed-in-as]").count(),
      0,
      "never 'Signed in as' the link's holder",
    );
    assertEquals(
      await page.locator('[name="parentEmail"]').inputValue(),
      "",
      "the form does not start as them",
    );
    for (
      const [name, value] of Object.entries({
        childName: "Mia",
        parentName: "Vic",
        parentEmail: "vic@example.com",
      })
    ) {
      await page.locator(`[name="${name}"]`).fill(value);
    }
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(/\/checkout\/local\/cs_local_/);
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}/);
    const orderId = new URL(page.url()).pathname.split("/").at(-1)!;

    const attacker = (await getUserByEmail(t.kv, "mallory@example.com"))!;
    const ordersOfAttacker = await listOrdersOfUser(t.kv, attacker.id);
    assertEquals(
      ordersOfAttacker.map((order) => order.id).includes(orderId),
      false,
      "not in the attacker's account",
    );
    const placed = (await getOrder(t.kv, orderId))!;
    assertEquals(placed.parentEmail, "vic@example.com");
    assert(placed.userId !== attacker.id);
    assertEquals(browser.problems.filter((problem) => !problem.includes("attacker.example")), []);
  },
);
