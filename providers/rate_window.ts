/**
 * At most `limit` calls begin in any `windowMs`, in this process: a caller past that waits, in turn,
 * until the oldest call in the window ages out. A provider that publishes its limit (the music API:
 * 20 requests per 10 s) is kept within it by design, and a 429 stays the exception retries handle.
 * Several instances share the provider's limit between them; each keeps its own window.
 */
export interface RateWindow {
  /** Resolves when a call may begin; rejects with the signal's reason if it is aborted first. */
  take(signal?: AbortSignal): Promise<void>;
}

export function rateWindow(limit: number, windowMs: number, now = () => performance.now()): RateWindow {
  const begun: number[] = [];
  let line: Promise<void> = Promise.resolve();

  const waitFor = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, ms);
      function done() {
        signal?.removeEventListener("abort", aborted);
        resolve();
      }
      function aborted() {
        clearTimeout(timer);
        reject(signal!.reason);
      }
      signal?.addEventListener("abort", aborted, { once: true });
    });

  const turn = async (signal?: AbortSignal) => {
    for (;;) {
      signal?.throwIfAborted();
      const time = now();
      while (begun.length && begun[0] <= time - windowMs) begun.shift();
      if (begun.length < limit) {
        begun.push(time);
        return;
      }
      await waitFor(begun[0] + windowMs - time, signal);
    }
  };

  return {
    take(signal) {
      const mine = line.then(() => turn(signal));
      // The next caller waits for this one's turn, not for its outcome.
      line = mine.catch(() => {});
      return mine;
    },
  };
}
