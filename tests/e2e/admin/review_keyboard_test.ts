import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import type { AdminOrderDetail } from "../../../domain/admin/order_list.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { getOrder } from "../../../kv/orders.ts";
import { createTestApp, e2eTest, loopbackAppUrl, openSignedInBrowser, type TestApp } from "../../helpers.ts";
import { afterSeeding, songOrder } from "./fixtures.ts";

/**
 * Review at speed (issue 23): listen, then decide, in the Song Preview, by keyboard alone; the
 * listens recorded on the orders and in their approvals; the list's rows and counts moving at once.
 */
const ADMIN = "boss@example.com";
const SONGS = 22;
const APPROVALS = 20;

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function adminApp() {
  // Song addresses are built from APP_URL: the browser must be served there to play them.
  return await createTestApp({ env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl() } });
}

/**
 * The songs, then the test's clock moved past them: orders are placed on the system clock, and the
 * dashboard keeps a call's answer only when it is at least as new as the row it has.
 */
async function songOrders(t: TestApp, count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    orders.push(await songOrder(t, `Kid ${String(i + 1).padStart(2, "0")}`, "fam@example.com"));
  }
  afterSeeding(t);
  return orders;
}

const reviewCount = async (page: Page) => Number(await page.locator("[data-count=review]").textContent());

const dialog = (page: Page) => page.getByRole("dialog");

/** The order the preview shows now. */
const previewed = (page: Page) => page.locator("[data-preview-order]").getAttribute("data-preview-order");

/**
 * Holds the list's loads (not the calls of the decisions) while set: what the page shows meanwhile
 * came from the decisions' own answers, not from a reload.
 */
async function holdListLoads(page: Page) {
  let held: (() => void)[] | null = null;
  await page.route((url) => url.pathname === "/api/admin/orders", async (route) => {
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    await route.continue();
  });
  return {
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((resolve) => resolve());
    },
  };
}

/** Waits until the preview's song has played `seconds` of its own clock. */
async function playedFor(page: Page, seconds: number) {
  await page.waitForFunction(
    (least) => (document.querySelector<HTMLAudioElement>("[role=dialog] audio")?.currentTime ?? 0) >= least,
    seconds,
  );
}

