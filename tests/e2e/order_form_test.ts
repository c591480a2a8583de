import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page, Route } from "playwright-core";
import { FAQ_ITEMS } from "../../domain/site/faq.ts";
import {
  describeDeliveryTime,
  instantOf,
  requestRefusal,
  toLocalInput,
} from "../../domain/delivery/requested.ts";
import {
  ownReferralCode,
  REFERRAL_CODE_MESSAGE,
  REFERRAL_REFUSALS,
} from "../../domain/referral/referrals.ts";
import { REFERRAL_COOKIE } from "../../domain/referral/code.ts";
import { deliveryBounds } from "../../islands/order/delivery_time.ts";
import { FLAG_FIELDS, TEXT_FIELDS } from "../../islands/order/values.ts";
import { countOrders } from "../../kv/orders.ts";
import { createReferralCode } from "../../kv/referral_codes.ts";
import { placeOrder } from "../integration/jobs/helpers.ts";
import {
  createTestApp,
  e2eTest,
  holdIslandCode,
  openBrowser,
  recordBrowserAnalytics,
  reviewScreenshots,
  signIn,
  type TestApp,
} from "../helpers.ts";

/** The newest toast with this title, once it shows. */
async function toastNamed(page: Page, title: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({
    has: page.locator("p", { hasText: title }),
  });
  await toast.waitFor();
  return toast;
}

async function waitForValue(page: Page, name: string, value: string) {
  await page.waitForFunction(
    ([name, value]) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value === value,
    [name, value],
  );
}

/**
 * The form hydrates on a parent's first touch (issue 24): a touch, then the form is live, for steps
 * that check what its code does at once (the total, the draft) rather than what the HTML does alone.
 */
async function touchForm(page: Page) {
  await page.getByLabel("Child's name").focus();
  await formLive(page);
}

/**
 * Waits for the form that a first touch woke to have hydrated, before a step that reads a control back
 * at once. Between React taking over the form and the form's first effects, a control changed is put
 * back by React until those effects render the change (a frame or so later): the parent's choice is
 * kept, but `check()` reads the control in between and fails (order_hydration_test.ts covers the
 * touches made before hydration).
 */
async function formLive(page: Page) {
  await page.waitForSelector('lh-island[data-island="OrderForm"][data-hydrated]', { state: "attached" });
}

async function fillRequired(page: Page) {
  await page.getByLabel("Child's name").fill("Mia");
  await page.getByLabel("Your name").fill("Sam Parent");
  await page.getByLabel("Your email").fill("sam@example.com");
}

/** A customer's own code, as a first order leaves one, so the form's check on open finds it live. */
async function friendsCode(t: TestApp, code: string) {
  const owner = {
    email: `${code.toLowerCase()}@example.com`,
    childName: "Friend",
    orderId: crypto.randomUUID(),
    orderNumber: 1,
  };
  assertEquals(await createReferralCode(t.kv, ownReferralCode(owner, t.clock.now(), code)), "created");
}

/** The friend's code this browser keeps for the order form (REFERRAL_COOKIE), or null. */
async function keptCode(page: Page): Promise<string | null> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === REFERRAL_COOKIE)?.value ?? null;
}

/** Answers an intercepted API call with JSON. */
function answer(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
}

/** Stands in for the payment provider's page, so these tests need no checkout behind the API. */
async function fakeCheckoutPage(page: Page) {
  await page.route(
    "**/checkout-test",
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Checkout</title>",
      }),
  );
}

e2eTest("order form: three labelled sections, every order field named, a price summary", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/order");

  assertEquals(await page.getByRole("heading", { level: 1 }).textContent(), "Create Your Song");
  for (const title of ["About Your Child", "Song Customization", "Contact Information", "Price Summary"]) {
    assert(await page.getByRole("heading", { name: title }).isVisible(), title);
  }
  assertEquals(await page.locator("form").getAttribute("novalidate"), "");
  assertEquals(await page.getByLabel("Your email").getAttribute("type"), "email");
  assertEquals(await page.getByLabel("Child's name").getAttribute("aria-required"), "true");
  assert(await page.getByText("so our singer says it just the way you do").isVisible());
  assertEquals(
    await page.getByLabel("Age", { exact: true }).locator("option").allTextContents(),
    [
      "Select age",
      "under 1 year",
      ...Array.from({ length: 12 }, (_, i) => `${i + 1} year${i ? "s" : ""}`),
      "13+ years",
    ],
  );
  assertEquals(
    await page.getByLabel("Age", { exact: true }).locator("option").nth(1).getAttribute("value"),
    "newborn",
  );
  assertEquals(await page.getByLabel("Music genre").inputValue(), "pop");
  assert(await page.getByLabel("Female").isChecked());
  assert(await page.getByLabel("Happy").isChecked());
  assertEquals(
    await page.getByLabel("Anything else we should know?").evaluate((el) => getComputedStyle(el).minHeight),
    "120px",
  );

  // Reveal the optional parts, then every order field must be there, named, with a visible label.
  await page.getByLabel("This song is a gift").check();
  await formLive(page);
  await page.getByLabel("Put the song on streaming platforms").check();
  assertEquals(
    await page.getByLabel("Gift message").evaluate((el) => getComputedStyle(el).minHeight),
    "80px",
  );
  const unlabelled = await page.evaluate((names) =>
    names.filter((name) => {
      const controls = [...document.querySelectorAll<HTMLInputElement>(`form [name="${name}"]`)];
      if (controls.length === 0) return true;
      return controls.some((control) => {
        const text = [...(control.labels ?? [])].map((label) => label.textContent?.trim()).join("");
        return !text || !control.checkVisibility();
      });
    }), [...TEXT_FIELDS, ...FLAG_FIELDS]);
  assertEquals(unlabelled, []);
  for (const label of ["Recipient's name", "Recipient's email", "Your name", "Your email", "Child's name"]) {
    assertEquals(
      await page.locator("label", { hasText: label }).locator("[aria-hidden=true]").textContent(),
      "*",
    );
  }

  const summary = page.locator("aside");
  assert(await summary.getByText("$1 from every song goes to a children's research hospital.").isVisible());
  assert(await summary.getByText("Have a promo code? You can enter it at checkout.").isVisible());
  assertEquals(await page.getByRole("button", { name: "Create Your Song" }).isEnabled(), true);
  await page.getByLabel("This song is a gift").uncheck();
  await page.getByLabel("Put the song on streaming platforms").uncheck();
  await page.evaluate(() => scrollTo(0, 0));
  await browser.screenshot(page, "order-form");
  assertEquals(browser.problems, []);
});

