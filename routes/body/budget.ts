/**
 * Bytes of request bodies still arriving, across every request of the process. A slow-body flood
 * (a thousand uploads trickling a byte at a time) would otherwise hold memory without bound; past
 * the budget a request is answered 503 at once and its connection dropped.
 */
export class BodyBudget {
  #held = 0;

  constructor(readonly capacityBytes: number) {}

  get heldBytes(): number {
    return this.#held;
  }

  /** Reserves `bytes`, or answers false (reserving nothing) when that would pass the budget. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.capacityBytes) return false;
    this.#held += bytes;
    return true;
  }

  release(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes);
  }
}
