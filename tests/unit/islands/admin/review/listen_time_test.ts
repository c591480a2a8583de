import { assertAlmostEquals, assertEquals } from "@std/assert";
import { createListenClock, listenReport } from "../../../../../islands/admin/review/listen_time.ts";

Deno.test("listen time: the time the audio played between its updates", () => {
  const clock = createListenClock();
  clock.play(0);
  for (const at of [0.25, 0.5, 0.75, 1]) clock.tick(at);
  clock.stop(1.1);
  assertAlmostEquals(clock.heard, 1.1);
});

Deno.test("listen time: nothing counts while paused, and a part heard twice counts twice", () => {
  const clock = createListenClock();
  clock.tick(3);
  assertEquals(clock.heard, 0, "updates before playing");
  clock.play(0);
  clock.tick(0.5);
  clock.stop(1);
  clock.tick(5);
  assertAlmostEquals(clock.heard, 1, 1e-9, "updates after pausing");
  clock.seek(0);
  clock.play(0);
  clock.tick(0.5);
  clock.stop(1);
  assertAlmostEquals(clock.heard, 2);
});

Deno.test("listen time: a jump is not a listen, whether by the slider, ±5 s or a missed seek event", () => {
  const clock = createListenClock();
  clock.play(0);
  clock.tick(0.5);
  clock.seek(60); // the slider dragged to 1:00
  clock.tick(60.25);
  assertAlmostEquals(clock.heard, 0.75);
  clock.tick(90); // a jump whose seek event never came
  clock.tick(90.5);
  assertAlmostEquals(clock.heard, 1.25);
  clock.seek(10); // back: counting goes on from there
  clock.tick(10.25);
  assertAlmostEquals(clock.heard, 1.5);
});

Deno.test("listen report: whole milliseconds, and nothing when nothing was heard or the length is unknown", () => {
  assertEquals(listenReport(1.2345, 130.5), { playedMs: 1234, durationMs: 130500 });
  assertEquals(listenReport(0, 130), null);
  assertEquals(listenReport(0.0004, 130), null);
  assertEquals(listenReport(3, 0), null);
  assertEquals(listenReport(3, Number.POSITIVE_INFINITY), null);
});
