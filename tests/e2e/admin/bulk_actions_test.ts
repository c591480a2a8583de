import { assert, assertEquals } from "@std/assert";
import { NOT_HEARD } from "../../../domain/admin/bulk_actions.ts";
import { songUrlFor } from "../../../domain/song/download.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, e2eTest, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import { adminHeaders } from "../../integration/delivery/helpers.ts";

const ADMIN = "boss@example.com";
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** A song waiting for review, with a real MP3 and no pipeline run. */
async function songOrder(t: TestApp, childName: string): Promise<Order> {
  const placed = await placeOrder(t, { childName, parentEmail: `${childName.toLowerCase()}@example.com` });
  const blob = await t.deps.blobs.put(synthMp3(), { contentType: "audio/mpeg", now: t.clock.now() });
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: `${childName}'s Song`,
    songLyrics: `[Verse]\n${childName} sings`,
    songUrl: songUrlFor(t.config.appUrl, blob.id),
    songBlobId: blob.id,
    completedAt: new Date(t.clock.now()).toISOString(),
  })))!;
}

for (const size of SIZES) {
  e2eTest(
    `bulk: tick the page, approve what was heard, then the rest on purpose (${size.name})`,
    async () => {
      await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
      const orders = [await songOrder(t, "Ada"), await songOrder(t, "Ben"), await songOrder(t, "Cy")];
      t.clock.set(Date.now() + 60_000);
      // Ada's song was heard in the preview.
      const listened = await t.request(`/api/admin/orders/${orders[0].id}/listen`, {
        method: "POST",
        headers: { ...await adminHeaders(t), "content-type": "application/json" },
        body: JSON.stringify({ playedMs: 40_000, durationMs: 90_000 }),
      });
      assertEquals(listened.status, 200);

      const { browser } = await openSignedInBrowser(t, ADMIN, { width: size.width, height: size.height });
      await using _browser = browser;
      const page = await browser.open("/admin/orders?filter=review");
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
      await page.locator("[data-bulk-count]").getByText("3 selected").waitFor();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" }).getByRole("button", {
        name: "Approve",
      }).click();

      const results = page.locator("[data-bulk-results]");
      await results.getByText("1 order approved; 2 could not be: see why beside each.").waitFor();
      // The two refused for the same reason are one line naming both.
      const refused = results.locator("[data-bulk-result=refused]");
      assertEquals(await refused.count(), 1);
      assert((await refused.innerText()).includes(NOT_HEARD));
      assert(/^2 orders: #\d+, #\d+/.test(await refused.innerText()), await refused.innerText());
      assertEquals(
        await page.locator("[data-bulk-count]").innerText(),
        "2 selected",
        "the refused stay ticked",
      );
      assertEquals((await getOrder(t.kv, orders[0].id))!.approvalStatus, "approved");
      await browser.screenshot(page, `bulk-results-${size.name}`);

      await results.getByRole("button", { name: "Approve 2 without listening" }).click();
      await results.getByText("2 orders approved.").waitFor();
      for (const order of orders) assertEquals((await getOrder(t.kv, order.id))!.approvalStatus, "approved");

      // Sending asks first, and Cancel sends nothing.
      await page.goto(`${browser.origin}/admin/orders?filter=approved`);
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      const scheduled = (await getOrder(t.kv, orders[1].id))!.emailScheduledFor;
      await page.getByRole("checkbox", { name: `Select order #${orders[1].orderNumber}` }).check();
      await page.getByRole("toolbar", { name: "Actions for the ticked orders" }).getByRole("button", {
        name: "Send Now",
      }).click();
      const confirm = page.getByRole("dialog", { name: "Send Songs Now" });
      await confirm.getByText("The families of 1 order get their song's email right away.").waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      assertEquals((await getOrder(t.kv, orders[1].id))!.emailScheduledFor, scheduled);
      assertEquals(browser.problems, []);
    },
  );
}
