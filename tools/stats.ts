/**
 * The figures the benches and the load run report over a list of samples (latencies, durations,
 * scores): one definition, so a p95 means the same in every table.
 *
 * Percentiles are **nearest-rank**: the q-th quantile of n sorted samples is the sample of rank
 * ⌈q·n⌉ (1-based, at least 1), i.e. the smallest sample with at least a share q of all samples at or
 * below it. It is always one of the samples (never interpolated); q = 0 is the minimum, q = 1 the
 * maximum, and the median of an even count is the lower of the two middle samples.
 */

/** A sorted copy, smallest first; the input is left as it was. */
export function ascending(values: readonly number[]): number[] {
  return values.toSorted((a, b) => a - b);
}

/**
 * The nearest-rank q-quantile (q from 0 to 1) of samples already sorted smallest first
 * (`ascending`); NaN when there are none.
 */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  // The tolerance keeps float noise (0.07 × 100 = 7.000000000000001) from skipping a rank.
  const rank = Math.ceil(q * sorted.length - 1e-9);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The nearest-rank median of unsorted samples; NaN when there are none. */
export function median(values: readonly number[]): number {
  return percentile(ascending(values), 0.5);
}

/** The arithmetic mean; NaN when there are no samples. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export interface Summary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Count, extremes, mean and nearest-rank p50/p95/p99 of unsorted samples (NaN figures when empty). */
export function summarize(values: readonly number[]): Summary {
  const sorted = ascending(values);
  return {
    count: sorted.length,
    min: percentile(sorted, 0),
    mean: mean(sorted),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
}
