import { assert, assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { owedEmailSent } from "../../../domain/email/owed.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { createJobQueue } from "../../../jobs/messages.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { completedOrder } from "../../integration/delivery/helpers.ts";
import { orderForm } from "../../integration/orders/helpers.ts";
import { waitingFamilies } from "../../integration/admin/attention_fixtures.ts";

const ADMIN = "boss@example.com";
const SIZES = [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const;

for (const [device, size] of SIZES) {
  e2eTest(
    `backlog panel: the studio's figures, and a warning while emails are late (${device})`,
    async () => {
      await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, JOB_QUEUE: "off" } });
      const form = orderFormSchema.parse(orderForm());
      for (let i = 0; i < 3; i++) {
        const placed = await createDemoOrder(
          { kv: t.kv, jobs: createJobQueue(false), clock: { now: () => t.clock.now() - 25 * 60_000 } },
          form,
          "user-1",
        );
        // Its confirmation went as it was placed (no worker runs here): the late email is below.
        await updateOrder(t.kv, placed.id, (order) => ({
          ...order,
          confirmationEmail: owedEmailSent(order.confirmationEmail!, Date.parse(order.createdAt)),
        }));
      }
      const song = await completedOrder(t, { parentEmail: "late@example.com" });
      const due = new Date(t.clock.now() - 5 * 60_000).toISOString();
      await updateOrder(
        t.kv,
        song.id,
        (order) => ({ ...order, approvalStatus: "approved", deliveryDueAt: due }),
      );

      const { browser } = await openSignedInBrowser(t, ADMIN, size);
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      const panel = page.getByRole("region", { name: "Studio backlog" });
      await panel.waitFor();
      const figure = async (label: string) =>
        (await panel.locator("div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd")
          .first().textContent())
          ?.trim();
      assertEquals(await figure("Songs in the making"), "3");
      assertEquals(await figure("Longest waiting"), "25 min");
      assertEquals(await figure("Emails overdue"), "1");
      assertEquals(await figure("Failed calls, last hour"), "no calls yet");
      const warning = panel.getByRole("status");
      assert((await warning.textContent())?.includes("1 email is overdue: the oldest was due 5 min ago."));
      await browser.screenshot(page, `admin-backlog-${device}-viewport`);
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest(
  "backlog panel: the longest wait is the family's since ordering, and families past the promise need attention",
  async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, JOB_QUEUE: "off" } });
    const { ana, ben } = await waitingFamilies(t);
    const { browser } = await openSignedInBrowser(t, ADMIN, SIZES[0][1]);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    const backlog = page.getByRole("region", { name: "Studio backlog" });
    const longest = backlog.locator("div").filter({
      has: page.getByText("Longest waiting", { exact: true }),
    });
    await longest.waitFor();
    // Ana ordered 33 h 5 min ago; Ben's step, due 31 h 21 min, is not the family's wait.
    assertEquals((await longest.locator("dd").first().textContent())?.trim(), "33 h 5 min");
    assertEquals(
      (await longest.locator("dd").nth(1).textContent())?.replace(/\s+/g, " ").trim(),
      `#${ana.orderNumber} since ordering`,
    );
    const attention = page.getByRole("region", { name: "Needs attention" });
    // Above the list the panel's orders are a press away (issue 41, item 18).
    await attention.getByRole("button", { name: "Show orders" }).click();
    const late = attention.locator("[data-attention-group]").filter({
      has: page.getByRole("heading", { name: "Past the 24-hour promise" }),
    });
    await late.waitFor();
    assertEquals(await late.locator("[data-attention-count]").textContent(), "2");
    assertEquals(
      await late.getByRole("link").evaluateAll((links) =>
        links.map((link) => link.textContent?.replace(/\s+/g, " "))
      ),
      [`#${ana.orderNumber}Anaordered 33 h 5 min ago`, `#${ben.orderNumber}Benordered 31 h 21 min ago`],
    );
    // The figure's link opens the dashboard on Ana's order alone.
    await Promise.all([page.waitForURL(/q=%231/), longest.getByRole("link").click()]);
    const url = new URL(page.url());
    assertEquals([url.searchParams.get("filter"), url.searchParams.get("q")], [
      "review",
      `#${ana.orderNumber}`,
    ]);
    assertEquals(browser.problems, []);
  },
);
