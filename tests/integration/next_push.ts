/**
 * For fakes that record what they receive in a plain array (the SMTP sink's `injected`, the PostHog
 * fake's `batches`): the moment the next item is recorded, as an event to await instead of a poll.
 */
export function nextPush<T>(array: T[]): Promise<T> {
  const { promise, resolve } = Promise.withResolvers<T>();
  // An own `push` for one call, then the array's own again (deleted, so the array compares as before).
  Object.defineProperty(array, "push", {
    configurable: true,
    value: (...items: T[]) => {
      delete (array as { push?: unknown }).push;
      const length = array.push(...items);
      resolve(items[0]);
      return length;
    },
  });
  return promise;
}
