import { assertEquals } from "@std/assert";
import {
  createLifecycle,
  holdsRemembered,
  type Hydrate,
  parseHydrate,
  schedule,
  type Signals,
  strongerHydrate,
} from "../../../../islands/lib/hydrate_strategy.ts";

/** Signals the test fires by hand, recording which ones a strategy listened to and gave up. */
function fakeSignals() {
  const waiting = new Map<string, () => void>();
  const stopped: string[] = [];
  const listen = (kind: string, wake: () => void) => {
    waiting.set(kind, wake);
    return () => {
      waiting.delete(kind);
      stopped.push(kind);
    };
  };
  const signals: Signals<string> = {
    visible: (_marker, wake) => listen("visible", wake),
    idle: (wake) => listen("idle", wake),
    interaction: (_marker, wake) => listen("interaction", wake),
  };
  return { signals, waiting, stopped, fire: (kind: string) => waiting.get(kind)?.() };
}

Deno.test("strategy: an unknown or missing value hydrates at load", () => {
  assertEquals(parseHydrate(undefined), "load");
  assertEquals(parseHydrate("whenever"), "load");
  assertEquals(parseHydrate("visible"), "visible");
});

Deno.test("strategy: the same island placed twice is preloaded if either placement is `load`", () => {
  assertEquals(strongerHydrate(undefined, "idle"), "idle");
  assertEquals(strongerHydrate("idle", "load"), "load");
  assertEquals(strongerHydrate("load", "visible"), "load");
  assertEquals(strongerHydrate("visible", "idle"), "visible");
});

Deno.test("strategy: `load` starts at once; the others wait for their own signal only, once", () => {
  for (const strategy of ["load", "visible", "idle", "interaction"] as Hydrate[]) {
    const { signals, waiting, stopped, fire } = fakeSignals();
    let starts = 0;
    schedule(strategy, "marker", signals, () => starts++);
    if (strategy === "load") {
      assertEquals([starts, waiting.size], [1, 0]);
      continue;
    }
    assertEquals([starts, [...waiting.keys()]], [0, [strategy]], strategy);
    for (const other of ["visible", "idle", "interaction"]) if (other !== strategy) fire(other);
    assertEquals(starts, 0, `${strategy} ignores the other signals`);
    fire(strategy);
    assertEquals([starts, stopped], [1, [strategy]], `${strategy} started and stopped listening`);
  }
});

Deno.test("strategy: giving up before the signal never starts", () => {
  const { signals, fire } = fakeSignals();
  let starts = 0;
  const cancel = schedule("visible", "marker", signals, () => starts++);
  cancel();
  fire("visible");
  assertEquals(starts, 0);
});

Deno.test("replay: clicks before hydration are held, start it at once, and replay in order after it", async () => {
  let finish = () => {};
  const started: string[] = [];
  const replayed: string[] = [];
  const lifecycle = createLifecycle<string, string>(
    (marker) => {
      started.push(marker);
      return new Promise((resolve) => finish = resolve);
    },
    (click) => replayed.push(click),
    () => {},
  );
  assertEquals(lifecycle.hold("carousel", "play"), true);
  assertEquals(lifecycle.hold("carousel", "mute"), true);
  const hydrated = lifecycle.start("carousel");
  assertEquals(started, ["carousel"], "hydration starts once, with the first click");
  assertEquals(replayed, []);
  finish();
  await hydrated;
  assertEquals(replayed, ["play", "mute"]);
  assertEquals(lifecycle.hold("carousel", "pause"), false, "a live island takes its clicks itself");
  assertEquals(replayed, ["play", "mute"]);
});

Deno.test("replay: when the island's code cannot load, held clicks still reach the plain page", async () => {
  const replayed: string[] = [];
  const failed: string[] = [];
  const lifecycle = createLifecycle<string, string>(
    () => Promise.reject(new Error("offline")),
    (click) => replayed.push(click),
    (marker) => failed.push(marker),
  );
  lifecycle.hold("faq", "open");
  await lifecycle.start("faq");
  assertEquals([failed, replayed], [["faq"], ["open"]]);
});

Deno.test("at once: an island hydrates early only when the browser holds something it restores", () => {
  const held = new Set(["query:ref", "session:orderFormDraft", "cookie:lh_referral"]);
  const lookup = (where: string, name: string) => held.has(`${where}:${name}`);
  const restores = "query:ref query:payment session:orderFormDraft local:user";
  assertEquals(holdsRemembered(restores, lookup), true);
  assertEquals(holdsRemembered("query:payment cookie:lh_referral", lookup), true, "a kept referral code");
  assertEquals(holdsRemembered("query:payment local:user", lookup), false);
  assertEquals(holdsRemembered(undefined, lookup), false, "a marker that restores nothing waits");
  assertEquals(holdsRemembered("", lookup), false);
  // Malformed tokens ask nothing of the browser: no place, no name, or a place that is not one.
  const asked: string[] = [];
  const recording = (where: string, name: string) => (asked.push(`${where}:${name}`), true);
  assertEquals(holdsRemembered(":ref query: crumb:session ref", recording), false);
  assertEquals(asked, []);
});
