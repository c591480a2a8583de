import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";

const ADMIN = "boss@example.com";
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

for (const size of SIZES) {
  e2eTest(`the dashboard exports the tab it shows as a CSV download (${size.name})`, async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    await writeSampleOrders(t.kv, 120);
    const { browser } = await openSignedInBrowser(t, ADMIN, { width: size.width, height: size.height });
    await using _browser = browser;
    const page = await browser.open("/admin/orders?filter=review");
    await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
    const link = page.getByRole("link", { name: "Export CSV" });
    await link.waitFor();
    await browser.screenshot(page, `orders-export-${size.name}-viewport`);

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    assert(
      download.suggestedFilename().startsWith("little-hits-orders-review-"),
      download.suggestedFilename(),
    );
    const text = await Deno.readTextFile((await download.path())!);
    const [header, ...rows] = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    assert(header.startsWith("Order number,Created at (UTC),Status,Approval"), header);
    assertEquals(rows.length, 24, "every order of the Review tab, past the first page's 20");
    assert(rows.every((row) => row.includes(",completed,pending,")), rows.join("\n"));
    assertEquals(browser.problems, []);
  });
}