e2eTest("order form: each missing answer gets its toast, the focus and aria-invalid", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/order");
  const submit = page.getByRole("button", { name: "Create Your Song" });

  await submit.click();
  let toast = await toastNamed(page, "Child's Name Required");
  assertEquals(await toast.getAttribute("data-variant"), "destructive");
  assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "childName");
  assertEquals(await page.getByLabel("Child's name").getAttribute("aria-invalid"), "true");
  assertEquals(
    await page.getByLabel("Your email").getAttribute("aria-invalid"),
    "true",
    "all bad fields marked",
  );
  await page.getByLabel("Child's name").fill("Mia");
  assertEquals(await page.getByLabel("Child's name").getAttribute("aria-invalid"), null, "typing clears it");

  await submit.click();
  toast = await toastNamed(page, "Your Name Required");
  assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "parentName");
  await page.getByLabel("Your name").fill("Sam Parent");

  await submit.click();
  toast = await toastNamed(page, "Email Required");
  assert(await toast.getByText("Please enter your email address to receive your child's song.").isVisible());
  assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "parentEmail");
  await page.getByLabel("Your email").fill("sam@example.com");

  await page.getByLabel("Put the song on streaming platforms").check();
  await submit.click();
  toast = await toastNamed(page, "Artist Name Required");
  assert(
    await toast.getByText("Please enter an artist profile name for the streaming platforms.").isVisible(),
  );
  assertEquals(
    await page.evaluate(() => document.activeElement?.getAttribute("name")),
    "streamingArtistName",
  );
  assertEquals(await page.getByLabel("Artist profile name").getAttribute("aria-invalid"), "true");
  await browser.screenshot(page, "order-form-invalid-viewport");
  assertEquals(browser.problems, []);
});

e2eTest(
  "order form: the add-on and gift boxes reveal their fields and clear them when unticked",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t);
    const page = await browser.open("/order");
    await touchForm(page);
    const total = page.locator("[data-total] dd");
    assertEquals(await total.textContent(), "$24.99");
    assertEquals(await page.getByLabel("Artist profile name").count(), 0);

    const streaming = page.getByLabel("Put the song on streaming platforms");
    await streaming.check();
    assertEquals(await total.textContent(), "$34.99");
    assert(await page.locator("aside").getByText("Streaming add-on").isVisible());
    await page.getByLabel("Artist profile name").fill("Mia's Big Band");
    await streaming.uncheck();
    assertEquals(await total.textContent(), "$24.99");
    assertEquals(await page.getByLabel("Artist profile name").count(), 0);
    await streaming.check();
    assertEquals(await page.getByLabel("Artist profile name").inputValue(), "", "unticking cleared it");

    const gift = page.getByLabel("This song is a gift");
    assertEquals(await page.getByLabel("Recipient's name").count(), 0);
    await gift.check();
    await page.getByLabel("Recipient's name").fill("Grandma Jo");
    await page.getByLabel("Recipient's email").fill("jo@example.com");
    await page.getByLabel("Gift message").fill("Love you!");
    await gift.uncheck();
    assertEquals(await page.getByLabel("Recipient's name").count(), 0);
    await gift.check();
    assertEquals(await page.getByLabel("Recipient's name").inputValue(), "");
    assertEquals(await page.getByLabel("Recipient's email").inputValue(), "");
    assertEquals(
      await page.getByLabel("Gift message").inputValue(),
      "Love you!",
      "the spec keeps the message",
    );
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "order form: ?ref keeps a referral code, refuses a bad one, and payment leftovers are cleaned",
  async () => {
    await using t = await createTestApp();
    await friendsCode(t, "MIA-7K3Q");
    await friendsCode(t, "FRIEND-1");
    await using browser = await openBrowser(t);

    const bad = await browser.open("/order?ref=bad%20code!");
    const toast = await toastNamed(bad, "Invalid Referral Code");
    assert(await toast.getByText(REFERRAL_CODE_MESSAGE).isVisible());
    assertEquals(await keptCode(bad), null);
    assertEquals(await bad.locator("aside").getByText("Referral code", { exact: false }).count(), 0);

    const page = await browser.open("/order?ref=mia-7k3q");
    await page.getByText("A friend's code: 50% off your first order, already in the total.").waitFor();
    assertEquals(await page.locator("[data-discount] dt").textContent(), "Referral MIA-7K3Q (50% off)");
    assertEquals(await keptCode(page), "MIA-7K3Q");

    // The code is kept: another tab without the parameter still shows it, and a malformed one in a
    // later address leaves it alone.
    await (await browser.open("/?ref=bad%20code!")).close();
    const later = await browser.open("/order");
    await later.getByText("A friend's code: 50% off your first order, already in the total.").waitFor();
    assertEquals(await keptCode(later), "MIA-7K3Q");

    const back = await browser.open("/order?ref=FRIEND-1&session_id=cs_1&payment_success=true");
    await back.waitForFunction(() => location.search === "?ref=FRIEND-1");
    assertEquals(new URL(back.url()).pathname, "/order");
    const plain = await browser.open("/order?payment_success=true");
    await plain.waitForFunction(() => location.search === "");
    assertEquals(browser.problems, []);
  },
);

