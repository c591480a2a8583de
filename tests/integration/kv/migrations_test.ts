import { assert, assertEquals, assertRejects } from "@std/assert";
import { StartupError } from "../../../domain/errors.ts";
import { keys } from "../../../kv/keys.ts";
import { acquireLease, type Lock } from "../../../kv/locks.ts";
import { type Migration, runMigrations, schemaVersionOf } from "../../../kv/migrations.ts";
import { MIGRATIONS } from "../../../kv/migrations/mod.ts";
import { ORDER_INDEX_LAYOUT, orderIndexes } from "../../../kv/migrations/v1_order_indexes.ts";
import { openKv } from "../../../kv/open.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { countersAndTruth } from "../admin/helpers.ts";

const RUN = { holder: "test" };

/** A migration that only notes, in memory, that it ran. */
function noting(version: number, ran: number[]): Migration {
  return {
    version,
    name: `note-${version}`,
    async up(kv, context) {
      ran.push(version);
      await context.commit(kv.atomic().set(["noted", version], true), null);
    },
  };
}

/**
 * A migration over 100 items in batches of 10, counting in KV how often each item was applied.
 * `crash` throws right after the given batch has committed, as a process killed there would stop.
 */
function overItems(crash: { afterBatch?: number } = {}): Migration & { batches: number } {
  const migration = {
    version: 1,
    name: "items",
    batches: 0,
    async up(kv: Deno.Kv, context: Parameters<Migration["up"]>[1]) {
      let next = (context.checkpoint as { next: number } | null)?.next ?? 0;
      while (next < 100) {
        const operation = kv.atomic();
        for (let i = next; i < next + 10; i++) operation.sum(["applied", i], 1n);
        next += 10;
        await context.commit(operation, { next });
        migration.batches++;
        if (migration.batches === crash.afterBatch) throw new Error("power cut");
      }
    },
  };
  return migration;
}

async function appliedCounts(kv: Deno.Kv) {
  const counts: number[] = [];
  for await (const entry of kv.list<Deno.KvU64>({ prefix: ["applied"] })) {
    counts.push(Number(entry.value.value));
  }
  return counts;
}

Deno.test("migrations run once, in order, and are skipped once the store is at their version", async () => {
  await using kv = await Deno.openKv(":memory:");
  const ran: number[] = [];
  const first = await runMigrations(kv, [noting(1, ran), noting(2, ran)], RUN);
  assertEquals(first.applied.map((step) => [step.version, step.name, step.resumed]), [
    [1, "note-1", false],
    [2, "note-2", false],
  ]);
  assertEquals([first.from, first.to, first.waited, await schemaVersionOf(kv)], [0, 2, false, 2]);
  assertEquals((await kv.get(keys.migrationCheckpoint(1))).value, null, "no checkpoint is left behind");

  const again = await runMigrations(kv, [noting(1, ran), noting(2, ran)], RUN);
  assertEquals([again.applied, again.from, again.to, ran], [[], 2, 2, [1, 2]]);

  // The next release adds one: only it runs.
  const next = await runMigrations(kv, [noting(1, ran), noting(2, ran), noting(3, ran)], RUN);
  assertEquals([next.applied.map((step) => step.version), ran], [[3], [1, 2, 3]]);

  await assertRejects(() => runMigrations(kv, [noting(2, ran), noting(1, ran)], RUN), Error, "above 2");
  // Older code on a store a newer release has migrated: it refuses to serve rather than misread.
  await assertRejects(() => runMigrations(kv, [noting(1, ran)], RUN), StartupError, "newer than this code");
});

Deno.test("a migration cut short resumes after its last committed batch and applies none twice", async () => {
  await using kv = await Deno.openKv(":memory:");
  const crashing = overItems({ afterBatch: 4 });
  await assertRejects(() => runMigrations(kv, [crashing], RUN), Error, "power cut");
  assertEquals(await schemaVersionOf(kv), 0, "not recorded as done");
  assertEquals((await kv.get<{ checkpoint: unknown }>(keys.migrationCheckpoint(1))).value?.checkpoint, {
    next: 40,
  });

  const resuming = overItems();
  const report = await runMigrations(kv, [resuming], RUN);
  assertEquals(report.applied, [{ version: 1, name: "items", resumed: true }]);
  assertEquals([crashing.batches, resuming.batches], [4, 6], "resumed at item 40");
  assertEquals(await appliedCounts(kv), Array(100).fill(1), "every item exactly once");
});

