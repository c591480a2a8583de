/** Runs a task when one of its places is free, else once an earlier task ends: first come, first served. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * At most `concurrency` tasks at a time. A task that ends hands its place straight to the longest
 * waiting one, so a task arriving later never overtakes those already waiting.
 */
export function createLimiter(concurrency: number): Limiter {
  // Fewer than one place would leave every task waiting for good.
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`A limiter needs a whole number of places, at least 1 (got ${concurrency}).`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Runs `each` over every item, at most `concurrency` at a time, so one slow call does not hold up the rest. */
export async function forEachLimited<T>(
  items: readonly T[],
  concurrency: number,
  each: (item: T) => Promise<unknown>,
): Promise<void> {
  const limit = createLimiter(concurrency);
  await Promise.all(items.map((item) => limit(() => each(item))));
}
