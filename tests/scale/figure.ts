import { reportFigure } from "../../tools/bench_summary.ts";

/**
 * A scale scenario's figure and goal: printed for whoever runs `deno test tests/scale/`, and added to
 * `deno task bench`'s closing table when it runs them (it sets BENCH_SUMMARY).
 */
export function scaleFigure(measure: string, value: string, goal: string, met: boolean) {
  console.log(`${measure}: ${value} (goal ${goal}) ${met ? "PASS" : "FAIL"}`);
  reportFigure({ area: "scale", measure, value, goal: `${goal}: ${met ? "PASS" : "FAIL"}` });
}
