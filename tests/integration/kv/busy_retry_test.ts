import { assert, assertEquals, assertRejects } from "@std/assert";
import { retryWhenBusy } from "../../../kv/busy_retry.ts";
import { openSameFilesAtOnce } from "./open_race.ts";

/** A real KV whose commits and sets first fail as SQLite does when another process holds the lock. */
function lockedFor(kv: Deno.Kv, failures: number, message = "database is locked") {
  let left = failures;
  let calls = 0;
  const failFirst = <T>(run: () => Promise<T>) => {
    calls++;
    if (left-- > 0) return Promise.reject(new Error(message));
    return run();
  };
  const flaky = new Proxy(kv, {
    get(target, property) {
      if (property === "set") {
        return (key: Deno.KvKey, value: unknown) => failFirst(() => target.set(key, value));
      }
      if (property === "atomic") {
        return () => {
          const operation = target.atomic();
          const commit = operation.commit.bind(operation);
          operation.commit = () => failFirst(commit);
          return operation;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: retryWhenBusy(flaky), calls: () => calls };
}

/**
 * Runs `fn` with every timer firing at once, answering the pauses it asked for: the retry budget's
 * waits are the clock's, not the test's. The module's tests run one at a time, so none sees the swap.
 */
async function withoutPauses(fn: () => Promise<unknown>): Promise<number[]> {
  const real = globalThis.setTimeout;
  const pauses: number[] = [];
  globalThis.setTimeout = ((callback: () => void, ms = 0) => {
    pauses.push(ms);
    queueMicrotask(callback);
    return 0;
  }) as typeof setTimeout;
  try {
    await fn();
  } finally {
    globalThis.setTimeout = real;
  }
  return pauses;
}

Deno.test("a write that meets a locked database is tried again until the lock is gone", async () => {
  await using store = await Deno.openKv(":memory:");
  const locked = lockedFor(store, 4);
  let result: Deno.KvCommitResult | Deno.KvCommitError | undefined;
  await withoutPauses(async () => (result = await locked.kv.atomic().set(["a"], 1).commit()));
  assertEquals(result?.ok, true);
  assertEquals(locked.calls(), 5);
  assertEquals((await store.get(["a"])).value, 1);
});

Deno.test("other errors, and a lock that never goes, reach the caller", async () => {
  await using store = await Deno.openKv(":memory:");
  const broken = lockedFor(store, 1, "disk I/O error");
  await assertRejects(() => broken.kv.set(["b"], 1), Error, "disk I/O error");
  assertEquals(broken.calls(), 1);

  const stuck = lockedFor(store, Infinity);
  const pauses = await withoutPauses(() =>
    assertRejects(() => stuck.kv.set(["b"], 1), Error, "database is locked")
  );
  assertEquals(stuck.calls(), 16);
  // The budget: fifteen pauses, growing to a second each, about 9 s in all (±50 % each).
  assertEquals(pauses.length, 15);
  const total = pauses.reduce((sum, ms) => sum + ms, 0);
  assert(total > 4_500 && total < 13_500, `${total} ms of pauses`);
  assertEquals((await store.get(["b"])).value, null);
});

Deno.test("processes opening the same new KV files at once all get them (SQLite's set-up meets the lock too)", async () => {
  // Two processes on a few files: the gate's share of the race; `deno task bench` runs four on 150
  // (tests/scale/kv_open_race_test.ts).
  assertEquals(await openSameFilesAtOnce(2, 8), { failures: [] });
});
