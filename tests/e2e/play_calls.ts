import type { Page } from "playwright-core";
import type { TestBrowser } from "../helpers.ts";

/**
 * Records, for each `play()` of a media element, the event being dispatched when it was called:
 * "tap" only when it ran synchronously inside the visitor's own click, which is what Safari's autoplay
 * rule needs; "replayed click" inside the click the boot replays once the island has hydrated.
 * With `refuse`, every play() is refused as a browser's autoplay policy would.
 */
export async function watchPlayCalls(browser: TestBrowser, { refuse = false } = {}) {
  await browser.context.addInitScript((refuse: boolean) => {
    const calls: (string | null)[] = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      const event = globalThis.event;
      calls.push(
        event?.type === "click" ? (event.isTrusted ? "tap" : "replayed click") : event?.type ?? null,
      );
      if (refuse) return Promise.reject(new DOMException("play() needs a user gesture", "NotAllowedError"));
      return play.call(this);
    };
    Object.assign(globalThis, { playCalls: calls });
  }, refuse);
}
export const playCalls = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { playCalls: (string | null)[] }).playCalls);
