import { assertEquals, assertRejects } from "@std/assert";
import { retryWhenBusy } from "../../../kv/busy_retry.ts";

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

Deno.test("a write that meets a locked database is tried again until the lock is gone", async () => {
  await using store = await Deno.openKv(":memory:");
  const locked = lockedFor(store, 4);
  const result = await locked.kv.atomic().set(["a"], 1).commit();
  assertEquals(result.ok, true);
  assertEquals(locked.calls(), 5);
  assertEquals((await store.get(["a"])).value, 1);
});

Deno.test("other errors, and a lock that never goes, reach the caller", async () => {
  await using store = await Deno.openKv(":memory:");
  const broken = lockedFor(store, 1, "disk I/O error");
  await assertRejects(() => broken.kv.set(["b"], 1), Error, "disk I/O error");
  assertEquals(broken.calls(), 1);

  const stuck = lockedFor(store, Infinity);
  await assertRejects(() => stuck.kv.set(["b"], 1), Error, "database is locked");
  assertEquals(stuck.calls(), 16);
  assertEquals((await store.get(["b"])).value, null);
});
