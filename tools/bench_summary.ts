/**
 * The figures `deno task bench` gathers into its one closing table. Each bench script reports its
 * headline numbers here; when run by tools/bench_all.ts (which sets BENCH_SUMMARY to a file), they
 * are appended as JSON lines; run alone, a script only prints its own detailed tables.
 */
export interface Figure {
  area: string;
  measure: string;
  value: string;
  goal?: string;
}

export function reportFigure(figure: Figure) {
  const file = Deno.env.get("BENCH_SUMMARY");
  if (file) appendFigure(file, figure);
}

export function appendFigure(file: string, figure: Figure) {
  Deno.writeTextFileSync(file, JSON.stringify(figure) + "\n", { append: true });
}

export function readFigures(file: string): Figure[] {
  return Deno.readTextFileSync(file).split("\n").filter(Boolean).map((line) => JSON.parse(line));
}