e2eTest("order form: a reload keeps what was typed", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/order");
  await page.getByLabel("Child's name").fill("Mia");
  await formLive(page);
  await page.getByLabel("Age", { exact: true }).selectOption("newborn");
  await page.getByLabel("Girl").check();
  await page.getByLabel("Put the song on streaming platforms").check();
  await page.getByLabel("Artist profile name").fill("Mia's Big Band");
  await page.getByLabel("Anything else we should know?").fill("Loves ducks");

  await page.reload();
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  await waitForValue(page, "childName", "Mia");
  assertEquals(await page.getByLabel("Age", { exact: true }).inputValue(), "newborn");
  assert(await page.getByLabel("Girl").isChecked());
  assertEquals(await page.getByLabel("Artist profile name").inputValue(), "Mia's Big Band");
  assertEquals(await page.getByLabel("Anything else we should know?").inputValue(), "Loves ducks");
  assertEquals(await page.locator("[data-total] dd").textContent(), "$34.99");
  assertEquals(browser.problems, [], "restoring after hydration keeps React quiet");
});

e2eTest("order form: a guest goes to checkout with the whole order and the pending data kept", async () => {
  await using t = await createTestApp();
  await friendsCode(t, "MIA-7K3Q");
  await using browser = await openBrowser(t);
  const page = await browser.open("/order?ref=mia-7k3q");
  await fakeCheckoutPage(page);
  const bodies: Record<string, unknown>[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  await page.route("**/api/guest/create-checkout-session", async (route) => {
    bodies.push(route.request().postDataJSON());
    await held;
    await answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_1" });
  });

  await fillRequired(page);
  await page.getByLabel("Favorite color").fill("Purple");
  await page.getByLabel("Music genre").selectOption("lullaby");
  await page.getByLabel("Put the song on streaming platforms").check();
  await page.getByLabel("Artist profile name").fill("Mia's Big Band");
  await page.getByRole("button", { name: "Create Your Song" }).click();

  const pending = page.getByRole("button", { name: "Creating Your Order..." });
  await pending.waitFor();
  assert(await pending.isDisabled());
  release();
  await page.waitForURL(browser.origin + "/checkout-test");

  assertEquals(bodies.length, 1);
  const [body] = bodies;
  assertEquals(body.priceInCents, 3499);
  assertEquals(body.description, "Personalized song for Mia");
  assertEquals(body.metadata, { childName: "Mia", parentEmail: "sam@example.com" });
  assertEquals(body.includeStreaming, true);
  const order = body.order as Record<string, unknown>;
  assertEquals(order.childName, "Mia");
  assertEquals(order.favoriteColor, "Purple");
  assertEquals(order.songGenre, "lullaby");
  assertEquals(order.singerGender, "female");
  assertEquals(order.addStreamingServices, true);
  assertEquals(order.streamingArtistName, "Mia's Big Band");
  assertEquals(order.referralCode, "MIA-7K3Q");
  assertEquals(
    Object.keys(order).sort(),
    [...TEXT_FIELDS, ...FLAG_FIELDS, "referralCode", "deliveryAt", "deliveryTimeZone"].sort(),
  );
  assertEquals(order.deliveryAt, "", "as soon as it's ready unless a day is chosen");

  const stored = await page.evaluate(() => ({
    pending: JSON.parse(localStorage.getItem("pendingOrderData") ?? "null"),
    lastChildName: localStorage.getItem("lastChildName"),
  }));
  assertEquals(stored.lastChildName, "Mia");
  assertEquals(stored.pending.status, "pending");
  assertEquals(stored.pending.childName, "Mia");
  assertEquals(stored.pending.parentEmail, "sam@example.com");
  assertEquals(
    [stored.pending.songStyle, stored.pending.songGenre, stored.pending.singerGender],
    ["happy", "lullaby", "female"],
  );
  assertEquals(browser.problems, []);
});

e2eTest("order form: a signed-in customer uses the signed-in checkout; failures toast 'Error'", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/order");
  // Stored after load, so the client boot's stale-token check does not take it away.
  await page.evaluate(() => localStorage.setItem("token", "t".repeat(43)));
  const paths: string[] = [];
  let reply: [number, unknown] = [503, { message: "Payments are resting. Try again soon." }];
  await page.route("**/api/*create-checkout-session", (route) => {
    paths.push(new URL(route.request().url()).pathname);
    return answer(route, ...reply);
  });
  await fillRequired(page);
  const submit = page.getByRole("button", { name: "Create Your Song" });

  await submit.click();
  const toast = await toastNamed(page, "Error");
  assert(await toast.getByText("Payments are resting. Try again soon.").isVisible());
  assert(await submit.isEnabled(), "the form is usable again");

  reply = [500, ""];
  await submit.click();
  await (await toastNamed(page, "Error")).getByText("Failed to create checkout session. Please try again.")
    .waitFor();
  assertEquals(paths, ["/api/create-checkout-session", "/api/create-checkout-session"]);
  const unexpected = browser.problems.filter((problem) =>
    !/create-checkout-session|status of 50\d/.test(problem)
  );
  assertEquals(unexpected, []);
});

e2eTest(
  "order form: a demo user's order is created directly and the page moves to its progress",
  async () => {
    await using t = await createTestApp({ env: { DEMO_EMAILS: "sam@example.com" } });
    const { token } = await signIn(t, "sam@example.com");
    await using browser = await openBrowser(t);
    await browser.context.addCookies([{ name: "lh_session", value: token, url: browser.origin }]);
    const page = await browser.open("/order");
    const bodies: Record<string, unknown>[] = [];
    let fail = true;
    await page.route("**/api/orders", (route) => {
      bodies.push(route.request().postDataJSON());
      return fail ? answer(route, 500, {}) : route.continue();
    });
    await fillRequired(page);
    await page.getByLabel("Child's name").fill("Zoë Ann");

    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.getByText("Failed to create order. Please try again.").waitFor();

    fail = false;
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}\?name=Zo%C3%AB%20Ann$/);
    assertEquals(await countOrders(t.kv, "all"), 1, "the failed try made nothing");
    assertEquals(bodies.length, 2);
    assertEquals(bodies[1].totalPrice, 2499);
    assertEquals(bodies[1].childName, "Zoë Ann");
    assertEquals(bodies[1].parentEmail, "sam@example.com");
    assertEquals(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem("orderFormDraft") ?? "null")),
      { parentName: "Sam Parent", parentEmail: "sam@example.com" },
      "the draft is done; the next order starts with the same parent",
    );
    const unexpected = browser.problems.filter((problem) => !/api\/orders|status of 500/.test(problem));
    assertEquals(unexpected, []);
  },
);

