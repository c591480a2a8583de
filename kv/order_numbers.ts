import { CONFLICT, retryOnConflict, WriteConflictError } from "./atomic.ts";
import { keys } from "./keys.ts";
import { FIRST_ORDER_NUMBER } from "./orders.ts";

/**
 * Order numbers (customer-side §9: from 1000 up, read by families and staff as "#1234"). The sequence
 * entry is the one key every new order needs, so only taking a number touches it: a small atomic
 * operation of its own, checked against the sequence as read, so two takers (in this process or any
 * other on the same store) can never get the same number. The order is then written in its own
 * atomic operation, which also checks that no order holds its number yet, so a bug or a replayed
 * number can only fail a write, never store two orders under one number.
 *
 * Within a process, takers that arrive while a take is being committed wait for the next one, which
 * takes all their numbers at once: one commit on the sequence however many orders arrive together,
 * and the orders themselves are written side by side. A number taken and not used (another call
 * made the same order first) is given back and handed to the next order of this process. One taken
 * by a process that then dies is never used: the numbers have a gap there, never a duplicate.
 */

interface Waiter {
  resolve: (orderNumber: number) => void;
  reject: (error: unknown) => void;
}

/** One KV handle's takes: those waiting for the next commit, and numbers given back. */
class OrderNumbers {
  #waiting: Waiter[] = [];
  #spare: number[] = [];
  #taking = false;

  constructor(private readonly kv: Deno.Kv) {}

  take(): Promise<number> {
    const spare = this.#spare.shift();
    if (spare !== undefined) return Promise.resolve(spare);
    const taken = new Promise<number>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    if (!this.#taking) this.#takeForAllWaiting();
    return taken;
  }

  giveBack(orderNumber: number) {
    this.#spare.push(orderNumber);
    this.#spare.sort((a, b) => a - b);
  }

  async #takeForAllWaiting() {
    this.#taking = true;
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0);
        try {
          const first = await takeFromSequence(this.kv, batch.length);
          batch.forEach((waiter, i) => waiter.resolve(first + i));
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      this.#taking = false;
    }
  }
}

/** Moves the sequence on by `count` in one checked commit; answers the first number taken. */
function takeFromSequence(kv: Deno.Kv, count: number): Promise<number> {
  return retryOnConflict("the order number", async () => {
    const sequence = await kv.get<number>(keys.orderSequence());
    const first = sequence.value ?? FIRST_ORDER_NUMBER;
    const result = await kv.atomic().check(sequence).set(keys.orderSequence(), first + count).commit();
    // Only other processes' takes can collide with it: one at a time from each.
    return result.ok ? first : CONFLICT;
  });
}

const byHandle = new WeakMap<Deno.Kv, OrderNumbers>();

function numbersOf(kv: Deno.Kv): OrderNumbers {
  let numbers = byHandle.get(kv);
  if (!numbers) byHandle.set(kv, numbers = new OrderNumbers(kv));
  return numbers;
}

/** The next order number: no other taker on this store gets it (numbers given back come first). */
export function takeOrderNumber(kv: Deno.Kv): Promise<number> {
  return numbersOf(kv).take();
}

/**
 * Takes a number into `operation`, the atomic write of a new order: answers it and adds the check
 * that no order holds it yet.
 */
export type NumberTaker = (operation: Deno.AtomicOperation) => Promise<number>;

/**
 * Runs `attempt`, a read-check-commit of a new order, until it commits (as retryOnConflict). The
 * attempt calls `number(operation)` only when it is about to write an order; the number is taken
 * once and kept across its retries. An attempt that takes it must commit it or answer CONFLICT.
 * When the last attempt did not take it (the order turned out to exist), it is given back; when an
 * attempt throws, it is dropped, since a commit that threw may have stored it.
 */
export async function writeNewOrder<T>(
  kv: Deno.Kv,
  what: string,
  attempt: (number: NumberTaker) => Promise<T | typeof CONFLICT>,
): Promise<T> {
  let held: number | null = null;
  let used = false;
  const number: NumberTaker = async (operation) => {
    held ??= await takeOrderNumber(kv);
    used = true;
    operation.check({ key: keys.orderByNumber(held), versionstamp: null });
    return held;
  };
  let result: T;
  try {
    result = await retryOnConflict(what, async () => {
      used = false;
      const outcome = await attempt(number);
      // Lost a race: if what it lost to is an order under this number (never by the sequence, but
      // the check is there to make sure), the number is not ours to use again.
      if (outcome === CONFLICT && held !== null && await numberIsTaken(kv, held)) held = null;
      return outcome;
    });
  } catch (error) {
    // Retries ran out with the number unused: the next order may have it. Anything else may have
    // stored it, and then it is lost (a gap, never a duplicate).
    if (held !== null && error instanceof WriteConflictError) numbersOf(kv).giveBack(held);
    throw error;
  }
  if (held !== null && !used) numbersOf(kv).giveBack(held);
  return result;
}

async function numberIsTaken(kv: Deno.Kv, orderNumber: number): Promise<boolean> {
  return (await kv.get(keys.orderByNumber(orderNumber))).versionstamp !== null;
}
