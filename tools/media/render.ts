import { type Browser, type CDPSession, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";

/**
 * Draws scenes in headless Chromium, one frame at a time. A scene is a pure function from a time in
 * seconds to SVG markup: nothing runs on the page's own clock (no CSS animations, no timers), so a
 * frame depends only on t and every run renders the same pixels.
 */

export interface Scene {
  width: number;
  height: number;
  /** SVG content (no outer <svg>) of the picture at `t` seconds. */
  draw(t: number): string;
}

// Unhinted glyphs render the same on any machine, which keeps the output deterministic.
const RENDER_ARGS = [...CHROMIUM_ARGS, "--font-render-hinting=none"];

/** Bold, wide and friendly; the stroke outline the scenes add rounds its corners. */
export const DISPLAY_FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";

export interface FrameRenderer {
  /** The frame of `scene` at `t` seconds, as PNG (or JPEG for stills that are shipped as JPEG). */
  frame(scene: Scene, t: number, format?: "png" | "jpeg", quality?: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function openRenderer(): Promise<FrameRenderer> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: RENDER_ARGS });
  const page = await browser.newPage({ viewport: { width: 100, height: 100 }, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#fff}` +
      `svg{display:block;font-family:${DISPLAY_FONT}}</style></head><body><div ` +
      `id="stage"></div></body></html>`,
  );
  // The DevTools protocol's screenshot skips Playwright's per-call waiting: rendering stays a few
  // milliseconds per frame, which matters over a couple of thousand frames.
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let size = "";

  return {
    async frame(scene, t, format = "png", quality = 92) {
      if (size !== `${scene.width}x${scene.height}`) {
        await page.setViewportSize({ width: scene.width, height: scene.height });
        size = `${scene.width}x${scene.height}`;
      }
      const markup =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" ` +
        `viewBox="0 0 ${scene.width} ${scene.height}">${scene.draw(t)}</svg>`;
      await page.evaluate((html) => {
        document.getElementById("stage")!.innerHTML = html;
      }, markup);
      const shot = await cdp.send("Page.captureScreenshot", {
        format,
        quality: format === "jpeg" ? quality : undefined,
        clip: { x: 0, y: 0, width: scene.width, height: scene.height, scale: 1 },
      });
      return Uint8Array.from(atob(shot.data), (char) => char.charCodeAt(0));
    },
    async close() {
      await browser.close();
    },
  };
}

/** Every frame of a scene lasting `seconds` at `fps`: t = 0, 1/fps, ... (the end is the next start). */
export async function renderFrames(
  renderer: FrameRenderer,
  scene: Scene,
  seconds: number,
  fps: number,
): Promise<Uint8Array[]> {
  const frames: Uint8Array[] = [];
  const count = Math.round(seconds * fps);
  for (let index = 0; index < count; index++) frames.push(await renderer.frame(scene, index / fps));
  return frames;
}