e2eTest("order form: a refused referral code asks before going on at full price", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  // The code is live (the page checks it on open); what refuses it is a rule about this buyer.
  await friendsCode(t, "MIA-7K3Q");
  const page = await browser.open("/order?ref=MIA-7K3Q");
  await fakeCheckoutPage(page);
  const bodies: Record<string, unknown>[] = [];
  const refusal = { message: "Referral codes are for a first order only.", code: "referral_refused" };
  await page.route("**/api/guest/create-checkout-session", (route) => {
    const body = route.request().postDataJSON();
    bodies.push(body);
    return body.order.referralCode
      ? answer(route, 422, refusal)
      : answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_2" });
  });
  await fillRequired(page);
  const submit = page.getByRole("button", { name: "Create Your Song" });

  await submit.click();
  const dialog = page.getByRole("dialog", { name: "Referral code not applied" });
  await dialog.waitFor();
  assertEquals(await dialog.getAttribute("aria-modal"), "true");
  assert(await dialog.getByText("Referral codes are for a first order only.").isVisible());
  assertEquals(
    await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null),
    true,
    "focus moved into the dialog",
  );
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assertEquals(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null), true);
  await browser.screenshot(page, "order-form-referral-refused-viewport");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assertEquals(await keptCode(page), "MIA-7K3Q", "cancel keeps it");

  await submit.click();
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });

  await submit.click();
  await dialog.getByRole("button", { name: "Continue at full price" }).click();
  await page.waitForURL(browser.origin + "/checkout-test");
  assertEquals(bodies.length, 4);
  assertEquals(bodies.slice(0, 3).map((body) => (body.order as { referralCode?: string }).referralCode), [
    "MIA-7K3Q",
    "MIA-7K3Q",
    "MIA-7K3Q",
  ]);
  assertEquals("referralCode" in (bodies[3].order as object), false);
  assertEquals(await keptCode(page), null);
  const unexpected = browser.problems.filter((problem) =>
    !/create-checkout-session|status of 422/.test(problem)
  );
  assertEquals(unexpected, []);
});

e2eTest("order form: analytics say what happened without names or addresses", async () => {
  // Development pages log analytics to the console, which is how the test reads them.
  await using t = await createTestApp({ env: { APP_ENV: "development" } });
  await using browser = await openBrowser(t);
  const events = await recordBrowserAnalytics(browser);
  const page = await browser.open("/order");
  await fakeCheckoutPage(page);
  await page.route(
    "**/api/guest/create-checkout-session",
    (route) => answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_3" }),
  );
  await page.getByLabel("Child's name").focus();
  await page.getByLabel("Child's name").fill("Mia");
  await page.getByLabel("Your name").fill("Sam Parent");
  await page.getByLabel("Your email").fill("sam@example.com");
  await page.getByLabel("Favorite color").click();
  await page.getByLabel("This song is a gift").check();
  await page.getByRole("button", { name: "Create Your Song" }).click();
  await page.waitForURL(browser.origin + "/checkout-test");

  const names = events.map((entry) => entry.event);
  assertEquals(names.filter((name) => name === "Order Started").length, 1);
  const focused = events.filter((entry) => entry.event === "Form Field Focused").map((e) =>
    e.properties.field
  );
  assertEquals(focused.slice(0, 4), ["childName", "parentName", "parentEmail", "favoriteColor"]);
  const completed = events.filter((entry) => entry.event === "Form Field Completed");
  assertEquals(completed.map((entry) => entry.properties.field).slice(0, 3), [
    "childName",
    "parentName",
    "parentEmail",
  ]);
  assertEquals(completed[2].properties.completeness, 23); // 3 of 13 tracked fields
  const submitted = events.find((entry) => entry.event === "Order Form Submitted")!;
  assertEquals(
    [submitted.properties.completeness, submitted.properties.includeStreaming, submitted.properties.isGift],
    [23, false, true],
  );
  const paid = events.find((entry) => entry.event === "Payment Initiated")!;
  assertEquals([paid.properties.value, paid.properties.currency], [24.99, "USD"]);
  const everything = JSON.stringify(events);
  assert(!everything.includes("Mia") && !everything.includes("sam@example.com"), everything);
  assertMatch(names.join(","), /Order Form Submitted.*Payment Initiated/);
  assertEquals(browser.problems, []);
});

e2eTest("order form on a phone: one column, nothing overflows sideways", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t, { width: 390, height: 844 });
  const page = await browser.open("/order");
  await page.getByLabel("This song is a gift").check();
  await formLive(page);
  await page.getByLabel("Put the song on streaming platforms").check();
  assertEquals(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    0,
  );
  const [name, pronounce] = await Promise.all(
    ["Child's name", "How to pronounce it"].map((label) => page.getByLabel(label).boundingBox()),
  );
  assert(pronounce!.y > name!.y, "fields stack on a phone");
  await page.getByLabel("This song is a gift").uncheck();
  await page.getByLabel("Put the song on streaming platforms").uncheck();
  await page.evaluate(() => scrollTo(0, 0));
  await browser.screenshot(page, "order-form-phone-viewport");
  assertEquals(browser.problems, []);
});

