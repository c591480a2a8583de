import { assert, assertEquals, assertRejects } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { acquireLease, type Lock, releaseLease, stillHeld, withLease } from "../../../kv/locks.ts";

const ORDER = { type: "order", id: "o1" };

Deno.test("a lease is exclusive until released or expired, and a stale holder cannot release its successor's", async () => {
  await using kv = await Deno.openKv(":memory:");
  const now = Date.parse("2026-03-01T10:00:00Z");
  const first = (await acquireLease(kv, ORDER, "worker-a", 1000, now))!;
  assert(first);
  assertEquals(first.lock, {
    resourceType: "order",
    resourceId: "o1",
    lockedBy: "worker-a",
    lockedAt: "2026-03-01T10:00:00.000Z",
    expiresAt: "2026-03-01T10:00:01.000Z",
    releasedAt: null,
  });
  assertEquals(await acquireLease(kv, ORDER, "worker-b", 1000, now + 500), null, "held");

  const second = (await acquireLease(kv, ORDER, "worker-b", 1000, now + 1500))!;
  assert(second, "an expired lease can be taken over");
  // worker-a wakes up late: its release and its writes must not touch worker-b's lease.
  await releaseLease(kv, first, now + 1600);
  assertEquals((await kv.get<Lock>(keys.lock("order", "o1"))).value?.releasedAt, null);
  const lateWrite = await kv.atomic().check(stillHeld(first)).set(["x"], 1).commit();
  assertEquals(lateWrite.ok, false);

  await releaseLease(kv, second, now + 1700);
  assertEquals((await kv.get<Lock>(keys.lock("order", "o1"))).value?.releasedAt, "2026-03-01T10:00:01.700Z");
  assert(await acquireLease(kv, ORDER, "worker-c", 1000, now + 1800), "free again once released");
});

Deno.test("two workers racing for one lease: exactly one gets it", async () => {
  await using kv = await Deno.openKv(":memory:");
  const now = Date.now();
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => acquireLease(kv, ORDER, `worker-${i}`, 1000, now)),
  );
  assertEquals(results.filter(Boolean).length, 1);
});

Deno.test("withLease: busy answers null, the lease is let go however the work ends, and a lost lease stops a retry", async () => {
  await using kv = await Deno.openKv(":memory:");
  let now = Date.parse("2026-03-01T10:00:00Z");
  const holder = (id: string) => ({ id, leaseMs: 1000, now: () => now });
  const released = async () => !!(await kv.get<Lock>(keys.lock("order", "o1"))).value?.releasedAt;

  assertEquals(
    await withLease(
      kv,
      ORDER,
      holder("a"),
      () => withLease(kv, ORDER, holder("b"), () => Promise.resolve(1)),
    ),
    null,
  );
  assert(await released(), "released after the work");
  await assertRejects(() => withLease(kv, ORDER, holder("a"), () => Promise.reject(new Error("boom"))));
  assert(await released(), "released after a failure too");

  const tries: string[] = [];
  const answer = await withLease(kv, ORDER, holder("a"), async (held) => {
    assertEquals(
      await held.retry("nothing to write", () => Promise.resolve({ value: "read only" })),
      "read only",
    );
    now += 1500;
    await acquireLease(kv, ORDER, "b", 1000, now);
    return await held.retry("after the lease ran out", () => {
      tries.push("try");
      return Promise.resolve({ value: "written", write: held.atomic().set(["x"], 1) });
    });
  });
  assertEquals([answer, tries.length, (await kv.get(["x"])).value], [null, 1, null]);
});
