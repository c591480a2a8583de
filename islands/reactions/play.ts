import { AUTOPLAY_RETRY_MS } from "../../domain/site/carousel.ts";

export type Playable = Pick<HTMLMediaElement, "play">;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Customer-side §4: a refused `play()` (autoplay policy, a play interrupted while the file loads) is
 * tried once more after AUTOPLAY_RETRY_MS, then given up silently: a carousel that does not start is
 * not an error worth a message. `stillWanted` stops the retry when the visitor moved on meanwhile.
 */
export async function playWithRetry(
  video: Playable,
  stillWanted: () => boolean,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await wait(AUTOPLAY_RETRY_MS);
    if (!stillWanted()) return false;
    try {
      await video.play();
      return true;
    } catch {
      // Retried once below, then silent.
    }
  }
  return false;
}
