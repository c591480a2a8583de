/**
 * What a phone downloads for `/` before anyone touches it: the page loads in headless Chromium at
 * 390×844, waits for the network to settle (the hero video has loaded by then), and the encoded
 * (on-the-wire) size of every response is added up by kind. Reaction videos must be absent: they
 * load only when their section nears the viewport.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

export interface LandingWeight {
  byKind: Record<string, { files: number; bytes: number }>;
  total: number;
  reactionVideoBytes: number;
}

function kindOf(url: URL, contentType: string): string {
  if (url.pathname.startsWith("/videos/") && url.pathname.endsWith(".mp4")) return "reaction video";
  if (contentType.startsWith("video/")) return "hero video";
  if (contentType.startsWith("text/html")) return "html (with inline css)";
  if (contentType.includes("javascript")) return "javascript";
  if (contentType.startsWith("image/")) return "images";
  return "other";
}

export async function measureLandingWeight(origin: string): Promise<LandingWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
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
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);

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
    return { byKind, total, reactionVideoBytes };
  } finally {
    await browser.close();
  }
}
