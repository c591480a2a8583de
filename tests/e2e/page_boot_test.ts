import { assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser } from "../helpers.ts";

/**
 * What the boot of every page with scripts does (islands/lib/boot.ts, islands/lib/page_features.ts),
 * watched in Chromium. Work the first view does not need gets tasks of its own rather than lengthening
 * the boot's: a phone's main thread stays free for a tap between them.
 */

// The landing's first read of the token is the stale-token check; the order form's is its "Order Started".
for (const path of ["/", "/order"]) {
  e2eTest(
    `page boot (${path}): a token left in storage is read after the boot's own task, and dropped when refused`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, { width: 390, height: 844 });
      await browser.context.addInitScript(() => {
        if (!location.protocol.startsWith("http")) return;
        localStorage.setItem("token", "s".repeat(43));
        // Module scripts run before DOMContentLoaded, in the same task: a read after it is in a later task.
        let parsed = false;
        document.addEventListener("DOMContentLoaded", () => parsed = true);
        const readsAfterParsing: boolean[] = [];
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (key: string) {
          if (key === "token") readsAfterParsing.push(parsed);
          return getItem.call(this, key);
        };
        Object.assign(globalThis, { readsAfterParsing });
      });
      const page = await browser.context.newPage();
      await page.goto(browser.origin + path, { waitUntil: "load" });
      await page.waitForFunction(() => Object.keys(localStorage).includes("token") === false);
      const reads = await page.evaluate(() =>
        (globalThis as unknown as { readsAfterParsing: boolean[] }).readsAfterParsing
      );
      assertEquals(reads[0], true, "the first read of the token waits for a task after the boot's");
      // The only failure is the refusal of the stale token, which is the point.
      assertEquals(browser.problems.filter((problem) => !/api\/auth\/user|status of 401/.test(problem)), []);
    },
  );
}
