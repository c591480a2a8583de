/**
 * The views of the staff side (staff-side.md), for the accessibility check: the dashboard with every
 * kind of row and panel, its tabs and narrowed lists, and each dialog, toast and warning staff meet,
 * set up in the store and reached by the clicks staff make.
 */
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { toLocalInput } from "../../../domain/delivery/requested.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { saveSystemPrompt } from "../../../kv/prompts.ts";
import { noteStorageFailure } from "../../../kv/storage_health.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { jsonBody, type TestApp } from "../../helpers.ts";
import { completedOrder, sessionHeaders } from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import { waitingFamilies } from "../../integration/admin/attention_fixtures.ts";
import {
  failedAtLyrics,
  failedWithTimeline,
  flaggedOrder,
  markDelivered,
  songOrder,
  twoTakeOrder,
} from "../admin/fixtures.ts";
import { type AccessibilityView, VIEWER_EMAILS } from "./views.ts";

/** No job queue: what the views show is what the store holds, with no worker moving it on. */
const STAFF_ENV = { JOB_QUEUE: "off" } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A staff call to the API, as the dashboard makes it; fails the view if refused. */
async function staffCall(t: TestApp, orderId: string, action: string, body: unknown = {}) {
  const headers = await sessionHeaders(t, VIEWER_EMAILS.admin);
  const response = await t.request(`/api/admin/orders/${orderId}/${action}`, jsonBody(body, { headers }));
  if (!response.ok) throw new Error(`${action} answered ${response.status}: ${await response.text()}`);
  await response.body?.cancel();
}

/** The dashboard searched for one order: its row alone, whichever the layout. */
const dashboardOf = (order: Order, filter?: string) =>
  `/admin/orders?${filter ? `filter=${filter}&` : ""}q=%23${order.orderNumber}`;

/** The (only) order's row in the table, or its card on a phone. */
const row = (page: Page) => page.locator("[data-order-id]:visible").first();

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * A studio on an ordinary day, one order in each state a row can show, then 13 hours on: Fay's song
 * failed and Rory's has waited in review too long (the attention panel), an email is overdue (the
 * backlog panel's warning), a paid order is flagged for its discount. The app's clock only moves on
 * (not to the real time orders are stamped with): the viewer's session began on it.
 */
async function busyStudio(t: TestApp) {
  const rory = await completedOrder(t, { childName: "Rory", parentEmail: "rory@example.com" });
  await failedAtLyrics(t, "Fay");
  await flaggedOrder(t);
  await completedOrder(t, {
    childName: "Star",
    parentEmail: "star@example.com",
    addStreamingServices: true,
    streamingArtistName: "Little Star",
  });
  const dated = await completedOrder(t, {
    childName: "Zelda",
    parentEmail: "harriet@example.com",
    deliveryAt: `${toLocalInput(Date.now() + 3 * DAY, "Europe/London").slice(0, 10)}T08:00`,
    deliveryTimeZone: "Europe/London",
  });
  const approved = await completedOrder(t, { childName: "Pip", parentEmail: "pip@example.com" });
  const late = await completedOrder(t, { childName: "Lou", parentEmail: "lou@example.com" });
  await markDelivered(t, (await completedOrder(t, { childName: "Dora" })).id);
  await placeOrder(t, { childName: "Gus", parentEmail: "gus@example.com" });
  for (const order of [dated, approved, late]) await staffCall(t, order.id, "approve");
  await updateOrder(t.kv, late.id, (order) => ({
    ...order,
    deliveryDueAt: new Date(t.clock.now() - 5 * 60_000).toISOString(),
  }));
  t.clock.advance(13 * HOUR);
  return { rory, dated };
}

/** Closes nothing and waits for nothing more: the dialog is open once its heading is. */
async function dialogOpen(page: Page, name: string | RegExp) {
  await page.getByRole("dialog", { name }).first().waitFor();
}

async function openPreview(page: Page) {
  await row(page).getByRole("button", { name: "Preview" }).click();
  await page.getByRole("dialog", { name: "Song Preview" }).locator("[data-player][data-state=paused]")
    .waitFor();
}

