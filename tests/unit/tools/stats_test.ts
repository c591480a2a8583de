import { assert, assertEquals } from "@std/assert";
import { ascending, mean, median, percentile, summarize } from "../../../tools/stats.ts";

const ONE_TO_HUNDRED = Array.from({ length: 100 }, (_, i) => i + 1);

Deno.test("percentiles are nearest-rank: the sample of rank ⌈q·n⌉", () => {
  assertEquals(percentile(ONE_TO_HUNDRED, 0.5), 50);
  assertEquals(percentile(ONE_TO_HUNDRED, 0.95), 95);
  assertEquals(percentile(ONE_TO_HUNDRED, 0.99), 99);
  assertEquals(percentile(ONE_TO_HUNDRED, 0.951), 96);
  // 0.07 × 100 is 7.000000000000001 in floating point: still rank 7, not 8.
  assertEquals(percentile(ONE_TO_HUNDRED, 0.07), 7);
  assertEquals(percentile([10, 20, 30, 40, 50], 0.5), 30);
  assertEquals(percentile([10, 20, 30, 40, 50], 0.95), 50);
});

Deno.test("q = 0 is the minimum, q = 1 the maximum, and one sample is every percentile", () => {
  assertEquals(percentile(ONE_TO_HUNDRED, 0), 1);
  assertEquals(percentile(ONE_TO_HUNDRED, 1), 100);
  for (const q of [0, 0.5, 0.99, 1]) assertEquals(percentile([7], q), 7);
});

Deno.test("no samples give NaN rather than a made-up figure", () => {
  assert(Number.isNaN(percentile([], 0.5)));
  assert(Number.isNaN(median([])));
  assert(Number.isNaN(mean([])));
  const empty = summarize([]);
  assertEquals(empty.count, 0);
  assert(Number.isNaN(empty.p95));
});

Deno.test("median and summarize sort a copy; the median of an even count is the lower middle", () => {
  const samples = [9, 1, 4, 3];
  assertEquals(median(samples), 3);
  assertEquals(samples, [9, 1, 4, 3]);
  assertEquals(ascending(samples), [1, 3, 4, 9]);
  assertEquals(summarize(samples), { count: 4, min: 1, mean: 4.25, p50: 3, p95: 9, p99: 9, max: 9 });
  assertEquals(summarize(ONE_TO_HUNDRED.toReversed()), {
    count: 100,
    min: 1,
    mean: 50.5,
    p50: 50,
    p95: 95,
    p99: 99,
    max: 100,
  });
});
