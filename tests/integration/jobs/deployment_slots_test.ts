import { assert, assertEquals } from "@std/assert";
import { listEvents } from "../../../kv/events.ts";
import { getOrder } from "../../../kv/orders.ts";
import { sharesInUse, takeShare } from "../../../kv/shared_limits.ts";
import { GENERATION_SLOTS } from "../../../jobs/worker.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { orderForm } from "../orders/helpers.ts";
import { clockWorker, stepUntil } from "./helpers.ts";

const FULL_RUN = ["LYRICS", "TAGS", "SUNO_CREATE", "SUNO_STATUS"];

const stageSuccesses = async (kv: Deno.Kv, orderId: string) =>
  (await listEvents(kv, orderId))
    .filter((event) => event.type === "SUCCESS" && FULL_RUN.includes(event.stage))
    .map((event) => event.stage);

/**
 * The lyricist every instance calls (one account), counting the calls under way at once across them.
 * Calls are held until `capacity` are under way, as slow model calls would be, and let go at once if
 * more than that begin: the count is what the test reads, and nothing waits for ever.
 */
function sharedLyricist(capacity: number) {
  const local = createLocalLyricist();
  let underWay = 0;
  const held = Promise.withResolvers<void>();
  const full = Promise.withResolvers<void>();
  const counts = { most: 0, lyrics: 0 };
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    underWay++;
    counts.most = Math.max(counts.most, underWay);
    if (underWay >= capacity) full.resolve();
    if (underWay > capacity) held.resolve();
    try {
      await held.promise;
      return await run();
    } finally {
      underWay--;
    }
  };
  const lyricist: Lyricist = {
    kind: "local",
    writeLyrics: (request, signal) => {
      counts.lyrics++;
      return call(() => local.writeLyrics(request, signal));
    },
    writeTags: (request, signal) => call(() => local.writeTags(request, signal)),
  };
  return { lyricist, counts, full: full.promise, letGo: () => held.resolve() };
}

Deno.test("three instances on one store run no more generation steps at once than GENERATION_CONCURRENCY", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/shared.kv`;
  const shared = sharedLyricist(2);
  const options = (workerId: string) => ({
    kvPath,
    workerId,
    env: { GENERATION_CONCURRENCY: "2" },
    providers: { words: shared.lyricist },
  });
  try {
    await using a = await createTestApp(options("a"));
    await using b = await createTestApp(options("b"));
    await using c = await createTestApp(options("c"));
    const apps: TestApp[] = [a, b, c];
    const placed = [];
    // Placed on the instances' own time (the test's clock), so they are due at once.
    for (let i = 0; i < 3; i++) {
      const form = orderFormSchema.parse(orderForm({ childName: `Kid ${i}` }));
      placed.push(await createDemoOrder(apps[i % 3].deps, form, "user-1"));
    }
    const sameTime = () => apps.forEach((app) => app.clock.set(a.clock.now()));

    // The first instance to sweep takes both of the deployment's slots; the others, started once
    // it holds them, find none free.
    sameTime();
    await using wa = clockWorker(a, "a");
    const first = wa.sweep();
    await shared.full;
    await using wb = clockWorker(b, "b");
    await using wc = clockWorker(c, "c");
    await wb.sweep();
    await wc.sweep();
    assertEquals(shared.counts.most, 2, "steps under way at once, across the three instances");
    assertEquals((await sharesInUse(c.kv, GENERATION_SLOTS, c.clock.now())).length, 2);

    shared.letGo();
    await first;
    // The sweeper-only mode (as on Deno Deploy): every instance sweeps, on one time.
    const all = {
      async sweep() {
        sameTime();
        await Promise.all([wa.sweep(), wb.sweep(), wc.sweep()]);
      },
    };
    for (const order of placed) {
      const done = await stepUntil(a, all, order.id);
      assertEquals(done.status, "completed", done.error ?? "");
      assertEquals(await stageSuccesses(a.kv, order.id), FULL_RUN);
    }
    assertEquals(shared.counts.lyrics, placed.length, "each song's lyrics were written once");
    assert(shared.counts.most <= 2, `${shared.counts.most} steps at once`);
    assertEquals(await sharesInUse(a.kv, GENERATION_SLOTS, a.clock.now()), [], "every share given back");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the slots of an instance that died holding them come back once their shares run out", async () => {
  await using t = await createTestApp({ env: { GENERATION_CONCURRENCY: "2" } });
  // An instance took both of the deployment's slots, then died without giving them back.
  for (let i = 0; i < 2; i++) {
    assert(
      await takeShare(t.kv, GENERATION_SLOTS, {
        limit: 2,
        holder: "dead",
        ttlMs: 30_000,
        now: t.clock.now(),
      }),
    );
  }
  const placed = await createDemoOrder(t.deps, orderFormSchema.parse(orderForm()), "user-1");
  await using worker = clockWorker(t, "alive");
  await worker.sweep();
  assertEquals((await getOrder(t.kv, placed.id))?.songLyrics ?? null, null, "no slot while the shares last");

  t.clock.advance(30_001);
  const order = await stepUntil(t, worker, placed.id);
  assertEquals(order.status, "completed", order.error ?? "");
  assertEquals(await stageSuccesses(t.kv, order.id), FULL_RUN);
});
