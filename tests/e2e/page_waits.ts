import type { Page } from "playwright-core";

/**
 * Resolves once the page has had an idle moment and then drawn two frames: whatever its scripts had
 * queued from what came before (a load, a hydration, a click) has run by then. A check that something
 * did NOT happen waits for this, never for a fixed time.
 */
export async function afterIdle(page: Page) {
  await page.evaluate(() =>
    new Promise<void>((resolve) =>
      requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
    )
  );
}

/**
 * Resolves once the page has drawn two frames and then run a task: what its scripts queued from what
 * came before (a load, a hydration, a drag) has run by then. For pages whose idle moments a test holds
 * itself, where afterIdle would wait for ever.
 */
export async function afterFrames(page: Page) {
  await page.evaluate(() =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))
    )
  );
}

/** Resolves once every animation that ends (a reveal's pop-in, confetti) has ended; loops are left be. */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
}