e2eTest("order form: a signed-in demo user gets their address filled in and skips payment", async () => {
  await using t = await createTestApp({ env: { DEMO_EMAILS: "demo@example.com" } });
  const { token } = await signIn(t, "demo@example.com");
  await using browser = await openBrowser(t);
  // Only the cookie: the server's view alone must be enough to know this is a demo user.
  await browser.context.addCookies([{ name: "lh_session", value: token, url: browser.origin }]);
  const page = await browser.open("/order");
  assertEquals(await page.getByLabel("Your email").inputValue(), "demo@example.com");
  assert(await page.getByText("Demo account: no payment needed.").isVisible());
  // Demo users skip checkout, so its promo-code field is not theirs to look for.
  assertEquals(await page.getByText("Have a promo code?").count(), 0);
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") paths.push(new URL(request.url()).pathname);
  });
  await page.getByLabel("Child's name").fill("Mia");
  await page.getByLabel("Your name").fill("Dee Mo");
  await page.getByRole("button", { name: "Create Your Song" }).click();
  await page.waitForURL(/\/order-processing\/[0-9a-f-]{36}\?name=Mia$/);
  await page.getByRole("heading", { name: "Magic in Progress!" }).waitFor();
  assertEquals(paths, ["/api/orders"]);
  assertEquals(browser.problems, []);
});

e2eTest(
  "order form: a friend's code is checked on open; the total is the one charged, with the line that explains it",
  async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: "boss@example.com" } });
    const { token } = await signIn(t, "boss@example.com");
    const made = await t.request("/api/admin/referral-codes", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ code: "HALF", discountType: "percentage", discountValue: 50 }),
    });
    assertEquals(made.status, 201);
    await made.body?.cancel();

    for (const width of [1280, 390]) {
      await using browser = await openBrowser(t, { width });
      const page = await browser.open("/order?ref=half");
      const summary = page.getByRole("region", { name: "Price Summary" });
      await summary.locator("[data-referral-note=offer]").waitFor();
      assertEquals(await summary.locator("[data-discount] dt").innerText(), "Referral HALF (50% off)");
      assertEquals(await summary.locator("[data-discount] dd").innerText(), "−$12.50");
      assertEquals(await summary.locator("[data-total] dd").innerText(), "$12.49");
      assert((await summary.innerText()).includes("50% off, already in the total."));
      await page.locator('[name="addStreamingServices"]').check();
      assertEquals(
        await summary.locator("[data-total] dd").innerText(),
        "$17.49",
        "what checkout charges for $34.99",
      );
      await browser.screenshot(page, `order-form-referral-${width}`);

      const unknown = await browser.open("/order?ref=NOPE123");
      const note = unknown.locator("[data-referral-note=refused]");
      await note.waitFor();
      assert((await note.innerText()).includes("This referral code doesn't exist."));
      assertEquals(await unknown.locator("[data-discount]").count(), 0);
      assertEquals(await unknown.locator("[data-total] dd").innerText(), "$24.99");
      assertEquals(await keptCode(unknown), null, "forgotten: not sent to checkout");
      const unexpected = browser.problems.filter((problem) => !/referral-offer|status of 422/.test(problem));
      assertEquals(unexpected, []);
    }
  },
);

e2eTest(
  "order form: a code that is not this parent's to use says so once their email is typed, and checkout gets full price",
  async () => {
    await using t = await createTestApp();
    await friendsCode(t, "MIA-7K3Q");
    await placeOrder(t, { parentEmail: "leo@example.com" });
    await using browser = await openBrowser(t);
    const page = await browser.open("/order?ref=MIA-7K3Q");
    await fakeCheckoutPage(page);
    const bodies: Record<string, unknown>[] = [];
    await page.route("**/api/guest/create-checkout-session", (route) => {
      bodies.push(route.request().postDataJSON());
      return answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_3" });
    });
    const summary = page.getByRole("region", { name: "Price Summary" });
    const total = summary.locator("[data-total] dd");
    await summary.locator("[data-referral-note=offer]").waitFor();
    assertEquals(await total.innerText(), "$12.49");

    /** Types an address and leaves the field, as a parent does; answers the note the summary then shows. */
    const typeEmail = async (email: string, note: "offer" | "refused") => {
      const checked = page.waitForResponse((response) => response.url().includes("/api/referral-offer/"));
      await page.getByLabel("Your email").fill(email);
      await page.getByLabel("Your email").blur();
      await checked;
      const shown = summary.locator(`[data-referral-note=${note}]`);
      await shown.waitFor();
      return await shown.innerText();
    };

    // The code's owner: their own code.
    const own = await typeEmail("mia-7k3q@example.com", "refused");
    assertEquals(own, "Referral code MIA-7K3Q can't be used: " + REFERRAL_REFUSALS.self);
    assertEquals(await summary.locator("[data-discount]").count(), 0);
    assertEquals(await total.innerText(), "$24.99");
    await browser.screenshot(page, "order-form-referral-own-code");

    // A friend: the discount again.
    await typeEmail("kim@example.com", "offer");
    assertEquals(await total.innerText(), "$12.49");

    // A parent who has ordered before: a first-order code does not apply.
    const second = await typeEmail("leo@example.com", "refused");
    assertEquals(second, "Referral code MIA-7K3Q can't be used: " + REFERRAL_REFUSALS["not-first-order"]);
    assertEquals(await total.innerText(), "$24.99");

    // What the summary says is what checkout is asked for: full price, no second refusal.
    await page.getByLabel("Child's name").fill("Mia");
    await page.getByLabel("Your name").fill("Leo Parent");
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(browser.origin + "/checkout-test");
    assertEquals(bodies.length, 1);
    assertEquals("referralCode" in (bodies[0].order as object), false);
    assertEquals(await keptCode(page), "MIA-7K3Q", "kept: it may still be another parent's to use");
    const unexpected = browser.problems.filter((problem) => !/referral-offer|status of 422/.test(problem));
    assertEquals(unexpected, []);
  },
);

