/**
 * SQLite-backed KV shared by two processes (or two handles with queue listeners) can answer
 * "database is locked" when their transactions meet. It is momentary, so the write or read is tried
 * again after a short, growing pause. Nothing was written when SQLite says so, which makes trying
 * again safe. Other errors pass straight through. Deno Deploy's KV never says this; the wrapper costs
 * nothing there.
 *
 * The budget, about 9 s in all (pauses grow from 10 ms to at most 1 s, each ±50 %), outlasts a burst of two
 * servers sweeping at once; a shorter one let a step give up and redo its provider call after its lease
 * (docs/deploy.md, Findings).
 */
const ATTEMPTS = 16;
const LONGEST_PAUSE_MS = 1_000;

function isBusy(error: unknown) {
  return error instanceof Error &&
    /database is locked|database table is locked|SQLITE_BUSY/i.test(error.message);
}

/** Runs `run` again while SQLite answers busy, within the budget above. */
export async function retryBusy<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || attempt >= ATTEMPTS) throw error;
      const pauseMs = Math.min(LONGEST_PAUSE_MS, 5 * 2 ** attempt) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

const RETRIED = new Set(["get", "getMany", "set", "delete", "enqueue"]);

/** The same KV, with busy errors retried on reads, writes and atomic commits. */
export function retryWhenBusy(kv: Deno.Kv): Deno.Kv {
  return new Proxy(kv, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "atomic") {
        return () => {
          const operation = target.atomic();
          const commit = operation.commit.bind(operation);
          operation.commit = () => retryBusy(commit);
          return operation;
        };
      }
      if (typeof property === "string" && RETRIED.has(property)) {
        return (...args: unknown[]) => retryBusy(() => value.apply(target, args));
      }
      return value.bind(target);
    },
  });
}
