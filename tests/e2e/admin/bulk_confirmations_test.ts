import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { REFUSALS } from "../../../domain/order/guards.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { toLocalInput } from "../../../domain/delivery/requested.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminCall, adminHeaders, completedOrder } from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import { afterSeeding, markDelivered } from "./fixtures.ts";

/**
 * What bulk Send Now and Regenerate ask before they run, and how their answers read: a count of the
 * orders each applies to, a song booked for a later day named and left out unless ticked, where a
 * failed order really restarts, a family who already has the song, and refusals said once per reason.
 */

const DAY = 24 * 60 * 60 * 1000;
const DESKTOP = { width: 1280, height: 800 };

const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Actions for the ticked orders" });
const row = (page: Page, order: Order) => page.locator(`tr[data-order-id="${order.id}"]`);

async function dashboard(t: TestApp, path: string, orders: Order[]) {
  const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, DESKTOP);
  const page = await browser.open(path);
  await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
  for (const order of orders) await row(page, order).waitFor();
  return { browser, page };
}

/** The bulk answer's lines as [who, what], one per group. */
const resultLines = (page: Page) =>
  page.locator("[data-bulk-results] li").evaluateAll((items) =>
    items.map((item) => [...item.querySelectorAll("span")].map((span) => span.textContent))
  );

e2eTest("bulk Send Now names a song booked for a later day and sends it only when ticked", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JOB_QUEUE: "off" } });
  const birthday = toLocalInput(Date.now() + 5 * DAY, "Europe/London").slice(0, 10) + "T08:00";
  const ready = [
    await completedOrder(t, { childName: "Ada" }),
    await completedOrder(t, { childName: "Ben" }),
  ];
  const booked = await completedOrder(t, {
    childName: "Cy",
    deliveryAt: birthday,
    deliveryTimeZone: "Europe/London",
  });
  const inReview = [
    await completedOrder(t, { childName: "Dee" }),
    await completedOrder(t, { childName: "Eve" }),
  ];
  afterSeeding(t);
  const admin = await adminHeaders(t);
  for (const order of [...ready, booked]) {
    assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  }
  const bookedFor = (await getOrder(t.kv, booked.id))!.deliveryDueAt;

  const { browser, page } = await dashboard(t, "/admin/orders", [...ready, booked, ...inReview]);
  await using _browser = browser;
  await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
  await page.locator("[data-bulk-count]").getByText("5 selected").waitFor();
  await toolbar(page).getByRole("button", { name: "Send Now" }).click();

  // Counted: the two it sends, not the five ticked. The booked one is named with its day, left out.
  const ask = page.getByRole("dialog", { name: "Send Songs Now" });
  await ask.getByText("The families of 2 orders get their song's email right away.").waitFor();
  const notes = await ask.locator("[data-bulk-notes] li").allTextContents();
  assertEquals(notes, [
    "This song was booked by the family for a later day. It goes now only if you tick it below; otherwise it is left out and keeps its day.",
    "2 other ticked orders cannot be sent now and stay as they are.",
  ]);
  const early = ask.getByRole("checkbox", {
    name: new RegExp(`^#${booked.orderNumber}: \\w+day \\d+ \\w+, 8:00 in London$`),
  });
  assertEquals(await early.isChecked(), false);
  await browser.screenshot(page, "bulk-send-now-booked");
  await ask.getByRole("button", { name: "Send Now" }).click();
  await ask.waitFor({ state: "detached" });

  // One line per outcome, each naming its orders.
  await page.locator("[data-bulk-results]").getByText(
    "2 orders sent now; 3 could not be: see why beside each.",
  )
    .waitFor();
  const numbers = (orders: Order[]) => orders.map((order) => `#${order.orderNumber}`).sort().join(", ");
  const lines = await resultLines(page);
  assertEquals(lines.length, 3, JSON.stringify(lines));
  const byMessage = Object.fromEntries(lines.map(([who, what]) => [what, who]));
  assertEquals(
    byMessage["The email is on its way."]?.replace(/^2 orders: /, "").split(", ").sort().join(", "),
    numbers(ready),
  );
  assertEquals(byMessage[REFUSALS.earlyNotConfirmed], `#${booked.orderNumber}`);
  assertEquals(
    byMessage[REFUSALS.notApproved]?.replace(/^2 orders: /, "").split(", ").sort().join(", "),
    numbers(inReview),
  );
  const kept = (await getOrder(t.kv, booked.id))!;
  assertEquals(
    [kept.deliveryDueAt, kept.emailScheduledFor],
    [bookedFor, bookedFor],
    "still for the family's day",
  );

  // Ticked on purpose, it goes.
  await page.locator("[data-bulk-count]").getByText("3 selected").waitFor();
  await toolbar(page).getByRole("button", { name: "Send Now" }).click();
  await ask.getByText("No song's email would go out now.").waitFor();
  assert(await ask.getByRole("button", { name: "Send Now" }).isDisabled());
  await early.check();
  await ask.getByText("The families of 1 order get their song's email right away.").waitFor();
  await ask.getByRole("button", { name: "Send Now" }).click();
  await page.locator("[data-bulk-results]").getByText(
    "1 order sent now; 2 could not be: see why beside each.",
  )
    .waitFor();
  assert((await getOrder(t.kv, booked.id))!.emailScheduledFor !== bookedFor, "sent early, as confirmed");
  assertEquals(browser.problems, []);
});