e2eTest("order form: every style the FAQ promises can be chosen", async () => {
  await using t = await createTestApp();
  await using browser = await openBrowser(t);
  const page = await browser.open("/order");
  const offered = (await page.getByLabel("Music genre").locator("option").allInnerTexts()).map((text) =>
    text.toLowerCase()
  );
  const promised = FAQ_ITEMS.find((item) => item.question === "What music styles can I choose?")!.answer;
  const styles = promised.split(".")[0].replace(" and ", ", ").split(", ").map((style) =>
    style.toLowerCase()
  );
  assertEquals(styles.length, 10);
  for (const style of styles) {
    const name = style === "kids songs" ? "kids' songs" : style;
    assert(offered.includes(name), `${style} is not offered: ${offered.join(", ")}`);
  }
  await touchForm(page);
  await page.getByLabel("Music genre").selectOption("musical-theatre");
  await page.reload();
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  await waitForValue(page, "songGenre", "musical-theatre");
});

const LONDON = "Europe/London";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day `days` from now on a London clock ("2027-01-05"), and how the page says 8:00 on it back. */
function londonDay(days: number, time = "08:00") {
  const date = toLocalInput(Date.now() + days * DAY_MS, LONDON).slice(0, 10);
  const at = new Date(instantOf(`${date}T${time}`, LONDON)!).toISOString();
  return { date, time, words: describeDeliveryTime({ at, timeZone: LONDON }, Date.now()) };
}

/** The days the date box offers at `now`, on a London clock, as the page counts them. */
const boundsAt = (now: number) => deliveryBounds(now, LONDON);

function assertOneOf(actual: string | null, expected: string[]) {
  assert(actual !== null && expected.includes(actual), `${actual} is none of ${expected.join(", ")}`);
}

/** A picture of one part of the page, for design review (`deno task screenshots`). */
async function shotOf(locator: ReturnType<Page["locator"]>, name: string) {
  if (reviewScreenshots) await locator.screenshot({ path: `${Deno.env.get("SCREENSHOTS_DIR")}/${name}.png` });
}

