import { ascending, percentile } from "../stats.ts";

/** Latencies and outcomes per kind of request, for the load script's closing table. */
export class RequestStats {
  #latencies = new Map<string, number[]>();
  #errors = new Map<string, number>();
  readonly problems: string[] = [];

  record(kind: string, ms: number, ok: boolean, detail: string) {
    const list = this.#latencies.get(kind) ?? [];
    list.push(ms);
    this.#latencies.set(kind, list);
    if (ok) return;
    this.#errors.set(kind, (this.#errors.get(kind) ?? 0) + 1);
    // The first few are enough to investigate; the counts say how many there were.
    if (this.problems.length < 20) this.problems.push(`${kind}: ${detail}`);
  }

  get total(): number {
    let count = 0;
    for (const list of this.#latencies.values()) count += list.length;
    return count;
  }

  get errors(): number {
    let count = 0;
    for (const value of this.#errors.values()) count += value;
    return count;
  }

  /** One row per kind, then all requests together: count, errors and latency percentiles in ms. */
  table(): string {
    const rows = [
      "| request | count | errors | p50 ms | p95 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ];
    const all: number[] = [];
    for (const [kind, list] of [...this.#latencies].sort(([a], [b]) => a.localeCompare(b))) {
      all.push(...list);
      rows.push(row(kind, list, this.#errors.get(kind) ?? 0));
    }
    rows.push(row("**all**", all, this.errors));
    return rows.join("\n");
  }
}

function row(kind: string, latencies: number[], errors: number): string {
  const sorted = ascending(latencies);
  const at = (q: number) => (sorted.length ? percentile(sorted, q) : 0).toFixed(1);
  return `| ${kind} | ${sorted.length} | ${errors} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${at(1)} |`;
}

/** The resident memory of a process in MB, now and at its peak, from Linux's /proc (null elsewhere). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}
