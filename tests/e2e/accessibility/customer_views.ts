/** The views of the customer side (customer-side.md), for the accessibility check. */
import type { Page } from "playwright-core";
import { ANIMAL_PEEK_CYCLE_MS } from "../../../domain/site/hero.ts";
import { ownReferralCode } from "../../../domain/referral/referrals.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { expireLocalSession } from "../../../kv/local_checkout.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createReferralCode } from "../../../kv/referral_codes.ts";
import { jsonBody, latestSignInLink, type TestApp } from "../../helpers.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  deliveredOrder,
} from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import { orderForm } from "../../integration/orders/helpers.ts";
import { songWithTwoTakes, TITLE } from "../song_takes.ts";
import { type AccessibilityView, type Viewer, VIEWER_EMAILS } from "./views.ts";

const BOTH: Viewer[] = ["visitor", "customer"];

/** The same view for a visitor and for a signed-in customer. */
const forBoth = (view: Omit<AccessibilityView, "viewer">): AccessibilityView[] =>
  BOTH.map((viewer) => ({ ...view, viewer }));

/** A delivered song (the real pipeline on the test's clock), its audio served from APP_URL. */
async function songPath(t: TestApp, overrides: Parameters<typeof deliveredOrder>[1] = {}) {
  const order = await deliveredOrder(t, { childName: "Mia Rose", ...overrides });
  return `/unboxing/${order.id}`;
}

/** Opens the box and waits for the revealed song, the reveal's 3000 ms on the page's own clock. */
async function reveal(page: Page) {
  await page.clock.install();
  await page.getByRole("button", { name: "Tap to Open!" }).click();
  await page.getByRole("button", { name: "Opening Magic..." }).waitFor();
  await page.clock.runFor(3000);
  await page.locator("[data-now-playing]").waitFor();
  await page.clock.resume();
}

/** A local checkout session for a guest's order, as the order form starts one. */
async function checkoutPath(t: TestApp) {
  const response = await t.request("/api/guest/create-checkout-session", jsonBody({ order: orderForm() }));
  const { checkoutUrl } = await response.json();
  return new URL(checkoutUrl, "http://localhost").pathname;
}

/** The signed-in customer's song, made and waiting for review (set up in the store). */
const customerSong = (t: TestApp, childName: string, userId: string | null) =>
  completedOrder(t, { childName, parentEmail: VIEWER_EMAILS.customer }, userId!);

/**
 * The customer's delivered song, approved and sent in the store: the pipeline would move the test's
 * clock past the session the view signed in with.
 */
async function customerDeliveredSong(t: TestApp, childName: string, userId: string | null) {
  const made = await customerSong(t, childName, userId);
  const now = new Date(t.clock.now()).toISOString();
  await updateOrder(t.kv, made.id, (order) => ({
    ...order,
    approvalStatus: "approved",
    approvedAt: now,
    deliveryScheduledFor: now,
    emailSentAt: now,
    emailSendCount: 1,
  }));
}

const GIFT = {
  isGift: true,
  parentName: "Grandma Sue",
  giftRecipientName: "Jo",
  giftRecipientEmail: "jo@example.com",
  giftMessage: "Happy 5th birthday, my little star!",
};

/** The newest toast with this title, once it shows. */
async function toastShown(page: Page, title: string) {
  await page.locator("[data-toast-viewport] > [data-state]:not([hidden])")
    .filter({ has: page.locator("p", { hasText: title }) })
    .waitFor();
}

/** The order form once a first touch has woken it, ready for choices read back at once. */
async function formLive(page: Page) {
  await page.getByLabel("Child's name").focus();
  await page.waitForSelector('lh-island[data-island="OrderForm"][data-hydrated]', { state: "attached" });
}

/** A friend's own code, as a first order leaves one, so the form finds it live on open. */
async function friendsCodePath(t: TestApp, code: string) {
  const owner = {
    email: "friend@example.com",
    childName: "Friend",
    orderId: crypto.randomUUID(),
    orderNumber: 1,
  };
  await createReferralCode(t.kv, ownReferralCode(owner, t.clock.now(), code));
  return `/order?ref=${code.toLowerCase()}`;
}