Deno.test("a runner killed while holding the lease blocks the others only until its lease runs out", async () => {
  await using kv = await Deno.openKv(":memory:");
  await assertRejects(() => runMigrations(kv, [overItems({ afterBatch: 3 })], RUN), Error, "power cut");
  // Killed, it could not release its lease: one taken a minute long at time `t` stands for that.
  const t = Date.parse("2026-03-01T10:00:00Z");
  assert(await acquireLease(kv, { type: "migration", id: "schema" }, "killed-process", 60_000, t));

  // A clock that moves 5 s each time it is read, so the wait is measured without real waiting.
  const ticking = (from: number) => {
    let time = from;
    return () => (time += 5_000);
  };
  await assertRejects(
    () =>
      runMigrations(kv, [overItems()], { holder: "impatient", now: ticking(t), waitMs: 20_000, pollMs: 1 }),
    StartupError,
    "for too long",
  );
  const resuming = overItems();
  const report = await runMigrations(kv, [resuming], { holder: "next-start", now: ticking(t), pollMs: 1 });
  assertEquals([report.waited, report.applied[0].resumed, resuming.batches], [true, true, 7]);
  assertEquals(await appliedCounts(kv), Array(100).fill(1));
});

Deno.test("two instances starting together on one KV file: one migrates, the other waits for it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "migrations_" });
  const path = `${dir}/app.kv`;
  try {
    // The first to take the lease holds it until the other has read it held: they surely meet.
    const migrating = Promise.withResolvers<void>();
    const b = watchingLease(await openKv(path), "a");
    const slow: Migration = {
      version: 1,
      name: "slow",
      async up(kv, context) {
        migrating.resolve();
        await b.sawHeld;
        await context.commit(kv.atomic().sum(["runs"], 1n), null);
      },
    };
    const a = await openKv(path);
    try {
      const first = runMigrations(a, [slow], { holder: "a", pollMs: 20 });
      await migrating.promise;
      const reports = await Promise.all([first, runMigrations(b.kv, [slow], { holder: "b", pollMs: 20 })]);
      assertEquals(reports.map((report) => report.applied.length), [1, 0]);
      assertEquals(reports.map((report) => report.waited), [false, true]);
      assertEquals((await a.get<Deno.KvU64>(["runs"])).value?.value, 1n);
      assertEquals(reports.map((report) => report.to), [1, 1]);
    } finally {
      a.close();
      b.kv.close();
    }

    // The same with two real processes: whichever takes the lease holds it until the other says it
    // has read it held, and the test passes that word on (by closing the migrator's input).
    const script = (holder: string) => `
      import { openKv } from "${new URL("../../../kv/open.ts", import.meta.url)}";
      import { runMigrations } from "${new URL("../../../kv/migrations.ts", import.meta.url)}";
      const store = await openKv(${JSON.stringify(`${dir}/processes.kv`)});
      let told = false;
      // Says once when it reads the lease another holds.
      const kv = new Proxy(store, {
        get(target, property) {
          if (property === "get") {
            return async (key, options) => {
              const entry = await target.get(key, options);
              const lock = entry.value;
              if (!told && key[0] === "locks" && lock?.lockedBy && lock.lockedBy !== "${holder}" && !lock.releasedAt) {
                told = true;
                console.log("saw-lease");
              }
              return entry;
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const slow = { version: 1, name: "slow", async up(kv, context) {
        console.log("migrating");
        await new Response(Deno.stdin.readable).text(); // until the test closes it
        await context.commit(kv.atomic().sum(["runs"], 1n), null);
      } };
      const report = await runMigrations(kv, [slow], { holder: "${holder}", pollMs: 50 });
      store.close();
      console.log(JSON.stringify(report));
    `;
    const children = ["p1", "p2"].map((holder) =>
      new Deno.Command(Deno.execPath(), {
        args: ["eval", "--ext=ts", script(holder)],
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn()
    );
    const said = children.map((child) => linesOf(child.stdout));
    // Each child's first line: one is migrating, the other has read its lease held.
    const firsts = await Promise.all(said.map(async (lines) => (await lines.next()).value));
    assertEquals([...firsts].sort(), ["migrating", "saw-lease"]);
    for (const child of children) await child.stdin.close();
    const outputs = await Promise.all(children.map(async (child, i) => {
      const rest: string[] = [];
      for await (const line of said[i]) rest.push(line);
      const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
      assertEquals(status.code, 0, stderr);
      return JSON.parse(rest.at(-1)!);
    }));
    assertEquals(outputs.map((report) => report.applied.length).sort(), [0, 1], "one ran it");
    assertEquals(outputs.map((report) => report.to), [1, 1], "both serve at version 1");
    await using kv = await Deno.openKv(`${dir}/processes.kv`);
    assertEquals((await kv.get<Deno.KvU64>(["runs"])).value?.value, 1n);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** `kv`, and when it first reads the migration lease while `holder` holds it. */
function watchingLease(kv: Deno.Kv, holder: string) {
  const saw = Promise.withResolvers<void>();
  const watched = new Proxy(kv, {
    get(target, property) {
      if (property === "get") {
        return async (key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) => {
          const entry = await target.get<Lock>(key, options);
          if (entry.value?.lockedBy === holder && !entry.value.releasedAt) saw.resolve();
          return entry;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: watched, sawHeld: saw.promise };
}

/** A child's output, line by line. */
async function* linesOf(stream: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
    }
  }
  if (buffer) yield buffer;
}

/** A store from before the dashboard's indexes: the orders, without what issue 7 derives from them. */
async function oldLayoutStore(count: number) {
  const kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, count);
  for (const prefix of [["orders_by_filter"], ["order_block_counts"], ["order_search"], ["order_counts"]]) {
    for await (const entry of kv.list({ prefix })) await kv.delete(entry.key);
  }
  return kv;
}

Deno.test("migration 1 rebuilds an old store's order indexes, and a crash half-way counts no order twice", async () => {
  await using kv = await oldLayoutStore(90);
  let commits = 0;
  const crashing: Migration = {
    ...orderIndexes,
    up: (store, context) =>
      orderIndexes.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          // The first commit is the cleared indexes; crash after two batches of orders.
          if (++commits === 3) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(kv, [crashing], RUN), Error, "power cut");
  const halfway = await countersAndTruth(kv);
  // Batches are as many orders as fit a commit's mutations (the samples with a referral code and
  // streaming are over a hundred each), so two are some of the 90 orders.
  const inAfterTwo = halfway.stored.counts.all;
  assert(inAfterTwo > 10 && inAfterTwo < 90, `two batches are in: ${inAfterTwo}`);

  const report = await runMigrations(kv, MIGRATIONS, RUN);
  assertEquals(report.applied[0], { version: 1, name: "order-indexes", resumed: true });
  const after = await countersAndTruth(kv);
  assertEquals(after.stored, after.truth);
  assertEquals(after.truth.counts.all, 90);
  assertEquals((await kv.get(keys.orderIndexLayout())).value, ORDER_INDEX_LAYOUT);
  assertEquals((await runMigrations(kv, MIGRATIONS, RUN)).applied, []);
});

Deno.test("migration 1 leaves alone a store the older start-up rebuild already brought up to date", async () => {
  // What that rebuild (before migrations existed) left: indexes right, and its layout mark set.
  await using kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, 30);
  await kv.set(keys.orderIndexLayout(), ORDER_INDEX_LAYOUT);
  const before: unknown[] = [];
  for await (const entry of kv.list({ prefix: [] })) before.push([entry.key, entry.versionstamp]);
  const report = await runMigrations(kv, [orderIndexes], RUN);
  assertEquals(report.applied.map((step) => step.version), [1]);
  const after: unknown[] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    if (entry.key[0] === "schema" || entry.key[0] === "locks") continue;
    after.push([entry.key, entry.versionstamp]);
  }
  assertEquals(
    after,
    before.filter((entry) => !["schema", "locks"].includes(String((entry as [Deno.KvKey])[0][0]))),
  );
  assertEquals((await kv.get(keys.schemaVersion())).value, 1);
});

Deno.test("a new, empty store is brought to the latest version at once", async () => {
  await using kv = await Deno.openKv(":memory:");
  const report = await runMigrations(kv, MIGRATIONS, RUN);
  assertEquals([report.from, report.to], [0, MIGRATIONS.at(-1)!.version]);
});
