/**
 * The admin CSV export of 100,000 orders streams a batch at a time: the live heap grows by less than a
 * tenth of the export. The gate checks the batches on a few hundred orders
 * (tests/integration/admin/orders_export_test.ts). The export runs in a child process started with
 * `--expose-gc`, so the heap is measured after collecting, whatever flags this test run has.
 */
import { assert, assertEquals } from "@std/assert";
import { scaleFigure } from "./figure.ts";

const ORDERS = 100_000;

Deno.test(`the CSV export of ${ORDERS.toLocaleString("en-US")} orders holds less than a tenth of it in memory`, async () => {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL("./export_probe.ts", import.meta.url).pathname,
      String(ORDERS),
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assertEquals(code, 0, "the export probe exited with an error");
  const { bytes, lines, peak } = JSON.parse(new TextDecoder().decode(stdout).trim().split("\n").at(-1)!);
  // Held whole, the body alone would be `bytes` (about 20 MB), and the orders it was made of more.
  const goal = bytes / 10;
  const met = lines === ORDERS + 1 && peak < goal;
  scaleFigure(
    `export of ${ORDERS.toLocaleString("en-US")} orders`,
    `${(bytes / 1e6).toFixed(1)} MB in ${lines} lines; heap grew ${(peak / 1e6).toFixed(1)} MB`,
    `every order, heap growth < ${(goal / 1e6).toFixed(1)} MB`,
    met,
  );
  assertEquals(lines, ORDERS + 1, "the header and every order");
  assert(peak < goal, `heap grew ${peak} bytes`);
});