e2eTest(
  "Regenerate names where a failed order restarts and warns that the family already has the song",
  async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JOB_QUEUE: "off" } });
    const failed = (await updateOrder(t.kv, (await completedOrder(t, { childName: "Fay" })).id, (order) => ({
      ...order,
      status: "failed",
      songUrl: null,
      currentStage: "SUNO_STATUS",
      error: "Song Status Check failed: the music service answered 503.",
      failureType: "suno",
    })))!;
    const delivered = await markDelivered(t, (await completedOrder(t, { childName: "Gus" })).id);
    const making = await placeOrder(t, { childName: "Hal", parentEmail: "hal@example.com" });
    afterSeeding(t);

    const { browser, page } = await dashboard(t, "/admin/orders", [failed, delivered, making]);
    await using _browser = browser;
    const ask = page.getByRole("dialog", { name: "Regenerate Song" });
    await row(page, failed).getByRole("button", { name: "Regenerate", exact: true }).click();
    await ask.getByText(
      "Start Fay's song again from Song Creation? It failed at Song Status Check, which cannot be resumed, " +
        "so the song is created again.",
    ).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    await row(page, delivered).getByRole("button", { name: "Regenerate", exact: true }).click();
    await ask.getByText(
      "The family already received the song being replaced: their link stops playing it until the new one " +
        "is approved and sent.",
      { exact: false },
    ).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });

    await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
    await toolbar(page).getByRole("button", { name: "Regenerate" }).click();
    const bulkAsk = page.getByRole("dialog", { name: "Regenerate Songs" });
    await bulkAsk.getByText("2 orders are made again.").waitFor();
    assertEquals(await bulkAsk.locator("[data-bulk-notes] li").allTextContents(), [
      `#${delivered.orderNumber} is made again from its lyrics and goes back to review. Its current audio is replaced.`,
      `#${failed.orderNumber} failed and starts again from Song Creation.`,
      `The family of #${delivered.orderNumber} already received the song being replaced: their link stops ` +
      "playing it until the new one is approved and sent.",
      "1 other ticked order cannot be regenerated and stays as it is.",
    ]);
    await browser.screenshot(page, "bulk-regenerate-asked");
    await bulkAsk.getByRole("button", { name: "Regenerate" }).click();
    await page.locator("[data-bulk-results]").getByText(/^2 orders being made again; 1 could not be/)
      .waitFor();
    // The row then shows the stage the question named.
    assertEquals((await getOrder(t.kv, failed.id))!.currentStage, "SUNO_CREATE");
    await row(page, failed).getByText("Song Creation").first().waitFor();
    assertEquals(browser.problems, []);
  },
);
