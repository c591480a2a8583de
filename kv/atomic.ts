/** Returned by an attempt whose atomic commit lost a versionstamp race; the attempt is run again. */
export const CONFLICT = Symbol("conflict");

/**
 * Runs a read-check-commit attempt until it commits. A conflict that outlives the retries is not
 * swallowed: it raises, so the request fails loudly instead of pretending a write happened.
 */
export async function retryOnConflict<T>(
  what: string,
  attempt: () => Promise<T | typeof CONFLICT>,
  tries = 10,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const result = await attempt();
    if (result !== CONFLICT) return result;
    // Writers that collided on a hot key (the order-number sequence) would collide again at once;
    // a short random pause spreads them out.
    if (i < tries - 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** i * 5));
  }
  throw new WriteConflictError(what);
}

/** A conflict that outlived the retries: no attempt committed. */
export class WriteConflictError extends Error {
  constructor(what: string) {
    super(`Could not commit ${what}: it kept changing underneath us.`);
    this.name = "WriteConflictError";
  }
}