e2eTest(
  "order form: 'When should it arrive?' offers a day on the family's clock, says it back, checks it and sends it",
  async () => {
    await using t = await createTestApp();
    // The server's clock is the browser's, so the 24-hour rule reads the same on both sides.
    t.clock.advance(Date.now() - t.clock.now());
    for (const width of [390, 1280]) {
      await using browser = await openBrowser(t, { width, height: 844, timezoneId: LONDON });
      const loadedAt = Date.now();
      const page = await browser.open("/order");
      await fakeCheckoutPage(page);
      const bodies: Record<string, unknown>[] = [];
      let reply: [number, unknown] = [200, { checkoutUrl: "/checkout-test", sessionId: "cs_day" }];
      await page.route("**/api/guest/create-checkout-session", (route) => {
        bodies.push(route.request().postDataJSON());
        return answer(route, ...reply);
      });

      const when = page.getByRole("group", { name: "When should it arrive?" });
      const summary = when.locator("[data-delivery-summary]");
      assert(await when.getByLabel("As soon as it's ready").isChecked(), "the default");
      assertEquals(
        await summary.textContent(),
        "We'll send your song as soon as it's ready, within 24 hours.",
      );
      assertEquals(await when.getByLabel("Date").count(), 0);

      await page.getByLabel("This song is a gift").check();
      await formLive(page);
      await when.getByLabel("On a day I choose").check();
      const date = when.getByLabel("Date");
      const time = when.getByLabel("Time", { exact: true });
      assertEquals(await date.getAttribute("type"), "date");
      assertEquals(await time.getAttribute("type"), "time");
      assertEquals(await time.inputValue(), "08:00", "the birthday morning");
      // The page counted its days when it loaded; the test's clock has moved on since, so a day that
      // turned in between (24 hours from now near midnight in London) is either side's answer.
      const earliest = (await date.getAttribute("min"))!;
      assertOneOf(earliest, [boundsAt(loadedAt).minDate, boundsAt(Date.now()).minDate]);
      assertOneOf(await date.getAttribute("max"), [boundsAt(loadedAt).maxDate, boundsAt(Date.now()).maxDate]);
      assertEquals(
        await summary.textContent(),
        "Choose a day at least 24 hours from now and within the next year, on London time.",
      );
      assertEquals(
        await page.getByLabel("Your email").evaluate((input) =>
          document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
        ),
        "The song arrives here on the day you choose below, for you to pass on.",
        "a gift without the recipient's address comes to the giver",
      );

      // The first day the box offers, before its earliest time: the page stops it in its own words.
      await fillRequired(page);
      await date.fill(earliest);
      await time.fill("00:00");
      await page.getByRole("button", { name: "Create Your Song" }).click();
      const tooSoon = requestRefusal(
        { at: new Date(instantOf(`${earliest}T00:00`, LONDON)!).toISOString(), timeZone: LONDON },
        Date.now(),
      )!;
      const toast = await toastNamed(page, "Choose Another Day");
      assertEquals(await toast.getAttribute("data-variant"), "destructive");
      assert((await toast.textContent())!.includes("We need at least 24 hours to make your song"));
      assertEquals(await date.getAttribute("aria-invalid"), "true");
      assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "deliveryDate");
      assertEquals(
        await date.evaluate((input) =>
          document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
        ),
        tooSoon,
      );
      assertEquals(bodies.length, 0, "nothing sent");
      await shotOf(when, `order-delivery-error-${width}`);

      // A day well ahead: said back exactly, kept across a reload, sent on the London clock.
      const day = londonDay(40);
      await date.fill(day.date);
      await time.fill(day.time);
      assertEquals(await date.getAttribute("aria-invalid"), null, "changing the day clears the message");
      assertEquals(await summary.textContent(), `Your song will arrive on ${day.words}.`);
      await when.evaluate((box) => box.scrollIntoView({ block: "center" }));
      await browser.screenshot(page, `order-delivery-${width}-viewport`);
      await page.reload();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await waitForValue(page, "deliveryDate", day.date);
      assert(await when.getByLabel("On a day I choose").isChecked());
      assertEquals(await summary.textContent(), `Your song will arrive on ${day.words}.`);

      // The server may still refuse (its clock is its own): its words go where the page's would.
      const refusal =
        "We need at least 24 hours to make your song, so please choose Sunday 1 March, 9:00 in London or later.";
      reply = [400, { message: refusal }];
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await toastNamed(page, "Choose Another Day");
      assertEquals(
        await date.evaluate((input) =>
          document.getElementById(input.getAttribute("aria-describedby")!)?.textContent
        ),
        refusal,
      );
      assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "deliveryDate");

      reply = [200, { checkoutUrl: "/checkout-test", sessionId: "cs_day" }];
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await page.waitForURL(browser.origin + "/checkout-test");
      const sent = bodies.at(-1)!.order as Record<string, unknown>;
      assertEquals([sent.deliveryAt, sent.deliveryTimeZone, sent.isGift], [
        `${day.date}T08:00`,
        LONDON,
        true,
      ]);

      // Back to "as soon as it's ready": the boxes go, and the order asks for no day.
      await page.goBack();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await waitForValue(page, "deliveryDate", day.date);
      await when.getByLabel("As soon as it's ready").check();
      assertEquals(await when.getByLabel("Date").count(), 0);
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await page.waitForURL(browser.origin + "/checkout-test");
      assertEquals((bodies.at(-1)!.order as Record<string, unknown>).deliveryAt, "");
      const unexpected = browser.problems.filter((problem) =>
        !/create-checkout-session|status of 400/.test(problem)
      );
      assertEquals(unexpected, []);
    }
  },
);

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  e2eTest(
    `order form (${viewport.width} px): what a parent types before the form's code arrives is kept`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, viewport);
      const release = await holdIslandCode(browser, "OrderForm");
      const page = await browser.context.newPage();
      await page.goto(browser.origin + "/order", { waitUntil: "domcontentloaded" });

      // The server's form, not yet hydrated: a quick parent on a slow phone starts anyway.
      await page.getByLabel("Child's name").fill("Mia");
      await page.getByLabel("Age", { exact: true }).selectOption("newborn");
      await page.getByLabel("Girl").check();
      await page.getByLabel("Put the song on streaming platforms").check();
      await page.getByLabel("Anything else we should know?").fill("Loves ducks");
      // Enter in a field sends a form: without its code it must not go anywhere (nor put the child's
      // name in an address); the form's own check runs once it has hydrated.
      await page.getByLabel("Your email").press("Enter");
      assertEquals(page.url(), browser.origin + "/order");
      assertEquals(await page.locator("lh-island[data-hydrated]").count(), 0, "typed before hydration");

      release();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await toastNamed(page, "Artist Name Required");
      assertEquals(page.url(), browser.origin + "/order");
      // The form made them its own: the total counts the add-on, its field opened, and typing elsewhere
      // (a render) leaves them where they were.
      assertEquals(await page.locator("[data-total] dd").textContent(), "$34.99");
      await page.getByLabel("Artist profile name").fill("Mia's Big Band");
      await page.getByLabel("Your name").fill("Sam Parent");
      assertEquals(await page.getByLabel("Child's name").inputValue(), "Mia");
      assertEquals(await page.getByLabel("Age", { exact: true }).inputValue(), "newborn");
      assert(await page.getByLabel("Girl").isChecked());
      assertEquals(await page.getByLabel("Anything else we should know?").inputValue(), "Loves ducks");
      const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem("orderFormDraft") ?? "{}"));
      assertEquals(
        [draft.childName, draft.childAge, draft.childGender, draft.addStreamingServices, draft.parentName],
        ["Mia", "newborn", "girl", true, "Sam Parent"],
      );
      // ...and so does a reload, from the draft.
      await page.reload();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await waitForValue(page, "childName", "Mia");
      assertEquals(await page.getByLabel("Artist profile name").inputValue(), "Mia's Big Band");
      assertEquals(browser.problems, [], "no console errors and no hydration mismatch");
    },
  );
}

/** The text of the element that describes a control (its hint, count or error), by id. */
const describedBy = (locator: ReturnType<Page["locator"]>) =>
  locator.evaluate((control) =>
    (control.getAttribute("aria-describedby") ?? "").split(" ").map((id) =>
      document.getElementById(id)?.textContent
    )
  );

