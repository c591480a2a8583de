import { takeWindowPlace } from "../kv/shared_limits.ts";

/**
 * At most `limit` calls begin in any `windowMs`, in this process: a caller past that waits, in turn,
 * until the oldest call in the window ages out. A provider that publishes its limit (the music API:
 * 20 requests per 10 s) is kept within it by design, and a 429 stays the exception retries handle.
 * Several instances sharing one account use `sharedRateWindow`, which keeps the window in KV.
 */
export interface RateWindow {
  /** Resolves when a call may begin; rejects with the signal's reason if it is aborted first. */
  take(signal?: AbortSignal): Promise<void>;
}

export function rateWindow(limit: number, windowMs: number, now = () => performance.now()): RateWindow {
  const begun: number[] = [];

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

  return inTurn(turn);
}

/**
 * What `sharedRateWindow` keeps on top of the account's window: 5 % of it, at least 100 ms (a quarter
 * of a very short window) and at most a second. A call begins a moment after its place is taken and
 * reaches the provider a moment later still, and on a loaded machine those moments differ from call
 * to call by tens of milliseconds, whatever the window's length. Counted at the provider's end, a
 * window of exactly `windowMs` could then hold one call too many (the soak's three servers on two
 * cores saw 11 in a 1 s window of 10 with a 50 ms margin).
 */
export const marginOf = (windowMs: number) =>
  Math.round(Math.min(1_000, Math.max(windowMs * 0.05, Math.min(100, windowMs / 4))));

/**
 * The account's window for the whole deployment: at most `limit` calls begin in any `windowMs` (plus
 * `marginOf`) across every instance on the store, the window kept in KV (kv/shared_limits.ts). In
 * this process callers still wait in line, first come first served, and only the one at the head of
 * the line asks the store, so a crowd of waiting calls costs one read at a time. An instance that dies
 * holds nothing: its calls' places age out of the window like any other.
 */
export function sharedRateWindow(
  kv: Deno.Kv,
  name: string,
  limit: number,
  windowMs: number,
  now: () => number = Date.now,
): RateWindow {
  const limits = { limit, windowMs: windowMs + marginOf(windowMs) };
  return inTurn(async (signal) => {
    for (;;) {
      signal?.throwIfAborted();
      const waitMs = await takeWindowPlace(kv, name, limits, now);
      if (waitMs === 0) return;
      await waitFor(waitMs, signal);
    }
  });
}

/** Callers take their turns one after another, in the order they came. */
function inTurn(turn: (signal?: AbortSignal) => Promise<void>): RateWindow {
  let line: Promise<void> = Promise.resolve();
  return {
    take(signal) {
      const mine = line.then(() => turn(signal));
      // The next caller waits for this one's turn, not for its outcome.
      line = mine.catch(() => {});
      return mine;
    },
  };
}

function waitFor(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
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
}