async function openDetails(page: Page, tab?: string) {
  await row(page).getByRole("button", { name: /^Order #\d+ details$/ }).click();
  const detail = page.getByRole("dialog", { name: /^Order #\d+$/ });
  await detail.waitFor();
  if (tab) await detail.getByRole("tab", { name: tab }).click();
  return detail;
}

async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Admin Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Admin Settings - Song Generation Prompts" });
  await settings.getByRole("tabpanel").getByText(/^(Default prompt|Version \d+ · saved)/).first().waitFor();
  return settings;
}

async function referralCodes(page: Page) {
  await page.getByRole("tab", { name: "Referral Codes" }).click();
  return page.getByRole("tabpanel", { name: "Referral Codes" });
}

/** Two referral codes, one a fixed amount with a limit and an end. */
async function twoCodes(t: TestApp) {
  const headers = await sessionHeaders(t, VIEWER_EMAILS.admin);
  for (
    const code of [
      { code: "FRIENDS", discountType: "percentage", discountValue: 50, usageLimit: null, expiresAt: null },
      {
        code: "SPRING-5",
        discountType: "fixed_amount",
        discountValue: 500,
        usageLimit: 100,
        expiresAt: "2030-04-30",
      },
    ]
  ) {
    const answer = await t.request(
      "/api/admin/referral-codes",
      jsonBody({ ...code, description: "" }, { headers }),
    );
    if (answer.status !== 201) throw new Error(`the code was refused: ${await answer.text()}`);
    await answer.body?.cancel();
  }
  return "/admin/orders";
}

/** Two saved versions of the live lyrics prompt, by another admin. */
async function twoPromptVersions(t: TestApp) {
  const by = "second@example.com";
  await saveSystemPrompt(
    t.kv,
    "lyrics",
    "You write songs.\nKeep every line short.",
    by,
    t.clock.now(),
    "live",
  );
  t.clock.advance(HOUR);
  await saveSystemPrompt(t.kv, "lyrics", "You write songs.\nRhyme the name.", by, t.clock.now(), "live");
  return "/admin/orders";
}

async function promptHistory(page: Page) {
  const settings = await openSettings(page);
  await settings.getByRole("button", { name: "Version history" }).click();
  await settings.getByRole("region", { name: /compared with/ }).waitFor();
  return settings;
}

/** Opens the navigation's menu on a phone (a desktop shows its entries as they are). */
async function navigationMenu(page: Page) {
  if (!isPhone(page)) return;
  await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]")).click();
}

const admin = (state: string, view: Omit<AccessibilityView, "route" | "state" | "viewer">) =>
  ({ route: "/admin/orders", state, viewer: "admin", env: STAFF_ENV, ...view }) satisfies AccessibilityView;

export const ADMIN_VIEWS: AccessibilityView[] = [
  admin("an empty list: nothing needs attention", { path: () => "/admin/orders" }),
  admin("a busy list: every kind of row, the attention panel and the backlog's warning", {
    async path(t) {
      await busyStudio(t);
      return "/admin/orders";
    },
  }),
  admin("the Failed tab, its count in red", {
    async path(t) {
      await busyStudio(t);
      return "/admin/orders?filter=failed";
    },
  }),
  admin("the 'For a date' tab, an approved song counting down to the family's date", {
    async path(t) {
      await busyStudio(t);
      return "/admin/orders?filter=dated";
    },
  }),
  admin("a search narrowing the Review tab to one order (a link of the attention panel)", {
    async path(t) {
      return dashboardOf((await busyStudio(t)).rory, "review");
    },
  }),
  admin("the list sorted and narrowed by gift and referral code", {
    async path(t) {
      await writeSampleOrders(t.kv, 130);
      return "/admin/orders?gift=gift&sort=oldest&code=GRANDMA";
    },
  }),
  admin("days read in another time zone than the browser's, page 2 of 3", {
    async path(t) {
      await writeSampleOrders(t.kv, 130, Date.parse("2026-11-15T14:00:00Z") + 100_000 * 60_000);
      return "/admin/orders?from=2026-11-15&to=2026-11-15&tz=Asia%2FTokyo&page=2";
    },
  }),
  admin("Create Manual Order, warning of a duplicate", {
    async path(t) {
      await completedOrder(t, { childName: "Mia", parentEmail: "parent@example.com" });
      return "/admin/orders";
    },
    async reach(page) {
      await page.getByRole("button", { name: "Create Order" }).click();
      const form = page.getByRole("dialog", { name: "Create Manual Order" });
      await form.getByLabel("Child's name").fill("Mia");
      await form.getByLabel("Age").fill("5");
      await form.getByLabel("Parent's email").fill("parent@example.com");
      await form.getByLabel("Song title").fill("Mia's Song");
      await form.getByLabel("Lyrics").fill("[Verse]\nMia sings again");
      await form.getByLabel("Song file (MP3)").setInputFiles({
        name: "mia.mp3",
        mimeType: "audio/mpeg",
        buffer: Buffer.from(synthMp3()),
      });
      await form.getByRole("button", { name: "Create Order" }).click();
      await form.getByRole("alert").waitFor();
    },
  }),
  admin("Error Details of a failed song with its timeline, an id copied", {
    async path(t) {
      return dashboardOf(await failedWithTimeline(t, "Fay"));
    },
    async reach(page) {
      await row(page).getByRole("button", { name: "Error Details" }).click();
      const details = page.getByRole("dialog", { name: /Error Details/ });
      await details.getByText("Multiple retries").waitFor();
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await details.getByRole("button", { name: "Copy the request id" }).click();
      await page.locator("[data-toast-viewport]").getByText("The request id is copied").waitFor();
    },
  }),
  admin("Upload Song for an order without lyrics, its title and lyrics filled in", {
    async path(t) {
      return dashboardOf(await failedAtLyrics(t, "Fay"));
    },
    async reach(page) {
      await row(page).getByRole("button", { name: "Error Details" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Upload a song" }).click();
      const upload = page.getByRole("dialog", { name: "Upload Song" });
      await upload.getByLabel("Audio file").setInputFiles({
        name: "fay-song.mp3",
        mimeType: "audio/mpeg",
        buffer: Buffer.from(synthMp3()),
      });
      await upload.getByLabel("Song title (optional)").fill("Fay's Sunny Day");
      await upload.getByLabel("Lyrics (optional)").fill("[Verse]\nFay runs in the sun");
    },
  }),
  admin("Refund Payment for an order flagged for its discount", {
    async path(t) {
      return dashboardOf(await flaggedOrder(t));
    },
    async reach(page) {
      await page.locator('[data-action="refund"]:visible').first().click();
      await dialogOpen(page, "Refund Payment");
    },
  }),
  admin("the refund's toast", {
    async path(t) {
      return dashboardOf(await flaggedOrder(t));
    },
    async reach(page) {
      await page.locator('[data-action="refund"]:visible').first().click();
      await page.getByRole("dialog", { name: "Refund Payment" }).getByRole("button", { name: /^Refund \$/ })
        .click();
      await page.locator("[data-toast-viewport]").getByText("Payment refunded").waitFor();
    },
  }),
  admin("Order Detail of a refunded order, why it was flagged", {
    async path(t) {
      const order = await flaggedOrder(t);
      await staffCall(t, order.id, "refund");
      return dashboardOf(order);
    },
    reach: (page) => openDetails(page).then(() => {}),
  }),
  admin("Order Detail of an approved song for the family's date, with the row's actions", {
    async path(t) {
      return dashboardOf((await busyStudio(t)).dated);
    },
    async reach(page) {
      const detail = await openDetails(page);
      await detail.getByRole("region", { name: "Order actions" }).waitFor();
    },
  }),
  admin("Send Now's question, naming the family's date", {
    async path(t) {
      return dashboardOf((await busyStudio(t)).dated);
    },
    async reach(page) {
      await row(page).getByRole("button", { name: "Send Now" }).click();
      await dialogOpen(page, "Confirm Send Song");
    },
  }),
  admin("Order Detail of a streaming order, its status and artist name", {
    async path(t) {
      const star = await completedOrder(t, {
        childName: "Star",
        addStreamingServices: true,
        streamingArtistName: "Little Star",
      });
      await updateOrder(t.kv, star.id, (order) => ({ ...order, streamingStatus: "processing" }));
      return dashboardOf(star);
    },
    reach: (page) => openDetails(page).then(() => {}),
  }),
  admin("Order Detail's Technical tab: debug logs and lyrics history", {
    async path(t) {
      return dashboardOf(await completedOrder(t, { childName: "Tess" }));
    },
    reach: (page) => openDetails(page, "Technical").then(() => {}),
  }),
  admin("the bulk approval's results: one approved, two refused as not heard", {
    async path(t) {
      const [heard] = [
        await completedOrder(t, { childName: "Ada" }),
        await completedOrder(t, { childName: "Ben" }),
        await completedOrder(t, { childName: "Cy" }),
      ];
      await staffCall(t, heard.id, "listen", { playedMs: 40_000, durationMs: 90_000 });
      return "/admin/orders?filter=review";
    },
    async reach(page) {
      await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" })
        .getByRole("button", { name: "Approve" }).click();
      await page.locator("[data-bulk-results] [data-bulk-result=refused]").first().waitFor();
    },
  }),
  admin("Send Songs Now, asked for the ticked orders", {
    async path(t) {
      const order = await completedOrder(t, { childName: "Ada" });
      await staffCall(t, order.id, "approve");
      return "/admin/orders?filter=approved";
    },
    async reach(page) {
      await page.getByRole("checkbox", { name: /^Select order #/ }).first().check();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" })
        .getByRole("button", { name: "Send Now" }).click();
      await dialogOpen(page, "Send Songs Now");
    },
  }),
  admin("Song Preview with the review's decisions", {
    async path(t) {
      return dashboardOf(await songOrder(t, "Pia"));
    },
    reach: openPreview,
  }),
  admin("Song Preview, rejecting: the reason asked for", {
    async path(t) {
      return dashboardOf(await songOrder(t, "Pia"));
    },
    async reach(page) {
      await openPreview(page);
      await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
      await page.getByRole("textbox", { name: "Why is it sent back?" }).waitFor();
    },
  }),
  admin("the keyboard shortcuts, over the preview", {
    async path(t) {
      return dashboardOf(await songOrder(t, "Pia"));
    },
    async reach(page) {
      await openPreview(page);
      await page.keyboard.press("?");
      await dialogOpen(page, "Keyboard shortcuts");
    },
  }),
  admin("two takes: Take 1 shown, its timed lyrics still owed", {
    async path(t) {
      return dashboardOf((await twoTakeOrder(t, "Pia")).order);
    },
    async reach(page) {
      await openPreview(page);
      await page.locator("[role=dialog] [data-timing-note]").waitFor();
    },
  }),
  admin("two takes: Take 2 delivered with its sing-along, Take 1 offered as a bonus", {
    async path(t) {
      const { order } = await twoTakeOrder(t, "Pia");
      await staffCall(t, order.id, "take", { take: 2 });
      await staffCall(t, order.id, "bonus-take", { offered: true });
      return dashboardOf(order);
    },
    async reach(page) {
      await openPreview(page);
      await page.locator("[role=dialog] [data-sing-along]").waitFor();
    },
  }),
  admin("two takes: Order Detail's Song Info", {
    async path(t) {
      return dashboardOf((await twoTakeOrder(t, "Pia")).order);
    },
    async reach(page) {
      const detail = await openDetails(page, "Song Info");
      await detail.locator('[data-field="Take 2 Timed Lyrics"]').waitFor();
    },
  }),
  admin("two takes: another take after the email went, asked first", {
    async path(t) {
      const sentAt = new Date(Date.now() - HOUR).toISOString();
      const { order } = await twoTakeOrder(t, "Ned");
      return dashboardOf(await markDelivered(t, order.id, sentAt));
    },
    async reach(page) {
      await openPreview(page);
      await page.getByRole("dialog").getByRole("tab", { name: /^Take 2/ }).click();
      await page.getByRole("dialog").getByRole("tabpanel").getByRole("button", { name: "Deliver this take" })
        .click();
      await dialogOpen(page, "Deliver Take 2?");
    },
  }),
  admin("the referral codes: a table on a desktop, cards on a phone", {
    path: twoCodes,
    async reach(page) {
      const tab = await referralCodes(page);
      await tab.locator('[data-referral-row="FRIENDS"]:visible, [data-referral-card="FRIENDS"]:visible')
        .waitFor();
    },
  }),
  admin("Create Referral Code, warning that the expiry date is over", {
    path: () => "/admin/orders",
    async reach(page) {
      const tab = await referralCodes(page);
      await tab.getByRole("button", { name: "Create Code" }).click();
      const create = page.getByRole("dialog", { name: "Create Referral Code" });
      await create.getByLabel("Code").fill("parked");
      await create.getByLabel("Expiry date (optional)").fill("2020-01-31");
      await create.getByText("This code has already expired, so nobody can use it.").waitFor();
    },
  }),
  admin("Admin Settings: the prompt's versions, one compared with the one in use", {
    path: twoPromptVersions,
    reach: (page) => promptHistory(page).then(() => {}),
  }),
  admin("Admin Settings: restoring a version, asked first", {
    path: twoPromptVersions,
    async reach(page) {
      const settings = await promptHistory(page);
      await settings.getByRole("button", { name: "Restore version 1" }).click();
      await dialogOpen(page, "Restore version 1?");
    },
  }),
  admin("Admin Settings: closing with unsaved text, asked first", {
    path: () => "/admin/orders",
    async reach(page) {
      const settings = await openSettings(page);
      await settings.getByLabel("Lyrics system prompt").fill("Scrap everything.");
      await page.keyboard.press("Escape");
      await dialogOpen(page, "Discard your changes?");
    },
  }),
  {
    route: "/my-songs",
    state: "the prompt editor, opened from the navigation",
    viewer: "demo",
    path: () => "/my-songs",
    async reach(page) {
      await navigationMenu(page);
      await page.getByRole("button", { name: /^Admin settings$/i }).click();
      await page.getByRole("dialog", { name: "Admin Settings - Song Generation Prompts" })
        .getByText("Default prompt (version 0)").first().waitFor();
    },
  },
  {
    route: "/my-songs",
    state: "the navigation offering an admin the dashboard",
    viewer: "admin",
    path: () => "/my-songs",
    async reach(page) {
      await navigationMenu(page);
      await page.getByRole("link", { name: "Dashboard" }).waitFor();
    },
  },
  {
    route: "/unboxing/:id",
    state: "a song staff uploaded with its words, the lyrics open",
    viewer: "customer",
    async path(t) {
      const order = await songOrder(t, "Fay");
      await updateOrder(t.kv, order.id, (stored) => ({
        ...stored,
        songTitle: "Fay's Sunny Day",
        songLyrics: "[Verse]\nFay runs in the sun\n\n[Chorus]\nHooray for Fay",
      }));
      await markDelivered(t, order.id);
      return `/unboxing/${order.id}?skip=true`;
    },
    async reach(page) {
      await page.getByRole("button", { name: "Read Song Lyrics" }).click();
      await page.getByText("Fay runs in the sun").waitFor();
    },
  },
  {
    route: "/unboxing/:id",
    state: "a song staff uploaded without words: no lyrics to read",
    viewer: "customer",
    async path(t) {
      const order = await songOrder(t, "Noor");
      await updateOrder(
        t.kv,
        order.id,
        (stored) => ({ ...stored, songTitle: "Noor's Song", songLyrics: null }),
      );
      await markDelivered(t, order.id);
      return `/unboxing/${order.id}?skip=true`;
    },
  },
  admin("bulk Send Now: a song booked for a later day named, left out unless ticked", {
    async path(t) {
      const ready = await completedOrder(t, { childName: "Ada" });
      const booked = await completedOrder(t, {
        childName: "Cy",
        deliveryAt: `${toLocalInput(Date.now() + 5 * DAY, "Europe/London").slice(0, 10)}T08:00`,
        deliveryTimeZone: "Europe/London",
      });
      await completedOrder(t, { childName: "Dee" });
      for (const order of [ready, booked]) await staffCall(t, order.id, "approve");
      return "/admin/orders";
    },
    async reach(page) {
      await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" })
        .getByRole("button", { name: "Send Now" }).click();
      await page.getByRole("dialog", { name: "Send Songs Now" }).getByRole("checkbox").waitFor();
    },
  }),
  admin("bulk Regenerate: where a failed song restarts, a family who has the song", {
    async path(t) {
      await failedWithTimeline(t, "Fay");
      await markDelivered(t, (await completedOrder(t, { childName: "Gus" })).id);
      await placeOrder(t, { childName: "Hal", parentEmail: "hal@example.com" });
      return "/admin/orders";
    },
    async reach(page) {
      await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" })
        .getByRole("button", { name: "Regenerate" }).click();
      await page.getByRole("dialog", { name: "Regenerate Songs" }).locator("[data-bulk-notes]").waitFor();
    },
  }),
  // The families waiting on the promise, and the staff activity log.
  admin("families past the 24-hour promise: the longest wait and its attention group", {
    async path(t) {
      await waitingFamilies(t);
      return "/admin/orders";
    },
    async reach(page) {
      // Above the list the panel's orders are a press away (issue 41); beside it they are shown.
      const attention = page.getByRole("region", { name: "Needs attention" });
      await attention.waitFor();
      const show = attention.getByRole("button", { name: "Show orders" });
      if (await show.isVisible()) await show.click();
      await page.getByRole("heading", { name: "Past the 24-hour promise" }).waitFor();
    },
  }),
  admin("the Staff Activity tab: staff actions across orders, newest first", {
    async path(t) {
      const order = await completedOrder(t, { childName: "Ada" });
      await staffCall(t, order.id, "approve");
      await staffCall(t, order.id, "send-now");
      return "/admin/orders";
    },
    async reach(page) {
      await page.getByRole("tab", { name: "Staff Activity" }).click();
      await page.locator("[data-activity-entry]").first().waitFor();
    },
  }),
  admin("the Staff Activity tab narrowed to an order nobody has acted on", {
    path: () => "/admin/orders",
    async reach(page) {
      await page.getByRole("tab", { name: "Staff Activity" }).click();
      await page.getByRole("textbox", { name: "Order number", exact: true }).fill("1234");
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await page.getByText("No staff actions match.").waitFor();
    },
  }),
  // Issue 41: the panels above the list folded to one line each, opened; the phone's sort and
  // narrowing fields opened from their button.
  admin("a busy morning: the attention panel's orders shown, and the list's narrowing opened", {
    async path(t) {
      await busyStudio(t);
      return "/admin/orders";
    },
    async reach(page) {
      const attention = page.getByRole("region", { name: "Needs attention" });
      await attention.waitFor();
      const show = attention.getByRole("button", { name: "Show orders" });
      if (await show.isVisible()) await show.click();
      await attention.locator("[data-attention-group]").first().waitFor();
      const narrow = page.getByRole("button", { name: /narrow/i, expanded: false });
      if (await narrow.isVisible()) await narrow.click();
      await page.getByRole("group", { name: "Sort and narrow the orders" }).waitFor();
    },
  }),
  // The audio bucket away, a finished song waiting on it (docs/deploy.md, "When the bucket is away").
  admin("audio storage unreachable: the outage line and the song waiting on it", {
    async path(t) {
      const placed = await placeOrder(t, { childName: "Ivy", parentEmail: "ivy@example.com" });
      const since = new Date(t.clock.now() - 20 * 60_000).toISOString();
      await updateOrder(t.kv, placed.id, (order) => ({ ...order, storageWaitSince: since }));
      await noteStorageFailure(
        t.kv,
        new Error("Could not write blobs/x in bucket songs: fetch failed"),
        t.clock.now(),
      );
      return "/admin/orders";
    },
    async reach(page) {
      const attention = page.getByRole("region", { name: "Needs attention" });
      await attention.locator("[data-attention-storage]").waitFor();
      const show = attention.getByRole("button", { name: "Show orders" });
      if (await show.isVisible()) await show.click();
      await page.getByRole("heading", { name: "Waiting for audio storage" }).waitFor();
    },
  }),
];
