import { assertEquals } from "@std/assert";
import { dueWorkOf } from "../../../../domain/order/due_work.ts";
import type { Order } from "../../../../domain/order/orders.ts";
import type { SongTake, TakeTiming } from "../../../../domain/song/takes.ts";
import {
  takesDueForTiming,
  timingDueAt,
  timingOwedNow,
  timingRefused,
  timingStored,
  withTakeTiming,
} from "../../../../domain/song/take_timing.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");
const T = (ms: number) => new Date(ms).toISOString();
const take = (number: 1 | 2, timing: TakeTiming): SongTake => ({
  take: number,
  audioId: `track-${number}`,
  blobId: `blob-${number}`,
  songUrl: `https://x.test/audio/blob-${number}.mp3`,
  title: null,
  durationSeconds: null,
  timing,
});

Deno.test("timing moves: owed, refused and due again, given up, stored", () => {
  const owed = timingOwedNow(NOW);
  assertEquals(owed, { state: "owed", dueAt: T(NOW), attempts: 0 });
  const again = timingRefused(owed, "busy", NOW + 5000);
  assertEquals(again, { state: "owed", dueAt: T(NOW + 5000), attempts: 1 });
  assertEquals(timingRefused(again, "refused", null), { state: "absent", reason: "refused", attempts: 2 });
  assertEquals(timingStored(NOW, 12), { state: "stored", storedAt: T(NOW), lines: 12 });
});

Deno.test("the order is due for timing at its soonest owed take, and only while one is owed", () => {
  const order = {
    status: "completed",
    songTakes: [take(1, timingOwedNow(NOW + 9000)), take(2, timingOwedNow(NOW + 3000))],
  } as Order;
  assertEquals(timingDueAt(order), NOW + 3000);
  assertEquals(takesDueForTiming(order, NOW + 3000).map((each) => each.take), [2]);
  assertEquals(dueWorkOf(order).filter((work) => work.job === "lyrics-timing"), [
    { job: "lyrics-timing", dueAt: NOW + 3000, lane: "customer" },
  ]);

  const done = withTakeTiming(withTakeTiming(order, "blob-1", timingStored(NOW, 3)), "blob-2", {
    state: "absent",
    reason: "none",
    attempts: 5,
  });
  assertEquals(timingDueAt(done), null);
  assertEquals(dueWorkOf(done).some((work) => work.job === "lyrics-timing"), false);
  assertEquals(timingDueAt({ songTakes: undefined }), null, "an older order owes nothing");
});
