import { assert, assertEquals, assertRejects } from "@std/assert";
import { cpuPool } from "../../../providers/cpu_pool.ts";
import type { SynthRequest } from "../../../providers/music/synth.ts";

const SYNTH = new URL("../../../providers/music/synth_worker.ts", import.meta.url);
const SONG: SynthRequest = {
  lyrics: "[Verse]\nMia, Mia, shining bright",
  title: "Mia",
  style: "pop",
  singer: "child",
};

const BUSY = new URL("../../../fakes/busy_worker.ts", import.meta.url);
type Busy = { startedAt: number; endedAt: number };

Deno.test("a pool that rests as long as it worked leaves at least as much idle time as busy time", async () => {
  const pool = cpuPool<{ ms: number }, Busy>(BUSY, { size: 1, rest: 1 });
  try {
    const [first, second] = await Promise.all([pool.run({ ms: 120 }), pool.run({ ms: 120 })]);
    // Both times are the worker's own: a busy test machine can only make the rest longer.
    const worked = first.endedAt - first.startedAt;
    const rested = second.startedAt - first.endedAt;
    assert(rested >= worked * 0.95, `rested ${rested} ms after working ${worked} ms`);
  } finally {
    pool.close();
  }
});

Deno.test("the synthesiser renders in the pool: the same song, the same bytes", async () => {
  const pool = cpuPool<SynthRequest, Uint8Array>(SYNTH, { size: 1 });
  try {
    const [a, b] = await Promise.all([pool.run(SONG), pool.run(SONG)]);
    assert(a.length > 1000);
    assertEquals(a, b);
  } finally {
    pool.close();
  }
});

Deno.test("closing the pool ends its workers and refuses what still waits", async () => {
  const pool = cpuPool<SynthRequest, Uint8Array>(SYNTH, { size: 1 });
  const running = pool.run(SONG);
  const waiting = pool.run(SONG);
  pool.close();
  await assertRejects(() => running, Error, "closed");
  await assertRejects(() => waiting, Error, "closed");
  await assertRejects(() => pool.run(SONG), Error, "closed");
});
