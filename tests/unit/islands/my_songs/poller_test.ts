import { assertEquals } from "@std/assert";
import { singleFlight, startPolling } from "../../../../islands/my_songs/poller.ts";

/** Timers that run only when the test advances time. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn: () => void, ms: number) {
      pending.set(nextId, { at: now + ms, fn });
      return nextId++;
    },
    clearTimeout(id: number) {
      pending.delete(id);
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && pending.delete(id)) timer.fn();
      }
    },
    get pending() {
      return pending.size;
    },
  };
}

/** Lets promise callbacks (then, finally) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

Deno.test("polls every interval, counted from the end of the previous call", async () => {
  const timers = fakeTimers();
  const calls: ReturnType<typeof deferred>[] = [];
  const stop = startPolling(
    () => {
      calls.push(deferred());
      return calls.at(-1)!.promise;
    },
    5000,
    timers,
  );

  timers.advance(4999);
  assertEquals(calls.length, 0);
  timers.advance(1);
  assertEquals(calls.length, 1);
  timers.advance(20_000);
  assertEquals(calls.length, 1, "no second request while the first is unanswered");

  calls[0].resolve();
  await settle();
  timers.advance(5000);
  assertEquals(calls.length, 2);
  stop();
});

Deno.test("a failed call does not stop the schedule; stop does", async () => {
  const timers = fakeTimers();
  let calls = 0;
  const stop = startPolling(
    () => {
      calls++;
      return Promise.reject(new Error("offline"));
    },
    5000,
    timers,
  );
  timers.advance(5000);
  await settle();
  timers.advance(5000);
  await settle();
  assertEquals(calls, 2);
  stop();
  assertEquals(timers.pending, 0);
  timers.advance(50_000);
  assertEquals(calls, 2);
});

Deno.test("stop during a call: nothing is scheduled once it answers", async () => {
  const timers = fakeTimers();
  const call = deferred();
  const stop = startPolling(() => call.promise, 5000, timers);
  timers.advance(5000);
  stop();
  call.resolve();
  await settle();
  assertEquals(timers.pending, 0);
});

Deno.test("singleFlight shares a load under way, then starts a new one", async () => {
  const loads: ReturnType<typeof deferred>[] = [];
  const load = singleFlight(() => {
    loads.push(deferred());
    return loads.at(-1)!.promise;
  });
  const first = load();
  const second = load();
  assertEquals(first, second);
  assertEquals(loads.length, 1);
  loads[0].resolve();
  await first;
  load();
  assertEquals(loads.length, 2);
  loads[1].resolve();
});
