import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { DEFAULT_LIST_QUERY, type ListQuery } from "../../../domain/admin/list_query.ts";
import { listAdminOrders } from "../../../kv/admin_orders.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";

const ADMIN = "boss@example.com";
const SIZES = [
  { name: "desktop", width: 1280, height: 900, rows: "tr[data-order-id]" },
  { name: "phone", width: 390, height: 844, rows: "article[data-order-id]" },
];

/** The ids of the orders the page lists, in its order (the other layout's rows are hidden). */
function listedIds(rows: string) {
  return [...document.querySelectorAll<HTMLElement>(rows)]
    .filter((row) => row.offsetParent !== null)
    .map((row) => row.dataset.orderId!);
}

/** Waits until the page lists what the store says the query lists (its first page). */
async function expectListed(page: Page, rows: string, kv: Deno.Kv, fields: Partial<ListQuery>) {
  const expected = (await listAdminOrders(kv, { ...DEFAULT_LIST_QUERY, ...fields })).orders.map((o) => o.id);
  const shown = page.waitForFunction(([rows, expected]) => {
    const listed = [...document.querySelectorAll<HTMLElement>(rows)]
      .filter((row) => row.offsetParent !== null)
      .map((row) => row.dataset.orderId!);
    return JSON.stringify(listed) === JSON.stringify(expected);
  }, [rows, expected] as const);
  // Never so: the failure says what the page lists instead.
  await shown.catch(async () =>
    assertEquals(await page.evaluate(listedIds, rows), expected, JSON.stringify(fields))
  );
  return expected;
}

for (const size of SIZES) {
  e2eTest(`staff sort and narrow the order list, and go to a page by its number (${size.name})`, async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    await writeSampleOrders(t.kv, 130);
    const { browser } = await openSignedInBrowser(t, ADMIN, { width: size.width, height: size.height });
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
    const narrowing = page.getByRole("group", { name: "Sort and narrow the orders" });
    // Below 1024 px the fields fold away behind one button (issue 41: they pushed the list down).
    const toggle = page.getByRole("button", { name: /narrow/i, expanded: false });
    if (size.width < 1024) {
      assertEquals(await narrowing.isVisible(), false);
      await toggle.click();
    } else {
      assertEquals(await toggle.count(), 0);
    }
    await narrowing.waitFor();
    await browser.screenshot(page, `list-narrowing-${size.name}`);

    await narrowing.getByLabel("Gift").selectOption("gift");
    await page.waitForURL(/gift=gift/);
    const gifts = await expectListed(page, size.rows, t.kv, { gift: "gift" });
    assert(gifts.length > 0, "the samples have gifts");

    await narrowing.getByLabel("Sort").selectOption("oldest");
    await page.waitForURL(/sort=oldest/);
    await expectListed(page, size.rows, t.kv, { gift: "gift", sort: "oldest" });

    await narrowing.getByLabel("Streaming").selectOption("with");
    await expectListed(page, size.rows, t.kv, { gift: "gift", sort: "oldest", streaming: "with" });
    await narrowing.getByLabel("Streaming").selectOption("any");

    // A code that cannot be one is named beside the box, and the list stays as it was.
    const code = narrowing.getByLabel("Referral code");
    await code.fill("x");
    await code.press("Enter");
    await narrowing.getByText("Code must be at least 3 characters").waitFor();
    assert(!page.url().includes("code="));
    await code.fill("grandma");
    await code.press("Enter");
    await page.waitForURL(/code=GRANDMA/);
    const coded = await expectListed(page, size.rows, t.kv, {
      gift: "gift",
      sort: "oldest",
      code: "GRANDMA",
    });
    assert(coded.length > 0, "some gifts used the code");
    assertEquals(await code.inputValue(), "GRANDMA");
    await narrowing.scrollIntoViewIfNeeded();
    await browser.screenshot(page, `list-narrowing-${size.name}-narrowed-viewport`);

    // Days after every order: nothing listed, said in words.
    await narrowing.getByLabel("Placed from").fill("2099-01-01");
    await page.getByText("No orders found matching your criteria.").waitFor();
    assert(page.url().includes("from=2099-01-01") && page.url().includes("tz="), page.url());

    // Reset Filters lists every order again, in the order staff chose.
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await expectListed(page, size.rows, t.kv, { sort: "oldest" });
    assertEquals(await narrowing.getByLabel("Gift").inputValue(), "any");
    assertEquals(await narrowing.getByLabel("Placed from").inputValue(), "");

    // 130 orders are 7 pages: go straight to the 6th.
    const goTo = page.getByLabel("Go to page");
    await goTo.fill("6");
    await goTo.press("Enter");
    await page.waitForURL(/page=6/);
    await page.getByRole("link", { name: "Page 6" }).and(page.locator("[aria-current=page]")).waitFor();
    await expectListed(page, size.rows, t.kv, { sort: "oldest", page: 6 });

    // The view is in the address: opened again, it is the same list. In a second tab rather than by a
    // reload, which would cut short the list's own refresh (every 10 s) whenever one was under way.
    const again = await browser.open(new URL(page.url()).pathname + new URL(page.url()).search);
    await expectListed(again, size.rows, t.kv, { sort: "oldest", page: 6 });
    assertEquals(
      await again.getByRole("group", { name: "Sort and narrow the orders" }).getByLabel("Sort").inputValue(),
      "oldest",
    );
    assertEquals(browser.problems, []);
  });
}

e2eTest(
  "days placed are read in the time zone the link names, and a browser elsewhere is told so",
  async () => {
    await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    // A minute apart from 14:00Z on 15 November: the first hour is the 15th in Tokyo, the rest the 16th.
    await writeSampleOrders(t.kv, 130, Date.parse("2026-11-15T14:00:00Z") + 100_000 * 60_000);
    for (const timezoneId of ["Asia/Tokyo", "America/New_York"]) {
      const { browser } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 900, timezoneId });
      await using _browser = browser;
      const fields = { from: "2026-11-15", to: "2026-11-15", tz: "Asia/Tokyo" } as const;
      const page = await browser.open(`/admin/orders?from=${fields.from}&to=${fields.to}&tz=Asia%2FTokyo`);
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      const listed = await expectListed(page, "tr[data-order-id]", t.kv, fields);
      assertEquals(listed.length, 20, "a page of the 60 placed on that day in Tokyo");
      await page.getByText("Showing 1 to 20 of 60 orders").waitFor();
      const note = page.getByText("Days are read in the time zone Asia/Tokyo.");
      if (timezoneId === "Asia/Tokyo") assertEquals(await note.count(), 0);
      else await note.waitFor();
      // The page agreed with its server-rendered HTML, wherever the browser is.
      assertEquals(browser.problems, [], timezoneId);
    }
  },
);
