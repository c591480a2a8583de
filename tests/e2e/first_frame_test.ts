import { assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser, openSignedInBrowser, type TestBrowser } from "../helpers.ts";

/**
 * A page's first frame shows the whole document (routes/page_head.ts says why): Chromium is told to wait
 * for the element that ends it, rather than drawing, and laying out again, each part the parser has reached.
 */

interface FirstFrame {
  footer: boolean;
  documentEnd: boolean;
}

/** What the page held when its first frame was drawn, recorded from before any of it is parsed. */
async function recordFirstFrame(browser: TestBrowser) {
  await browser.context.addInitScript(() => {
    requestAnimationFrame(() => {
      const firstFrame = {
        footer: document.querySelector("footer") !== null,
        documentEnd: document.getElementById("lh-document-end") !== null,
      };
      Object.assign(globalThis, { firstFrame });
    });
  });
}

async function firstFrameOf(browser: TestBrowser, path: string): Promise<FirstFrame> {
  const page = await browser.open(path);
  await browser.screenshot(page, `first-frame${path.replaceAll("/", "-")}-${page.viewportSize()?.width}`);
  return await page.evaluate(() => (globalThis as unknown as { firstFrame: FirstFrame }).firstFrame);
}

const WHOLE = { footer: true, documentEnd: true };

for (const width of [390, 1280]) {
  e2eTest(
    `first frame at ${width} px, signed out: the landing and the order form are drawn whole`,
    async () => {
      await using t = await createTestApp();
      await using browser = await openBrowser(t, { width });
      await recordFirstFrame(browser);
      for (const path of ["/", "/order"]) assertEquals(await firstFrameOf(browser, path), WHOLE, path);
      assertEquals(browser.problems, []);
    },
  );

  e2eTest(`first frame at ${width} px, signed in: My Songs is drawn whole`, async () => {
    await using t = await createTestApp();
    const { browser } = await openSignedInBrowser(t, "sam@example.com", { width });
    await using _ = browser;
    await recordFirstFrame(browser);
    assertEquals(await firstFrameOf(browser, "/my-songs"), WHOLE);
    assertEquals(browser.problems, []);
  });
}