e2eTest(
  "order form: a gift names who receives what, and can be timed on the recipient's clock, its zone named from the start",
  async () => {
    await using t = await createTestApp();
    t.clock.advance(Date.now() - t.clock.now());
    for (const width of [390, 1280]) {
      await using browser = await openBrowser(t, { width, height: 844, timezoneId: LONDON });
      const page = await browser.open("/order");
      await fakeCheckoutPage(page);
      const bodies: Record<string, unknown>[] = [];
      await page.route("**/api/guest/create-checkout-session", (route) => {
        bodies.push(route.request().postDataJSON());
        return answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_gift" });
      });
      await fillRequired(page);
      await page.getByLabel("This song is a gift").check();
      await formLive(page);
      await page.getByLabel("Recipient's name").fill("Grandma Jo");
      await page.getByLabel("Recipient's email").fill("jo@example.com");

      // "You" is the giver: the song goes to Grandma Jo, the giver gets the receipt and a copy.
      assertEquals(await describedBy(page.getByLabel("Your email")), [
        "Your receipt comes here, and your own copy of the song once Grandma Jo has theirs.",
      ]);
      assertEquals(
        (await describedBy(page.getByLabel("Recipient's email")))[0],
        "Grandma Jo gets a private link to the song here. Leave it empty to receive the song yourself and pass it on.",
      );
      assertEquals(
        (await describedBy(page.getByLabel("Gift message")))[0],
        "Grandma Jo reads it in the gift email. It is not sung in the song.",
      );
      const when = page.getByRole("group", { name: "When should it arrive?" });
      const summary = when.locator("[data-delivery-summary]");
      assertEquals(
        await summary.textContent(),
        "We'll send the song to Grandma Jo as soon as it's ready, within 24 hours.",
      );

      // A chosen day: the zone is named before any day is picked, the browser's own at first.
      await when.getByLabel("On a day I choose").check();
      const zone = when.getByLabel("Time zone");
      assertEquals(await zone.inputValue(), LONDON);
      assertEquals(await zone.locator("option:checked").textContent(), "Europe/London");
      assertEquals(
        await summary.textContent(),
        "Choose a day at least 24 hours from now and within the next year, on London time.",
      );
      assertEquals(
        (await describedBy(zone))[0],
        "The day and time are read in this zone: for a gift, choose where Grandma Jo lives.",
      );

      // Grandma Jo lives in Sydney: her morning, said on both clocks.
      await zone.selectOption("Australia/Sydney");
      assertEquals(
        await summary.textContent(),
        "Choose a day at least 24 hours from now and within the next year, on Sydney time.",
      );
      const day = toLocalInput(Date.now() + 40 * DAY_MS, "Australia/Sydney").slice(0, 10);
      await when.getByLabel("Date").fill(day);
      const at = new Date(instantOf(`${day}T08:00`, "Australia/Sydney")!).toISOString();
      const inSydney = describeDeliveryTime({ at, timeZone: "Australia/Sydney" }, Date.now());
      const inLondon = describeDeliveryTime({ at, timeZone: LONDON }, Date.now());
      assertEquals(
        await summary.textContent(),
        `The song will reach Grandma Jo on ${inSydney}. That's ${inLondon} for you.`,
      );
      await when.evaluate((box) => box.scrollIntoView({ block: "center" }));
      await browser.screenshot(page, `order-gift-zone-${width}-viewport`);

      // Kept across a reload, and sent in her zone.
      await page.reload();
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await waitForValue(page, "deliveryTimeZone", "Australia/Sydney");
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await page.waitForURL(browser.origin + "/checkout-test");
      const sent = bodies.at(-1)!.order as Record<string, unknown>;
      assertEquals([sent.deliveryAt, sent.deliveryTimeZone], [`${day}T08:00`, "Australia/Sydney"]);
      assertEquals(browser.problems, []);
    }
  },
);

e2eTest(
  "order form: a long answer shows its count and the limit, is never cut, and must be shortened before sending",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t, { width: 390, height: 844 });
    const page = await browser.open("/order");
    let sent = 0;
    await page.route("**/api/guest/create-checkout-session", (route) => {
      sent++;
      return answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_long" });
    });
    await fillRequired(page);
    await page.getByLabel("This song is a gift").check();
    await formLive(page);
    const message = page.getByLabel("Gift message");
    const count = page.locator("#order-giftMessage-count");
    const nearing = count.locator("xpath=following-sibling::*[@aria-live='polite']");
    assertEquals(await count.textContent(), "0 of 2,000 characters");
    assertEquals(await nearing.textContent(), "");

    await message.fill("a".repeat(1995));
    assertEquals(await count.textContent(), "1,995 of 2,000 characters");
    assertEquals(await nearing.textContent(), "Fewer than 10 characters left.");
    assert((await describedBy(message)).includes("1,995 of 2,000 characters"), "heard with the field");

    // A paste over the limit is kept whole: the parent chooses what to cut.
    await message.fill("b".repeat(2100));
    assertEquals((await message.inputValue()).length, 2100);
    assertEquals(await count.textContent(), "2,100 of 2,000 characters");
    assertEquals(await nearing.textContent(), "Over the 2,000-character limit. Please shorten it.");
    await browser.screenshot(page, "order-gift-message-over-390");
    await page.getByRole("button", { name: "Create Your Song" }).click();
    const toast = await toastNamed(page, "Gift message is too long");
    assert((await toast.textContent())!.includes("at most 2,000 characters (it has 2,100)"));
    assertEquals(await message.getAttribute("aria-invalid"), "true");
    assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "giftMessage");
    assertEquals(sent, 0, "nothing sent");

    await message.fill("c".repeat(2000));
    assertEquals(await nearing.textContent(), "2,000-character limit reached.");
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(browser.origin + "/checkout-test");
    assertEquals(sent, 1);
  },
);

e2eTest(
  "order form: the child's name is asked for as it is sung; emoji and symbols are refused, every language kept",
  async () => {
    await using t = await createTestApp();
    await using browser = await openBrowser(t, { width: 1280 });
    const page = await browser.open("/order");
    await fakeCheckoutPage(page);
    let sent = 0;
    await page.route("**/api/guest/create-checkout-session", (route) => {
      sent++;
      return answer(route, 200, { checkoutUrl: "/checkout-test", sessionId: "cs_name" });
    });
    const name = page.getByLabel("Child's name");
    assertEquals(
      (await describedBy(name))[0],
      "Write it as it should be sung: letters, spaces, hyphens and apostrophes, no emoji or symbols.",
    );
    await fillRequired(page);
    await formLive(page);
    await name.fill("Zoë 🦄");
    await page.getByRole("button", { name: "Create Your Song" }).click();
    const toast = await toastNamed(page, "Name As It's Sung");
    assert((await toast.textContent())!.includes("“🦄” can't be sung."));
    assertEquals(await name.getAttribute("aria-invalid"), "true");
    assertEquals(await page.evaluate(() => document.activeElement?.getAttribute("name")), "childName");
    assertEquals(sent, 0);

    await name.fill("Zoë-Anne O'Brien");
    assertEquals(await name.getAttribute("aria-invalid"), null, "typing clears the message");
    await page.getByRole("button", { name: "Create Your Song" }).click();
    await page.waitForURL(browser.origin + "/checkout-test");
    assertEquals(sent, 1);
  },
);
