import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, completedOrder, DELIVERY_ENV } from "../../integration/delivery/helpers.ts";

/**
 * Issue 23: the streaming artist name beside the streaming status, in the list (table and cards) and
 * in Order Detail, and a status change on the order's timeline; at desktop and phone widths.
 */
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The order's row (desktop table) or card (phone), whichever is shown. */
const row = (page: Page, order: Order) => page.locator(`[data-order-id="${order.id}"]:visible`).first();

async function seed(t: TestApp) {
  const star = await completedOrder(t, {
    childName: "Star",
    parentEmail: "star@example.com",
    addStreamingServices: true,
    streamingArtistName: "Little Star",
  });
  // The form requires a name with the add-on; an order from before that rule may have none.
  const unnamed = (await updateOrder(
    t.kv,
    (await completedOrder(t, {
      childName: "Nia",
      parentEmail: "nia@example.com",
      addStreamingServices: true,
      streamingArtistName: "x",
    })).id,
    (order) => ({ ...order, streamingArtistName: "" }),
  ))!;
  const plain = await completedOrder(t, { childName: "Paul", parentEmail: "paul@example.com" });
  // Staff's calls then answer with a newer order than the seeding wrote, as in a running studio.
  t.clock.advance(Date.now() - t.clock.now() + 60_000);
  return { star, unnamed, plain };
}

type Locator = ReturnType<Page["locator"]>;
type Box = { x: number; y: number; width: number; height: number };
/**
 * Where two elements are, read in one frame: the list's panels above them load on their own and can
 * push the rows down between two separate reads.
 */
async function boxesInOneFrame(first: Locator, second: Locator): Promise<[Box, Box]> {
  const handle = await second.elementHandle();
  return await first.evaluate((element, other) => {
    const box = (node: Element) => {
      const { x, y, width, height } = node.getBoundingClientRect();
      return { x, y, width, height };
    };
    return [box(element), box(other!)] as [Box, Box];
  }, handle);
}

/** On the control's line to its right, or (where the room runs out) right under it, aligned. */
function besideOrUnder(control: Box, name: Box): boolean {
  const sameLine = name.y < control.y + control.height && name.y + name.height > control.y;
  if (sameLine) return name.x >= control.x + control.width;
  const gap = name.y - (control.y + control.height);
  return gap >= 0 && gap < 12 && Math.abs(name.x - control.x) < 2;
}

for (const size of SIZES) {
  e2eTest(
    `streaming (${size.name}): the artist name beside the status; a change on the timeline`,
    async () => {
      await using t = await createTestApp({ env: DELIVERY_ENV });
      const { star, unnamed, plain } = await seed(t);
      const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, {
        width: size.width,
        height: size.height,
      });
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      for (const order of [star, unnamed, plain]) await row(page, order).waitFor();

      // The list: the name beside the control, and read with it by a screen reader.
      const select = row(page, star).getByRole("combobox", {
        name: `Streaming status of order #${star.orderNumber}`,
      });
      const artist = row(page, star).locator("[data-streaming-artist]");
      assertEquals(await artist.innerText(), "Artist: Little Star");
      const describedBy = await select.getAttribute("aria-describedby");
      assertEquals(await artist.getAttribute("id"), describedBy);
      const [control, name] = await boxesInOneFrame(select, artist);
      assert(besideOrUnder(control, name), JSON.stringify({ control, name }));
      await select.scrollIntoViewIfNeeded();
      await browser.screenshot(page, `streaming-${size.name}-list-viewport`);

      // No name given, or no add-on: nothing beside the status.
      await row(page, unnamed).getByRole("combobox").waitFor();
      assertEquals(await row(page, unnamed).locator("[data-streaming-artist]").count(), 0);
      assertEquals(await row(page, unnamed).getByRole("combobox").getAttribute("aria-describedby"), null);
      assertEquals(await row(page, plain).getByRole("combobox").count(), 0);
      assertEquals(await row(page, plain).locator("[data-streaming-artist]").count(), 0);

      // A change is recorded on the order's timeline, naming who made it.
      await select.selectOption("processing");
      await page.locator("[data-toast-viewport] > [data-state]").filter({ hasText: "Status updated" })
        .waitFor();
      await row(page, star).getByRole("button", { name: `Order #${star.orderNumber} details` }).click();
      const detail = page.getByRole("dialog", { name: `Order #${star.orderNumber}` });
      await detail.waitFor();
      const field = (label: string) => detail.locator(`[data-field="${label}"]`);
      assertEquals(await field("Streaming Status").locator("dd").innerText(), "processing");
      assertEquals(await field("Artist Name").locator("dd").innerText(), "Little Star");
      const [status, named] = await boxesInOneFrame(field("Streaming Status"), field("Artist Name"));
      if (size.name === "desktop") {
        assertEquals(Math.round(status.y), Math.round(named.y), "side by side");
        assert(named.x > status.x);
      } else {
        assert(named.y > status.y, "right under it on a phone's one column");
      }
      await field("Artist Name").scrollIntoViewIfNeeded();
      await browser.screenshot(page, `streaming-${size.name}-detail-viewport`);
      await detail.getByRole("tab", { name: "Technical" }).click();
      await detail.getByText(`Streaming status changed from not uploaded to processing by ${ADMIN_EMAIL}.`)
        .waitFor();
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });

      // Order Detail of an order without a name: the status, and no empty Artist Name.
      await row(page, unnamed).getByRole("button", { name: `Order #${unnamed.orderNumber} details` }).click();
      const other = page.getByRole("dialog", { name: `Order #${unnamed.orderNumber}` });
      await other.locator('[data-field="Streaming Status"]').waitFor();
      assertEquals(await other.locator('[data-field="Artist Name"]').count(), 0);
      assertEquals(browser.problems, []);
    },
  );
}
