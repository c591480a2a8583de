import { assertEquals, assertRejects, assertThrows } from "@std/assert";
import { createLimiter } from "../../../jobs/limiter.ts";

/** A task that runs until `finish` is called, noting when it started. */
function controlled(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("a limiter runs at most its number of tasks at once, the rest in the order they came", async () => {
  const limit = createLimiter(2);
  const started: string[] = [];
  const tasks = ["a", "b", "c", "d"].map((name) => controlled(started, name));
  const results = tasks.map(({ task }) => limit(task));
  await turn();
  assertEquals(started, ["a", "b"]);

  tasks[1].finish();
  await turn();
  assertEquals(started, ["a", "b", "c"]);
  // A task arriving now waits behind "d", which was already waiting.
  const late = controlled(started, "e");
  const lateResult = limit(late.task);
  tasks[0].finish();
  await turn();
  assertEquals(started, ["a", "b", "c", "d"]);

  tasks[2].finish();
  tasks[3].finish();
  late.finish();
  assertEquals(await Promise.all([...results, lateResult]), ["a", "b", "c", "d", "e"]);
});

Deno.test("a task that fails gives its place to the next and its caller sees the error", async () => {
  const limit = createLimiter(1);
  const failing = limit(() => Promise.reject(new Error("refused")));
  const next = limit(() => Promise.resolve("ran"));
  await assertRejects(() => failing, Error, "refused");
  assertEquals(await next, "ran");
});

Deno.test("a limiter without a place to give refuses to be made, rather than leave every task waiting", () => {
  for (const places of [0, -1, 1.5, NaN]) assertThrows(() => createLimiter(places), RangeError);
});