/** A link to someone else's address, asked for from another browser (no mark of it reaches ours). */
async function someoneElsesSignInPath(t: TestApp) {
  const asked = await t.request("/api/auth/request-magic-link", jsonBody({ email: "mallory@example.com" }));
  await asked.body?.cancel();
  return `/auth/verify${new URL(await latestSignInLink(t, "mallory@example.com")).search}`;
}

/** A gift approved and sent by staff: the path of the link its recipient was emailed. */
async function giftLinkPath(t: TestApp) {
  const order = await completedOrder(t, { childName: "Mia", parentEmail: "ann@example.com", ...GIFT });
  const staff = await adminHeaders(t);
  await adminCall(t, staff, order.id, "approve");
  await adminCall(t, staff, order.id, "send-now");
  const mail = (await listDevMail(t.kv)).find((message) => message.to === GIFT.giftRecipientEmail);
  const link = mail?.text.match(/\/u\/[\w-]+\?t=[\w-]+/)?.[0];
  if (!link) throw new Error("no order link was emailed to the gift's recipient");
  return link;
}

export const CUSTOMER_VIEWS: AccessibilityView[] = [
  ...forBoth({ route: "/", state: "the landing page", path: () => "/" }),
  ...forBoth({ route: "/order", state: "the order form", path: () => "/order" }),
  ...forBoth({
    route: "/order",
    state: "the order form with a gift, streaming and a chosen day",
    path: () => "/order",
    async reach(page) {
      await page.getByLabel("This song is a gift").check();
      await page.waitForSelector('lh-island[data-island="OrderForm"][data-hydrated]', { state: "attached" });
      await page.getByLabel("Put the song on streaming platforms").check();
      await page.getByLabel("On a day I choose").check();
      await page.getByLabel("Date").waitFor();
    },
  }),
  ...forBoth({ route: "/privacy-policy", state: "the privacy policy", path: () => "/privacy-policy" }),
  ...forBoth({
    route: "/terms-and-conditions",
    state: "the terms and conditions",
    path: () => "/terms-and-conditions",
  }),
  ...forBoth({ route: "404", state: "the not-found page", path: () => "/no/such/page" }),
  ...forBoth({ route: "/login", state: "the sign-in form", path: () => "/login" }),
  {
    route: "/login",
    state: "the link sent",
    viewer: "visitor",
    path: () => "/login",
    async reach(page) {
      await page.getByLabel("Email").fill("parent@example.com");
      await page.getByRole("button", { name: /send/i }).click();
      await page.getByRole("heading", { name: /check your email/i }).waitFor();
    },
  },
  ...forBoth({
    route: "/auth/verify",
    state: "a link that no longer works",
    path: () => `/auth/verify?t=${"A".repeat(43)}`,
    async reach(page) {
      await page.getByRole("link", { name: /sign-in|login|new link/i }).first().waitFor();
    },
  }),
  ...forBoth({
    route: "/payment-processing",
    state: "no checkout to look for",
    path: () => "/payment-processing",
  }),
  ...forBoth({
    route: "/order-processing/:id",
    state: "a song being made",
    path: async (t, userId) => {
      const order = await placeOrder(t, { childName: "Mia" }, userId ?? "guest");
      return `/order-processing/${order.id}?name=Mia`;
    },
  }),
  ...forBoth({
    route: "/checkout/local/:id",
    state: "the local checkout",
    path: (t) => checkoutPath(t),
  }),
  ...forBoth({
    route: "/dev/mailbox",
    state: "the dev mailbox",
    env: { APP_ENV: "development" },
    path: () => "/dev/mailbox",
  }),
  ...forBoth({
    route: "/u/:orderId",
    state: "a link that no longer works",
    path: () => `/u/${crypto.randomUUID()}?t=${"A".repeat(43)}`,
  }),
  {
    route: "/my-songs",
    state: "signed out: the toast and the way to sign in, before the page takes the visitor there",
    viewer: "visitor",
    // The page moves on to /login by itself; that navigation is answered "204 No Content", which
    // leaves the page on screen as the visitor sees it until then (a refused one would show an error).
    before: (context) => context.route("**/login", (route) => route.fulfill({ status: 204 })),
    path: () => "/my-songs",
    async reach(page) {
      await page.getByText("Please log in to view your songs", { exact: true }).waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "a card in every state",
    viewer: "customer",
    path: async (t, userId) => {
      await customerDeliveredSong(t, "Dora", userId);
      await customerSong(t, "Rosa", userId);
      await placeOrder(t, { childName: "Gus", parentEmail: VIEWER_EMAILS.customer }, userId!);
      const fay = await placeOrder(t, { childName: "Fay", parentEmail: VIEWER_EMAILS.customer }, userId!);
      await updateOrder(t.kv, fay.id, (order) => ({
        ...order,
        status: "failed",
        currentStage: "LYRICS",
        failureType: "lyrics",
        error: "Lyrics Generation failed: the lyricist refused the request (HTTP 400).",
        nextPollAt: null,
        failureEmailSent: true,
      }));
      return "/my-songs";
    },
    async reach(page) {
      await page.getByRole("list", { name: "Your songs" }).waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "the delete dialog",
    viewer: "customer",
    path: async (t, userId) => {
      await customerSong(t, "Rosa", userId);
      return "/my-songs";
    },
    async reach(page) {
      await page.getByRole("button", { name: "Delete song for Rosa" }).click();
      await page.getByRole("dialog", { name: "Delete Song" }).waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "the delivery time dialog, a day too soon",
    viewer: "customer",
    path: async (t, userId) => {
      await customerSong(t, "Rosa", userId);
      return "/my-songs";
    },
    async reach(page) {
      await page.getByRole("button", { name: "Change delivery time for Rosa" }).click();
      const dialog = page.getByRole("dialog", { name: "Change delivery time" });
      await dialog.getByLabel("On a day I choose").check();
      const date = dialog.getByLabel("Date");
      await date.fill((await date.getAttribute("min"))!);
      await dialog.getByLabel("Time", { exact: true }).fill("00:00");
      await dialog.getByRole("button", { name: "Save" }).click();
      await date.and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "no songs yet",
    viewer: "customer",
    path: () => "/my-songs",
    async reach(page) {
      await page.getByRole("heading", { name: "No songs yet" }).waitFor();
    },
  },
  ...forBoth({
    route: "/unboxing/:id",
    state: "the closed box",
    path: (t) => songPath(t),
  }),
  ...forBoth({
    route: "/unboxing/:id",
    state: "a gift revealed",
    path: (t) => songPath(t, GIFT),
    reach: reveal,
  }),
  ...forBoth({
    route: "/unboxing/:id",
    state: "the lyrics open",
    path: async (t) => `${await songPath(t)}?skip=true`,
    async reach(page) {
      await page.getByRole("button", { name: "Read Song Lyrics" }).click();
      await page.getByRole("button", { name: "Hide Song Lyrics" }).waitFor();
    },
  }),
  ...forBoth({
    route: "/unboxing/:id",
    state: "a song not ready",
    path: async (t, userId) => `/unboxing/${(await completedOrder(t, {}, userId ?? "user-1")).id}`,
  }),
  {
    viewer: "visitor",
    route: "/",
    state: "the hero's video playing for a visitor who allows motion, 'Click to unmute' shown",
    reducedMotion: "no-preference",
    path: () => "/",
    async reach(page) {
      await page.waitForFunction(() => {
        const video = document.querySelector<HTMLVideoElement>("#home video");
        return video && !video.paused && video.currentTime > 0;
      });
      await page.locator("#home").getByRole("button", { name: "Unmute hero video" }).focus();
      await page.locator("#home").getByRole("tooltip").waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/",
    state: "an animal peeking into the hero, for a visitor who allows motion",
    reducedMotion: "no-preference",
    // The page's timers on the test's clock, so the animal's 12 s pass at once.
    before: (context) => context.clock.install(),
    path: () => "/",
    async reach(page) {
      // Its cycle starts when its island hydrates; the clock must not pass before that.
      await page.waitForSelector('lh-island[data-island="AnimalPeek"][data-hydrated]', { state: "attached" });
      await page.clock.runFor(ANIMAL_PEEK_CYCLE_MS);
      const animal = page.locator("#home [data-animal-peek]");
      await animal.waitFor({ state: "attached" });
      // Held fully in view while it is checked: the slide runs on the browser's own clock.
      await animal.evaluate((element) => {
        for (const motion of element.getAnimations()) {
          motion.pause();
          motion.currentTime = Number(motion.effect?.getTiming().duration ?? 0) / 2;
        }
      });
    },
  },
  {
    viewer: "visitor",
    route: "/",
    state: "every island hydrated, scrolled to the FAQ",
    path: () => "/",
    async reach(page) {
      await page.locator("#kid-reactions").scrollIntoViewIfNeeded();
      await page.waitForSelector('lh-island[data-island="ReactionsCarousel"][data-hydrated]', {
        state: "attached",
      });
      await page.locator("#faq").scrollIntoViewIfNeeded();
      await page.waitForSelector('lh-island[data-island="Faq"][data-hydrated]', { state: "attached" });
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a missing answer: its toast and the fields marked",
    path: () => "/order",
    async reach(page) {
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await toastShown(page, "Child's Name Required");
      await page.getByLabel("Child's name").and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a day too soon: its toast and the reason beside the date",
    path: () => "/order",
    async reach(page) {
      await formLive(page);
      await page.getByLabel("Child's name").fill("Mia");
      await page.getByLabel("Your name").fill("Sam Parent");
      await page.getByLabel("Your email").fill("sam@example.com");
      const when = page.getByRole("group", { name: "When should it arrive?" });
      await when.getByLabel("On a day I choose").check();
      const date = when.getByLabel("Date");
      await date.fill((await date.getAttribute("min"))!);
      await when.getByLabel("Time", { exact: true }).fill("00:00");
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await toastShown(page, "Choose Another Day");
      await date.and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a friend's code: its offer in the price summary",
    path: (t) => friendsCodePath(t, "MIA-7K3Q"),
    async reach(page) {
      await page.locator("[data-referral-note=offer]").waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "an unknown code: the line saying so",
    path: () => "/order?ref=NOPE123",
    async reach(page) {
      await page.locator("[data-referral-note=refused]").waitFor();
    },
  },
  {
    route: "/order",
    state: "a malformed code: its toast",
    viewer: "visitor",
    path: () => "/order?ref=bad%20code!",
    reach: (page) => toastShown(page, "Invalid Referral Code"),
  },
  {
    route: "/order",
    state: "signed in: whose account the order joins, with a way out, the form live",
    viewer: "customer",
    path: () => "/order",
    async reach(page) {
      await page.waitForSelector('lh-island[data-island="OrderForm"][data-hydrated]', { state: "attached" });
      await page.locator("[data-signed-in-as]").waitFor();
    },
  },
  {
    route: "/login",
    state: "no address: the 'Email required' toast",
    viewer: "visitor",
    path: () => "/login",
    async reach(page) {
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await toastShown(page, "Email required");
    },
  },
  {
    route: "/login",
    state: "a malformed address: its toast and the reason beside the field",
    viewer: "visitor",
    path: () => "/login",
    async reach(page) {
      const field = page.getByLabel("Email address");
      await field.fill("parent.example.com");
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await toastShown(page, "That email address doesn't look right");
      await field.and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  {
    route: "/auth/verify",
    state: "someone else's link: whose account it opens, asked before signing in",
    viewer: "visitor",
    path: (t) => someoneElsesSignInPath(t),
    async reach(page) {
      await page.getByRole("heading", { name: "Sign in as this address?" }).waitFor();
    },
  },
  {
    route: "/u/:orderId",
    state: "a gift's link: the greeting toast, before going on to the song",
    viewer: "visitor",
    env: { JOB_QUEUE: "off" },
    // The page goes on to the unboxing by itself; answered "204 No Content", it stays where it is.
    before: (context) => context.route(/\/unboxing\//, (route) => route.fulfill({ status: 204 })),
    path: (t) => giftLinkPath(t),
    async reach(page) {
      await toastShown(page, "A song for Mia from Grandma Sue");
    },
  },
  {
    viewer: "visitor",
    route: "/unboxing/:id",
    state: "'Another version' offered, both songs' words open",
    path: async (t) => `/unboxing/${(await songWithTwoTakes(t)).order.id}?skip=true`,
    async reach(page) {
      await page.getByRole("heading", { name: TITLE }).waitFor();
      await page.getByRole("button", { name: "Read Song Lyrics" }).click();
      await page.getByRole("button", { name: "Hide Song Lyrics" }).waitFor();
      const another = page.locator("[data-another-version]");
      await another.getByRole("button", { name: "Sing along to this one" }).click();
      await another.locator("[data-sing-along]").waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a gift timed on its recipient's clock: the zone list, its hint and both clocks said back",
    path: () => "/order",
    async reach(page) {
      await formLive(page);
      await page.getByLabel("This song is a gift").check();
      await page.getByLabel("Recipient's name").fill("Grandma Jo");
      await page.getByLabel("Recipient's email").fill("jo@example.com");
      const when = page.getByRole("group", { name: "When should it arrive?" });
      await when.getByLabel("On a day I choose").check();
      await when.getByLabel("Time zone").selectOption("Australia/Sydney");
      const date = when.getByLabel("Date");
      await date.fill((await date.getAttribute("max"))!);
      await when.locator("[data-delivery-summary]", { hasText: "for you" }).waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a gift message over its limit: the count in red, its toast and the field marked",
    path: () => "/order",
    async reach(page) {
      await formLive(page);
      await page.getByLabel("Child's name").fill("Mia");
      await page.getByLabel("Your name").fill("Sam Parent");
      await page.getByLabel("Your email").fill("sam@example.com");
      await page.getByLabel("This song is a gift").check();
      await page.getByLabel("Gift message").fill("x".repeat(2010));
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await toastShown(page, "Gift message is too long");
      await page.getByLabel("Gift message").and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "a child's name that cannot be sung: its toast and the name marked",
    path: () => "/order",
    async reach(page) {
      await formLive(page);
      await page.getByLabel("Child's name").fill("Zoë 🦄");
      await page.getByRole("button", { name: "Create Your Song" }).click();
      await toastShown(page, "Name As It's Sung");
      await page.getByLabel("Child's name").and(page.locator("[aria-invalid=true]")).waitFor();
    },
  },
  // A checkout that was never paid: the return page and the form say nothing was charged.
  {
    viewer: "visitor",
    route: "/payment-processing",
    state: "a checkout never paid: nothing was charged",
    // The page goes back to the form by itself; answered "204 No Content", it stays where it is.
    before: (context) => context.route(/\/order\?/, (route) => route.fulfill({ status: 204 })),
    path: async (t) =>
      `/payment-processing?session_id=${(await checkoutPath(t)).split("/").at(-1)}&guest=true`,
    async reach(page) {
      await page.locator("[data-payment-failure=incomplete]").waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/order",
    state: "back from a checkout never paid: the notice that nothing was charged",
    path: () => "/order?payment=incomplete",
    async reach(page) {
      await page.locator("[data-payment-notice=incomplete]").waitFor();
    },
  },
  {
    viewer: "visitor",
    route: "/checkout/local/:id",
    state: "an expired checkout: nothing was charged",
    async path(t) {
      const path = await checkoutPath(t);
      await expireLocalSession(t.kv, path.split("/").at(-1)!);
      return path;
    },
  },
  // The family's song pages: an unknown song, the order page at each stage, a delivered gift's delete
  // dialog, and a card offering "Another version".
  ...forBoth({
    route: "/unboxing/:id",
    state: "an order that does not exist",
    path: () => `/unboxing/${crypto.randomUUID()}`,
    async reach(page) {
      await page.getByRole("heading", { name: "We can't find this order" }).waitFor();
    },
  }),
  ...forBoth({
    route: "/order-processing/:id",
    state: "a gift approved for a chosen day",
    path: async (t, userId) => {
      const order = await placeOrder(
        t,
        { childName: "Mia", ...GIFT, deliveryAt: "2027-03-14T08:00", deliveryTimeZone: "Europe/London" },
        userId ?? "guest",
      );
      const at = new Date(t.clock.now()).toISOString();
      await updateOrder(t.kv, order.id, (current) => ({
        ...current,
        status: "completed",
        currentStage: null,
        songUrl: `${t.config.appUrl}/audio/song.mp3`,
        approvalStatus: "approved",
        approvedAt: at,
        deliveryScheduledFor: current.requestedDelivery!.at,
      }));
      return `/order-processing/${order.id}?name=Mia`;
    },
    async reach(page) {
      await page.getByRole("heading", { name: "Approved and On Its Way!" }).waitFor();
    },
  }),
  ...forBoth({
    route: "/order-processing/:id",
    state: "a delivered song, with the way to it",
    path: async (t) => `/order-processing/${(await deliveredOrder(t, { childName: "Mia" })).id}?name=Mia`,
    async reach(page) {
      await page.getByRole("link", { name: "Hear the Song" }).waitFor();
    },
  }),
  ...forBoth({
    route: "/order-processing/:id",
    state: "a failed song, said plainly",
    path: async (t, userId) => {
      const order = await placeOrder(t, { childName: "Mia" }, userId ?? "guest");
      await updateOrder(t.kv, order.id, (current) => ({
        ...current,
        status: "failed",
        failureEmailSent: true,
        failureEmailDueAt: null,
      }));
      return `/order-processing/${order.id}?name=Mia`;
    },
    async reach(page) {
      await page.getByRole("heading", { name: "We Hit a Snag" }).waitFor();
    },
  }),
  {
    route: "/my-songs",
    state: "the delete dialog of a gift its recipient keeps",
    viewer: "customer",
    path: async (t, userId) => {
      const made = await completedOrder(
        t,
        { childName: "Rosa", ...GIFT, parentEmail: VIEWER_EMAILS.customer },
        userId!,
      );
      const now = new Date(t.clock.now()).toISOString();
      await updateOrder(t.kv, made.id, (order) => ({
        ...order,
        approvalStatus: "approved",
        approvedAt: now,
        emailSentAt: now,
        emailSendCount: 1,
      }));
      return "/my-songs";
    },
    async reach(page) {
      await page.getByRole("button", { name: "Delete song for Rosa" }).click();
      await page.getByRole("dialog", { name: "Delete Song" }).getByText("Jo keeps the song you gave", {
        exact: false,
      }).waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "a delivered song offering 'Another version'",
    viewer: "customer",
    path: async (t, userId) => {
      // Made in the store (the pipeline would move the test's clock past the view's session).
      const made = await customerSong(t, "Rosa", userId);
      const now = new Date(t.clock.now()).toISOString();
      await updateOrder(t.kv, made.id, (order) => ({
        ...order,
        approvalStatus: "approved",
        approvedAt: now,
        emailSentAt: now,
        emailSendCount: 1,
        bonusTake: { by: VIEWER_EMAILS.admin, at: now },
      }));
      return "/my-songs";
    },
    async reach(page) {
      await page.getByRole("region", { name: "Another version" }).waitFor();
    },
  },
  {
    route: "/order",
    state: "the order form in a browser signed in by someone's song link",
    viewer: "visitor",
    env: { JOB_QUEUE: "off" },
    // The link's page goes on to the unboxing by itself; answered "204 No Content", it stays put.
    before: (context) => context.route(/\/unboxing\//, (route) => route.fulfill({ status: 204 })),
    path: (t) => giftLinkPath(t),
    async reach(page) {
      await toastShown(page, "A song for Mia from Grandma Sue");
      await page.goto(new URL("/order", page.url()).href);
      await page.locator("[data-opened-from-song-link]").waitFor();
    },
  },
];
