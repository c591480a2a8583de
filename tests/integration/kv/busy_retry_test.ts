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

Deno.test("processes opening the same new KV files at once all get them (SQLite's set-up meets the lock too)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "busy_open_" });
  try {
    // Each process opens the same 150 fresh files in turn: before openKv retried a busy open, four of
    // them collided a few times per run with "database is locked" (a CI run lost a migration test to it).
    const script = `
      import { openKv } from "${new URL("../../../kv/open.ts", import.meta.url)}";
      for (let i = 0; i < 150; i++) (await openKv(${JSON.stringify(dir)} + "/store" + i + ".kv")).close();
    `;
    const outputs = await Promise.all(Array.from({ length: 4 }, () =>
      new Deno.Command(Deno.execPath(), {
        args: ["eval", "--ext=ts", script],
        stdout: "null",
        stderr: "piped",
      }).output()));
    for (const output of outputs) assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
