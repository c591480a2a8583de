import { assert, assertEquals, assertRejects } from "@std/assert";
import { rateWindow } from "../../../providers/rate_window.ts";

/** The most starts that fall inside any one window. */
function busiestWindow(starts: number[], windowMs: number): number {
  return Math.max(
    ...starts.map((start) => starts.filter((at) => at >= start && at < start + windowMs).length),
  );
}

Deno.test("no more than the limit begin in any window; the rest wait their turn, in order", async () => {
  const window = rateWindow(3, 150);
  const starts: number[] = [];
  const order: number[] = [];
  await Promise.all(Array.from({ length: 8 }, async (_, i) => {
    await window.take();
    starts.push(performance.now());
    order.push(i);
  }));
  assertEquals(order, [0, 1, 2, 3, 4, 5, 6, 7]);
  // A busy machine only delays the later calls further, so this holds however slow the run is.
  assert(busiestWindow(starts, 149) <= 3, `starts ${starts.map((at) => Math.round(at - starts[0]))}`);
  assert(starts[7] - starts[0] >= 290, "eight calls at three per 150 ms span two windows");
});

Deno.test("an aborted wait rejects with its reason and gives its place to the next caller", async () => {
  const window = rateWindow(1, 60_000);
  await window.take();
  const controller = new AbortController();
  const waiting = window.take(controller.signal);
  controller.abort(new Error("the step's time is up"));
  await assertRejects(() => waiting, Error, "the step's time is up");
  // The aborted caller took no place: the window still has just the first call in it.
  const stillFull = new AbortController();
  const next = window.take(stillFull.signal);
  stillFull.abort(new Error("still full"));
  await assertRejects(() => next, Error, "still full");
});
