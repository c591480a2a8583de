import { assert, assertEquals } from "@std/assert";
import { retryWhenBusy } from "../../../kv/busy_retry.ts";
import {
  renewShares,
  returnShare,
  sharesInUse,
  takeShare,
  takeWindowPlace,
} from "../../../kv/shared_limits.ts";
import { TestClock } from "../../helpers.ts";

/** Three handles on one KV file, as three instances of the shop would open it. */
async function threeInstances() {
  const dir = await Deno.makeTempDir({ prefix: "shared-limits-" });
  const handles = await Promise.all(
    [1, 2, 3].map(async () => retryWhenBusy(await Deno.openKv(`${dir}/app.kv`))),
  );
  return {
    handles,
    async [Symbol.asyncDispose]() {
      for (const kv of handles) kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** The most starts that fall inside any one window. */
function busiestWindow(starts: number[], windowMs: number): number {
  return Math.max(
    ...starts.map((start) => starts.filter((at) => at >= start && at < start + windowMs).length),
  );
}

Deno.test("three instances racing for one window never take more than its limit in any window", async () => {
  await using instances = await threeInstances();
  const clock = new TestClock();
  const limits = { limit: 4, windowMs: 1_000 };
  const starts: number[] = [];
  // Each instance wants 12 places; the clock moves only when a caller is told to wait, and only as far
  // as it was told, so every place taken is at the moment the store allowed it.
  await Promise.all(instances.handles.map(async (kv) => {
    // The time the store was asked at: the clock may move while the answer comes back.
    let askedAt = 0;
    for (let taken = 0; taken < 12;) {
      const waitMs = await takeWindowPlace(kv, "account", limits, () => (askedAt = clock.now()));
      if (waitMs === 0) {
        starts.push(askedAt);
        taken++;
      } else {
        clock.set(Math.max(clock.now(), clock.now() + Math.min(waitMs, 250)));
      }
    }
  }));
  assertEquals(starts.length, 36);
  assertEquals(busiestWindow(starts.sort((a, b) => a - b), limits.windowMs), 4);
});

Deno.test("a full window says how long until its oldest call ages out", async () => {
  await using instances = await threeInstances();
  const [a, b] = instances.handles;
  const clock = new TestClock();
  const limits = { limit: 2, windowMs: 1_000 };
  assertEquals(await takeWindowPlace(a, "account", limits, () => clock.now()), 0);
  clock.advance(300);
  assertEquals(await takeWindowPlace(b, "account", limits, () => clock.now()), 0);
  clock.advance(100);
  assertEquals(await takeWindowPlace(a, "account", limits, () => clock.now()), 600);
  clock.advance(600);
  assertEquals(await takeWindowPlace(b, "account", limits, () => clock.now()), 0);
});

Deno.test("shares: no more than the limit at once across instances; a dead holder's share runs out", async () => {
  await using instances = await threeInstances();
  const [a, b, c] = instances.handles;
  const clock = new TestClock();
  const ask = (kv: Deno.Kv, holder: string) =>
    takeShare(kv, "slots", { limit: 2, holder, ttlMs: 30_000, now: clock.now() });

  const taken = await Promise.all([ask(a, "a"), ask(b, "b"), ask(c, "c"), ask(a, "a2")]);
  assertEquals(taken.filter(Boolean).length, 2, "two places, however many ask at once");
  assertEquals((await sharesInUse(c, "slots", clock.now())).length, 2);

  // One holder goes on working and renews; the other dies holding its share.
  const shares = await sharesInUse(c, "slots", clock.now());
  const [living, dead] = shares;
  clock.advance(20_000);
  assertEquals(await renewShares(a, "slots", living.holder, 30_000, clock.now()), [living.id]);
  assertEquals(await ask(c, "c"), null, "still full while the dead share has time left");
  clock.advance(10_001);
  const rescued = await ask(c, "c");
  assert(rescued, "the dead holder's place came free after its ttl");
  assertEquals(
    (await sharesInUse(b, "slots", clock.now())).map((share) => share.id).sort(),
    [living.id, rescued].sort(),
  );
  assert(!(await sharesInUse(b, "slots", clock.now())).some((share) => share.id === dead.id));

  // Giving a share back frees its place at once.
  await returnShare(a, "slots", living.id, clock.now());
  assert(await ask(b, "b"));
});
