import { assertEquals } from "@std/assert";
import { createToastStore, TOAST_DURATION, TOAST_REMOVE_DELAY } from "../../../../islands/lib/toast.ts";

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
  };
}

Deno.test("at most one toast is kept; the newest wins", () => {
  const store = createToastStore(fakeTimers());
  store.toast({ title: "one" });
  store.toast({ title: "two" });
  assertEquals(store.items.value.map((t) => t.title), ["two"]);
});

Deno.test("a dismissed toast closes at once and is removed 5000 ms later", () => {
  const timers = fakeTimers();
  const store = createToastStore(timers);
  const id = store.toast({ title: "Email required", variant: "destructive" });
  store.dismiss(id);
  assertEquals(store.items.value[0].open, false);
  timers.advance(TOAST_REMOVE_DELAY - 1);
  assertEquals(store.items.value.length, 1);
  timers.advance(1);
  assertEquals(store.items.value, []);
});

Deno.test("a toast dismisses itself after its duration unless held", () => {
  const timers = fakeTimers();
  const store = createToastStore(timers);
  const id = store.toast({ title: "Copied!" });
  store.hold(id);
  timers.advance(TOAST_DURATION * 3);
  assertEquals(store.items.value[0].open, true);
  store.release(id);
  timers.advance(TOAST_DURATION);
  assertEquals(store.items.value[0].open, false);
  timers.advance(TOAST_REMOVE_DELAY);
  assertEquals(store.items.value, []);
});

Deno.test("dismissing twice does not reschedule the removal", () => {
  const timers = fakeTimers();
  const store = createToastStore(timers);
  const id = store.toast({ title: "x" });
  store.dismiss(id);
  timers.advance(3000);
  store.dismiss(id);
  timers.advance(2000);
  assertEquals(store.items.value, []);
});