e2eTest(
  "review by keyboard: 20 songs approved, each after playing it, with the listens recorded",
  async () => {
    await using t = await adminApp();
    const orders = await songOrders(t, SONGS);
    const { browser, session } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.locator("[data-order-id]:visible").first().waitFor();
    assertEquals(await reviewCount(page), SONGS);

    const list = await holdListLoads(page);
    list.hold();
    const keyboard = page.keyboard;
    await keyboard.press("j");
    const first = await page.locator("[data-order-id][data-current]:visible").getAttribute("data-order-id");
    assert(first, "j marks the first row");
    assertEquals(first, await page.locator("[data-order-id]:visible").first().getAttribute("data-order-id"));
    await keyboard.press("p");
    await dialog(page).getByRole("heading", { name: "Song Preview" }).waitFor();

    const approved: string[] = [];
    for (let i = 0; i < APPROVALS; i++) {
      const id = await previewed(page);
      assert(id && !approved.includes(id), `song ${i + 1} is one not yet approved`);
      // The focus is on the player's button (the dialog puts it there, and there again when it moves on).
      await page.waitForFunction(() => document.activeElement?.closest("[data-player]") !== null);
      if (i === 0) {
        // The song the preview opened on waits for Play; each one after starts by itself.
        await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
        assertEquals(await dialog(page).locator("[data-listen]").textContent(), "Not played yet");
        await keyboard.press(".");
      }
      await dialog(page).locator('[data-player][data-state="playing"]').waitFor();
      // A quarter second is a listen (the test's second case holds one second to account).
      await playedFor(page, 0.25);
      const before = await reviewCount(page);
      await keyboard.press("a");
      // The list's loads are held: the count and the row can only have moved from the answer.
      await page.waitForFunction(
        (expected) => document.querySelector("[data-count=review]")?.textContent === String(expected),
        before - 1,
      );
      await page.locator(`tr[data-order-id="${id}"] [data-status-detail]`).filter({ hasText: "Approved" })
        .waitFor();
      approved.push(id!);
      if (i < APPROVALS - 1) {
        // The fast path: the next song in review opens by itself, and the one approved is silent.
        await page.waitForFunction(
          (was) => document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") !== was,
          id,
        );
        assertEquals(
          await page.evaluate(() =>
            [...document.querySelectorAll("audio")].filter((audio) =>
              !audio.paused && !audio.closest("[data-preview-order]")
            ).length
          ),
          0,
        );
      }
    }
    assertEquals(await reviewCount(page), SONGS - APPROVALS);

    // Nothing is left on this page: the next is looked for on the Review tab, once the list may load.
    await dialog(page).locator('[data-next-search="finding"]').waitFor();
    list.release();
    await page.waitForFunction(
      (done) =>
        !done.includes(
          document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") ?? "",
        ),
      approved,
    );
    assertEquals(new URL(page.url()).searchParams.get("filter"), "review");
    assertEquals(await reviewCount(page), SONGS - APPROVALS);

    for (const id of approved) {
      const stored = (await getOrder(t.kv, id))!;
      assertEquals(stored.approvalStatus, "approved", `order ${stored.orderNumber} approved`);
      assert((stored.reviewListen?.playedMs ?? 0) > 0, `order ${stored.orderNumber} has its listen`);
      assert((stored.reviewListen?.durationMs ?? 0) > 1000, `order ${stored.orderNumber} knows the length`);
      const response = await t.request(`/api/admin/orders/${id}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const detail: AdminOrderDetail = await response.json();
      const approval = detail.events.find((event) =>
        event.stage === "STAFF" && event.context.action === "approve"
      );
      assert(approval, `order ${stored.orderNumber} has its approval on record`);
      assertEquals(approval?.context.playedMs, stored.reviewListen!.playedMs);
      assertEquals(approval?.context.durationMs, stored.reviewListen!.durationMs);
    }
    const untouched = orders.filter((order) => !approved.includes(order.id));
    for (const order of untouched) assertEquals((await getOrder(t.kv, order.id))!.approvalStatus, "pending");
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "review by keyboard: no shortcut fires while typing; closing the preview records the listen",
  async () => {
    await using t = await adminApp();
    const orders = await songOrders(t, 3);
    const { browser } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.locator("[data-order-id]:visible").first().waitFor();
    await page.keyboard.press("j");
    await page.locator("[data-order-id][data-current]:visible").waitFor();

    await page.keyboard.press("/");
    const search = page.getByRole("searchbox");
    assertEquals(await search.evaluate((element) => element === document.activeElement), true);
    await page.keyboard.type("a");
    await page.keyboard.type("p?");
    // A shortcut takes its key from the page (preventDefault): the letters reached the field instead.
    assertEquals(await search.inputValue(), "ap?");
    assertEquals(await dialog(page).count(), 0, "no preview and no shortcuts dialog");
    for (const order of orders) assertEquals((await getOrder(t.kv, order.id))!.approvalStatus, "pending");
    // Out of the field, Ctrl with a letter is still the browser's; the letter alone is the shortcut.
    await search.fill("");
    await page.waitForFunction(() => document.querySelectorAll("tr[data-order-id]").length === 3);
    await search.evaluate((element: HTMLElement) => element.blur());
    await page.keyboard.press("Control+a");
    assert(
      await page.evaluate(() => (getSelection()?.toString().length ?? 0) > 0),
      "Ctrl+A selected the page, as the browser does",
    );
    assertEquals(await dialog(page).count(), 0);
    for (const order of orders) assertEquals((await getOrder(t.kv, order.id))!.approvalStatus, "pending");
    const current = await page.locator("[data-order-id][data-current]:visible").getAttribute("data-order-id");
    await page.keyboard.press("a");
    await page.locator(`tr[data-order-id="${current}"] [data-status-detail]`).filter({ hasText: "Approved" })
      .waitFor();
    assertEquals((await getOrder(t.kv, current!))!.approvalStatus, "approved");

    // What is heard is recorded when the dialog closes too, with nothing decided.
    await page.keyboard.press("j");
    const listened =
      (await page.locator("[data-order-id][data-current]:visible").getAttribute("data-order-id"))!;
    assert(listened !== current, "j moved to another row");
    await page.keyboard.press("p");
    await dialog(page).locator('[data-player][data-state="paused"]').waitFor();
    await page.keyboard.press(".");
    await playedFor(page, 1);
    const reported = page.waitForResponse((response) => response.url().endsWith(`/${listened}/listen`));
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    assertEquals((await reported).status(), 200);
    const heard = (await getOrder(t.kv, listened))!;
    assert((heard.reviewListen?.playedMs ?? 0) >= 900, `heard ${heard.reviewListen?.playedMs} ms`);
    assertEquals(heard.approvalStatus, "pending");
  },
);

for (const size of SIZES) {
  e2eTest(
    `review by keyboard (${size.name}): the preview's decisions and the ? dialog are accessible`,
    async () => {
      await using t = await adminApp();
      await songOrders(t, 3);
      const { browser } = await openSignedInBrowser(t, ADMIN, { width: size.width, height: size.height });
      await using _browser = browser;
      const page = await browser.open("/admin/orders");
      await page.locator("[data-order-id]:visible").first().waitFor();

      await page.keyboard.press("j");
      await page.keyboard.press("j");
      const current = page.locator("[data-order-id][data-current]:visible");
      await current.waitFor();
      assertEquals(await current.getAttribute("aria-current"), "true");
      assertEquals(
        await current.getAttribute("data-order-id"),
        await page.locator("[data-order-id]:visible").nth(1).getAttribute("data-order-id"),
      );
      await page.keyboard.press("k");
      assertEquals(
        await current.getAttribute("data-order-id"),
        await page.locator("[data-order-id]:visible").first().getAttribute("data-order-id"),
      );
      // The focus moves with the ring (issue 41), so a screen reader says the row it lands on: its
      // "Order #N details" button, described by the child and the status.
      await page.waitForFunction(() => !!document.activeElement?.closest("[data-current]"));
      const focused = await page.evaluate(() => {
        const active = document.activeElement!;
        const described = active.getAttribute("aria-describedby");
        return {
          name: active.getAttribute("aria-label"),
          description: described ? document.getElementById(described)?.textContent : null,
        };
      });
      const firstNumber = (await current.locator("[data-row-focus]").textContent())!.trim();
      const child = (await current.locator(".font-semibold.text-slate-900").first().textContent())!;
      assertEquals(focused.name, `Order ${firstNumber} details`);
      assertEquals(focused.description, `${child}, Completed, Pending Review`);
      await browser.screenshot(page, `review-keyboard-${size.name}-current-row-viewport`);

      await page.keyboard.press("p");
      const preview = dialog(page);
      await preview.locator('[data-player][data-state="paused"]').waitFor();
      for (const name of ["Approve", "Reject", "Next in Review", "Back 5 seconds", "Forward 5 seconds"]) {
        await preview.getByRole("button", { name }).waitFor();
      }
      assertEquals(
        await preview.getByRole("button", { name: "Hold" }).count(),
        0,
        "nothing approved to hold",
      );
      assertEquals(await preview.locator("[data-listen]").textContent(), "Not played yet");
      await browser.screenshot(page, `review-keyboard-${size.name}-preview-viewport`);

      // ±5 s: the buttons and Page Up / Page Down on the slider; the arrows keep their 0.1 s steps.
      const audioTime = () =>
        page.evaluate(() => document.querySelector<HTMLAudioElement>("[role=dialog] audio")!.currentTime);
      const slider = preview.getByRole("slider", { name: "Song position" });
      await slider.focus();
      await page.keyboard.press("PageUp");
      assertEquals(await audioTime(), 5);
      await page.keyboard.press("ArrowRight");
      assert(Math.abs(await audioTime() - 5.1) < 0.01, "an arrow moves 0.1 s");
      await page.keyboard.press("PageDown");
      assert(Math.abs(await audioTime() - 0.1) < 0.01, "Page Down goes back 5 s");
      await preview.getByRole("button", { name: "Forward 5 seconds" }).focus();
      await page.keyboard.press("Enter");
      assert(Math.abs(await audioTime() - 5.1) < 0.01, "Forward 5 seconds");
      await preview.getByRole("button", { name: "Back 5 seconds" }).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      assertEquals(await audioTime(), 0, "held at the start");

      // Reject opens its reason inside the dialog; Cancel returns to the decisions.
      await preview.getByRole("button", { name: "Reject" }).focus();
      await page.keyboard.press("Enter");
      const reason = preview.getByRole("textbox", { name: "Why is it sent back?" });
      await reason.waitFor();
      assertEquals(await reason.evaluate((element) => element === document.activeElement), true);
      await page.keyboard.type("a");
      assertEquals(await reason.inputValue(), "a", "a is a letter in the reason, not Approve");
      assertEquals(await preview.getByRole("button", { name: "Send back to be made again" }).count(), 1);
      await browser.screenshot(page, `review-keyboard-${size.name}-reject-viewport`);
      await preview.getByRole("button", { name: "Cancel" }).click();
      await preview.getByRole("button", { name: "Approve" }).waitFor();

      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await help.waitFor();
      const listed = await help.locator("kbd").allTextContents();
      for (const key of ["/", "j", "k", "p", "a", "n", ".", "?", "Page Up / Page Down"]) {
        assert(listed.includes(key), `${key} is listed`);
      }
      await browser.screenshot(page, `review-keyboard-${size.name}-shortcuts-viewport`);
      await page.keyboard.press("Escape");
      await help.waitFor({ state: "detached" });
      await preview.getByRole("heading", { name: "Song Preview" }).waitFor();
      assertEquals(browser.problems, []);
    },
  );
}

e2eTest(
  "review decisions: Order Detail offers the row's actions; Hold and Reject from the preview",
  async () => {
    await using t = await adminApp();
    const [held, rejected] = await songOrders(t, 2);
    const { browser, session } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
    await using _browser = browser;
    const approve = await t.request(`/api/admin/orders/${held.id}/approve`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}` },
    });
    assertEquals(approve.status, 200);
    const page = await browser.open("/admin/orders");
    const row = (order: Order) => page.locator(`tr[data-order-id="${order.id}"]`);
    await row(held).waitFor();
    assertEquals([await reviewCount(page), await page.locator("[data-count=approved]").textContent()], [
      1,
      "1",
    ]);

    // Order Detail: the same buttons as the row, drawn from the same rules.
    await row(held).getByRole("button", { name: `Order #${held.orderNumber} details` }).click();
    const detail = page.getByRole("dialog", { name: `Order #${held.orderNumber}` });
    const actions = detail.getByRole("region", { name: "Order actions" });
    await actions.waitFor();
    const names = (buttons: string[]) => buttons.map((name) => name.trim()).filter(Boolean);
    assertEquals(
      names(
        await actions.locator("button").evaluateAll((buttons) =>
          buttons.map((b) => b.getAttribute("data-action") ?? "")
        ),
      ),
      names(
        await row(held).locator("button[data-action]").evaluateAll((buttons) =>
          buttons.map((b) => b.getAttribute("data-action") ?? "")
        ),
      ),
    );
    await browser.screenshot(page, "review-decisions-detail-actions-viewport");

    // Its Preview opens the song, where an approved song whose email has not gone can be held.
    await actions.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("dialog", { name: "Song Preview" });
    await preview.getByRole("button", { name: "Hold" }).click();
    await page.locator("[data-toast-viewport]").getByText("Song back in Review").waitFor();
    await preview.getByRole("button", { name: "Approve" }).waitFor();
    assertEquals(await reviewCount(page), 2, "back in Review at once");
    assertEquals((await getOrder(t.kv, held.id))!.approvalStatus, "pending");

    // Next in Review, then Reject with a reason: the song is made again, and its reason kept.
    await preview.getByRole("button", { name: "Next in Review" }).click();
    await page.waitForFunction(
      (id) => document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") === id,
      rejected.id,
    );
    await preview.getByRole("button", { name: "Reject" }).click();
    await preview.getByRole("button", { name: "Send back to be made again" }).click();
    await preview.getByText("Please say why the song is rejected.").waitFor();
    await preview.getByRole("textbox", { name: "Why is it sent back?" }).fill("The name is sung wrong.");
    await preview.getByRole("button", { name: "Send back to be made again" }).click();
    await page.locator("[data-toast-viewport]").getByText("Song sent back").waitFor();
    // The song sent back is silent (it had started by itself when the preview moved on to it).
    await page.waitForFunction(() => [...document.querySelectorAll("audio")].every((audio) => audio.paused));
    const stored = (await getOrder(t.kv, rejected.id))!;
    assertEquals([stored.status, stored.approvalStatus], ["generating", "rejected"]);
    assertEquals(stored.rejection?.reason, "The name is sung wrong.");
    // The held song was passed over in this sitting (Next), so nothing else is offered.
    await preview.getByText("Nothing else is waiting for review.").waitFor();
    assertEquals(await reviewCount(page), 1);
    await browser.screenshot(page, "review-decisions-nothing-left-viewport");
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "reject and hold by keyboard: r, the reason, Ctrl+Enter; h on the list and in the preview; Hold on the row",
  async () => {
    await using t = await adminApp();
    const [held, kept, rejected] = await songOrders(t, 3);
    const { browser, session } = await openSignedInBrowser(t, ADMIN, { width: 1280, height: 800 });
    await using _browser = browser;
    const approve = await t.request(`/api/admin/orders/${held.id}/approve`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}` },
    });
    assertEquals(approve.status, 200);
    const page = await browser.open("/admin/orders");
    const row = (order: Order) => page.locator(`tr[data-order-id="${order.id}"]`);
    const toast = (title: string) => page.locator("[data-toast-viewport]").getByText(title);
    await row(held).waitFor();
    // Newest first: the rejected one's row leads. The approved song's row offers Hold; the others not.
    assertEquals(await row(held).getByRole("button", { name: "Hold" }).count(), 1);
    assertEquals(await row(kept).getByRole("button", { name: "Hold" }).count(), 0);

    // A Reject in four steps: the row, r, the words, Ctrl+Enter.
    await page.keyboard.press("j");
    assertEquals(
      await page.locator("[data-order-id][data-current]:visible").getAttribute("data-order-id"),
      rejected.id,
    );
    await page.keyboard.press("r");
    const preview = dialog(page);
    const reason = preview.getByRole("textbox", { name: "Why is it sent back?" });
    await reason.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
    await page.keyboard.type("The name is sung wrong.");
    await page.keyboard.press("Control+Enter");
    await toast("Song sent back").waitFor();
    const stored = (await getOrder(t.kv, rejected.id))!;
    assertEquals([stored.approvalStatus, stored.rejection?.reason], ["rejected", "The name is sung wrong."]);
    // The preview moved on to the next song in review; Escape closes it.
    await page.waitForFunction(
      (id) => document.querySelector("[data-preview-order]")?.getAttribute("data-preview-order") === id,
      kept.id,
    );
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });
    // The focus is back on the row the preview was opened from (its field had taken it as it opened).
    await page.waitForFunction(
      (id) => document.activeElement?.closest("[data-order-id]")?.getAttribute("data-order-id") === id,
      rejected.id,
    );

    // h on the approved song's row takes it back to Review.
    await page.keyboard.press("j");
    assertEquals(
      await page.locator("[data-order-id][data-current]:visible").getAttribute("data-order-id"),
      held.id,
    );
    await page.keyboard.press("h");
    await toast("Song back in Review").waitFor();
    assertEquals((await getOrder(t.kv, held.id))!.approvalStatus, "pending");

    // Approved again with a, then held from its row's own Hold button.
    await page.keyboard.press("a");
    await row(held).getByRole("button", { name: "Hold" }).click();
    await row(held).getByRole("button", { name: "Approve" }).waitFor();
    assertEquals((await getOrder(t.kv, held.id))!.approvalStatus, "pending");

    // In the preview, h holds an approved song.
    await page.keyboard.press("a");
    await row(held).getByRole("button", { name: "Hold" }).waitFor();
    await page.keyboard.press("p");
    await preview.getByRole("button", { name: "Hold" }).waitFor();
    await page.keyboard.press("h");
    await preview.getByRole("button", { name: "Approve" }).waitFor();
    assertEquals((await getOrder(t.kv, held.id))!.approvalStatus, "pending");

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    const listed = await help.locator("kbd").allTextContents();
    for (const key of ["r", "h", "Ctrl+Enter"]) assert(listed.includes(key), `${key} is listed`);
    assertEquals(browser.problems, []);
  },
);
