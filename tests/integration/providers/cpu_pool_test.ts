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

Deno.test("a pool that rests as long as it worked leaves at least as much idle time as busy time", async () => {
  const pool = cpuPool<SynthRequest, Uint8Array>(SYNTH, { size: 1, rest: 1 });
  try {
    const warm = performance.now();
    await pool.run(SONG); // the worker is started and warm
    // Past the rest that follows the warm-up, the next render starts at once.
    await new Promise((resolve) => setTimeout(resolve, 2 * (performance.now() - warm) + 50));
    const started = performance.now();
    const first = pool.run(SONG);
    const second = pool.run(SONG);
    await first;
    const oneRender = performance.now() - started;
    await second;
    const both = performance.now() - started;
    // The second waits out the first's rest (as long as the first took), then renders.
    assert(
      both >= 2.5 * oneRender,
      `two renders took ${Math.round(both)} ms, one ${Math.round(oneRender)} ms`,
    );
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
