/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
/**
 * A CPU worker for tests of providers/cpu_pool.ts: keeps its thread busy for `ms`, and says when it
 * began and ended by the wall clock, which the test's thread shares.
 */
self.onmessage = (event: MessageEvent<{ id: number; input: { ms: number } }>) => {
  const { id, input } = event.data;
  const startedAt = Date.now();
  while (Date.now() - startedAt < input.ms) {
    // busy, as a render is
  }
  self.postMessage({ id, output: { startedAt, endedAt: Date.now() } });
};
