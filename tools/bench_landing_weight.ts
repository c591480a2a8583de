/**
 * What a phone downloads for `/`: the page loads in headless Chromium at 390×844, waits for the network
 * to settle (the hero video has loaded by then), and the encoded (on-the-wire) size of every response
 * is added up by kind. Reaction videos must be absent: they load only when their section nears the
 * viewport.
 *
 * Issue 24 adds the JavaScript at three moments, as gzip (the `.gz` copy the build writes of each file,
 * what a browser that takes gzip receives): once the page has loaded with idle callbacks held back (the
 * first view: the boot alone), once the `idle` islands have hydrated with nothing touched or scrolled,
 * and once the visitor has scrolled to the end so every island has hydrated.
 */
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { BUILD_DIR } from "../routes/assets.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

export interface LandingWeight {
  byKind: Record<string, { files: number; bytes: number }>;
  total: number;
  reactionVideoBytes: number;
  /** Gzip bytes of the JavaScript fetched by each moment (issue 24). */
  javascript: { firstView: number; afterIdle: number; allHydrated: number };
}

function kindOf(url: URL, contentType: string): string {
  if (url.pathname.startsWith("/videos/") && url.pathname.endsWith(".mp4")) return "reaction video";
  if (contentType.startsWith("video/")) return "hero video";
  if (contentType.startsWith("text/html")) return "html (with inline css)";
  if (contentType.includes("javascript")) return "javascript";
  if (contentType.startsWith("image/")) return "images";
  return "other";
}

/** The gzip size of the built files these addresses name, each counted once. */
async function gzipOfScripts(urls: Iterable<URL>): Promise<number> {
  let bytes = 0;
  for (const path of new Set([...urls].map((url) => url.pathname))) {
    bytes += (await Deno.stat(join(BUILD_DIR, path.replace(/^\/build\//, "") + ".gz"))).size;
  }
  return bytes;
}

/** Idle callbacks wait for the bench, so "before idle" is a moment it chooses, not a race. */
function holdIdleCallbacks() {
  const held: IdleRequestCallback[] = [];
  const page = globalThis as unknown as { requestIdleCallback: unknown; runIdle: () => void };
  page.requestIdleCallback = (callback: IdleRequestCallback) => held.push(callback);
  page.runIdle = () => {
    for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
  };
}

const hydratedCount = (page: Page) => page.locator("lh-island[data-hydrated]").count();

export async function measureLandingWeight(origin: string): Promise<LandingWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addInitScript(holdIdleCallbacks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const responses = new Map<string, { url: URL; type: string }>();
    const finished = new Map<string, number>();
    // A media request the player keeps open or abandons never finishes: count what has arrived.
    const arrived = new Map<string, number>();
    cdp.on("Network.responseReceived", (event) => {
      responses.set(event.requestId, { url: new URL(event.response.url), type: event.response.mimeType });
    });
    cdp.on("Network.dataReceived", (event) => {
      arrived.set(event.requestId, (arrived.get(event.requestId) ?? 0) + event.encodedDataLength);
    });
    cdp.on("Network.loadingFinished", (event) => finished.set(event.requestId, event.encodedDataLength));
    const scripts = () =>
      [...responses.values()].filter((response) => response.type.includes("javascript")).map(({ url }) =>
        url
      );

    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    const firstView = await gzipOfScripts(scripts());

    const markers = await page.locator("lh-island").count();
    const idle = await page.locator("lh-island[data-hydrate=idle]").count();
    await page.evaluate(() => (globalThis as unknown as { runIdle: () => void }).runIdle());
    await page.waitForFunction(
      (idle) => document.querySelectorAll("lh-island[data-hydrated]").length >= idle,
      idle,
    );
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    const afterIdle = await gzipOfScripts(scripts());

    // The untouched page's bytes by kind, as before issue 24: loaded, settled, idle work done.
    const byKind: LandingWeight["byKind"] = {};
    let total = 0;
    let reactionVideoBytes = 0;
    for (const [id, response] of responses) {
      const bytes = finished.get(id) ?? arrived.get(id) ?? 0;
      const kind = kindOf(response.url, response.type);
      byKind[kind] ??= { files: 0, bytes: 0 };
      byKind[kind].files += 1;
      byKind[kind].bytes += bytes;
      total += bytes;
      if (kind === "reaction video") reactionVideoBytes += bytes;
    }

    // A visitor reading to the end: every `visible` island comes near the viewport on the way.
    for (let step = 0; step < 40 && await hydratedCount(page) < markers; step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(150);
    }
    await page.waitForFunction(
      (markers) => document.querySelectorAll("lh-island[data-hydrated]").length === markers,
      markers,
    );
    await page.waitForLoadState("networkidle");
    const allHydrated = await gzipOfScripts(scripts());
    return { byKind, total, reactionVideoBytes, javascript: { firstView, afterIdle, allHydrated } };
  } finally {
    await browser.close();
  }
}
