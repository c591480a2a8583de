/** Timers as a parameter, so the schedule can be tested without waiting. */
export interface PollTimers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * Calls `poll` every `intervalMs`, counted from the end of the previous call, so a slow answer
 * never has a second request stacked on it. A failed call is left to the caller; the schedule goes
 * on. Answers a function that stops it.
 */
export function startPolling(
  poll: () => Promise<unknown>,
  intervalMs: number,
  timers: PollTimers = globalThis,
): () => void {
  let stopped = false;
  let timer: number | undefined;
  const schedule = () => {
    if (!stopped) timer = timers.setTimeout(tick, intervalMs);
  };
  const tick = () => {
    poll().catch(() => {}).finally(schedule);
  };
  schedule();
  return () => {
    stopped = true;
    timers.clearTimeout(timer!);
  };
}

/**
 * Wraps a load so calls made while one is under way share it instead of starting another (a manual
 * "Try again" during a poll, say).
 */
export function singleFlight<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= load().finally(() => (running = null));
    return running;
  };
}
