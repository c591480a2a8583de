/**
 * Run by orders_export_test.ts in a process of its own with `--v8-flags=--expose-gc`: exports `count`
 * orders and prints, as JSON, the bytes exported, the lines, and the most the live heap grew while they
 * streamed. Collecting before each measure is what makes it the memory held, not the garbage not yet
 * swept.
 */
import { writeSampleOrders } from "../../tools/sample_orders.ts";
import { createTestApp } from "../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../integration/delivery/helpers.ts";

const gc = (globalThis as unknown as { gc(): void }).gc;
const count = Number(Deno.args[0]);

await using t = await createTestApp({ env: DELIVERY_ENV });
await writeSampleOrders(t.kv, count);
const headers = await adminHeaders(t);
gc();
const baseline = Deno.memoryUsage().heapUsed;
let peak = 0;
let bytes = 0;
let lines = 0;
let chunks = 0;
const measure = () => {
  gc();
  peak = Math.max(peak, Deno.memoryUsage().heapUsed - baseline);
};
const response = await t.request("/api/admin/orders.csv", { headers });
// Here too: a body made whole before the answer would be held now.
measure();
const reader = response.body!.getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
  bytes += chunk.value.length;
  for (const byte of chunk.value) if (byte === 10) lines++;
  if (chunks++ % 50 === 0) measure();
}
console.log(JSON.stringify({ bytes, lines, peak }));
