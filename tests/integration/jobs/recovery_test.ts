import { assert, assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { createJobQueue, jobMessage } from "../../../jobs/messages.ts";
import { listEvents } from "../../../kv/events.ts";
import { keys } from "../../../kv/keys.ts";
import { getOrder, writeOrder } from "../../../kv/orders.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import { createTestApp, jsonBody } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";
import { clockWorker, placeOrder, runPipeline, settled, stepUntil } from "./helpers.ts";
import { drainQueue, watchOrder } from "./watch_order.ts";

/** The generation steps that succeeded (the confirmation email beside them has its own tests). */
const FULL_RUN = ["LYRICS", "TAGS", "SUNO_CREATE", "SUNO_STATUS"];

/** The generation's successes; the emails and the timed lyrics are jobs of their own. */
const stageSuccesses = async (kv: Deno.Kv, orderId: string, stages = FULL_RUN) =>
  (await listEvents(kv, orderId))
    .filter((event) => event.type === "SUCCESS" && stages.includes(event.stage))
    .map((event) => event.stage);

/** Songs the local synthesiser was asked for (only those titled `title`, when given). */
async function countSongTasks(kv: Deno.Kv, title?: string) {
  let count = 0;
  for await (const task of kv.list<{ title: string }>({ prefix: ["local_song_tasks"] })) {
    if (title === undefined || task.value.title === title) count++;
  }
  return count;
}

Deno.test("a lost message costs a delay, not the order: the sweeper finds the overdue work", async () => {
  await using t = await createTestApp();
  // Written with the queue off: the order is due, but no message was ever sent for it.
  const form = orderFormSchema.parse(orderForm());
  const placed = await createDemoOrder(
    { kv: t.kv, jobs: createJobQueue(false), clock: t.clock },
    form,
    "user-1",
  );
  const order = await runPipeline(t, placed.id);
  assertEquals(order.status, "completed");
  assertEquals(await stageSuccesses(t.kv, order.id), FULL_RUN);
});

Deno.test("duplicate messages find nothing to do: each stage runs once", async () => {
  // The queue is the subject: the worker's sweeps are an hour apart, so only messages move the order.
  await using t = await createTestApp({ jobs: true, env: { SWEEP_SECONDS: "3600" } });
  await t.worker!.sweep(); // the start-up sweep, over before there is anything to find
  const placed = await placeOrder(t);
  await Promise.all(Array.from({ length: 5 }, () => t.kv.enqueue(jobMessage("generation", placed.id))));
  const order = await watchOrder(t, placed.id, settled);
  await watchOrder(
    t,
    placed.id,
    (current) => current.songTakes!.every((take) => take.timing.state === "stored"),
  );
  // A few more duplicates after the end change nothing either; the same for the timed lyrics, done
  // once per take however many messages ask.
  await Promise.all([
    ...Array.from({ length: 3 }, () => t.kv.enqueue(jobMessage("generation", placed.id))),
    ...Array.from({ length: 3 }, () => t.kv.enqueue(jobMessage("lyrics-timing", placed.id))),
  ]);
  await drainQueue(t);
  assertEquals(order.status, "completed");
  assertEquals(await stageSuccesses(t.kv, order.id), FULL_RUN);
  // Counted by its title: the queue's last message, drainQueue's, is another order's.
  assertEquals(await countSongTasks(t.kv, order.songTitle!), 1, "one song made");
  assertEquals(await stageSuccesses(t.kv, order.id, ["LYRICS_TIMING"]), ["LYRICS_TIMING", "LYRICS_TIMING"]);
});

Deno.test("two app instances on one KV file share the work, and every order is generated exactly once", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/shared.kv`;
  try {
    await using first = await createTestApp({ kvPath, workerId: "first" });
    await using second = await createTestApp({ kvPath, workerId: "second" });
    await using firstWorker = clockWorker(first, "first");
    await using secondWorker = clockWorker(second, "second");
    // Both sweep at once, on one time: the first app's clock, which stepping moves.
    const both = {
      async sweep() {
        second.clock.set(first.clock.now());
        await Promise.all([firstWorker.sweep(), secondWorker.sweep()]);
      },
    };
    const placed = [];
    for (let i = 0; i < 8; i++) {
      placed.push(await placeOrder(i % 2 ? first : second, { childName: `Kid ${i}` }));
    }
    for (const order of placed) {
      const done = await stepUntil(first, both, order.id);
      assertEquals(done.status, "completed", done.error ?? "");
      assertEquals(await stageSuccesses(first.kv, order.id), FULL_RUN);
    }
    assertEquals(await countSongTasks(first.kv), placed.length, "no song was made twice");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A lyricist that holds its first call until released, as a worker that dies mid-call would. */
function stallingLyricist() {
  const local = createLocalLyricist();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const called = Promise.withResolvers<void>();
  let stalled = false;
  const lyricist: Lyricist = {
    kind: "local",
    async writeLyrics(request, signal) {
      if (!stalled) {
        stalled = true;
        called.resolve();
        await released;
      }
      return await local.writeLyrics(request, signal);
    },
    writeTags: (request, signal) => local.writeTags(request, signal),
  };
  return { lyricist, release, called: called.promise };
}

Deno.test("a worker that dies mid-step is taken over by another instance once its lease runs out", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/crash.kv`;
  const env = { JOB_LEASE_SECONDS: "60" };
  try {
    const stalling = stallingLyricist();
    const crashed = await createTestApp({
      kvPath,
      workerId: "doomed",
      env,
      providers: { words: stalling.lyricist },
    });
    const form = orderFormSchema.parse(orderForm());
    const placed = await createDemoOrder(
      { kv: crashed.kv, jobs: createJobQueue(false), clock: crashed.clock },
      form,
      "user-1",
    );
    const doomed = clockWorker(crashed);
    const sweeping = doomed.sweep();
    await stalling.called;
    assertEquals((await getOrder(crashed.kv, placed.id))?.stepClaim?.stage, "LYRICS");
    // The crash: storage goes away while the call is in flight, so its result is never recorded.
    crashed.kv.close();
    stalling.release();
    await sweeping.catch(() => {});
    await doomed[Symbol.asyncDispose]();
    crashed.providers.mail.close();

    await using survivor = await createTestApp({ kvPath, workerId: "survivor", env });
    survivor.clock.set(crashed.clock.now());
    await using worker = clockWorker(survivor, "survivor");
    await worker.sweep();
    const waiting = await getOrder(survivor.kv, placed.id);
    assertEquals(
      [waiting?.currentStage, waiting?.songLyrics ?? null],
      ["LYRICS", null],
      "not while the lease lasts",
    );
    survivor.clock.advance(61_000);
    const order = await stepUntil(survivor, worker, placed.id);
    assertEquals(order.status, "completed", order.error ?? "");
    const events = await listEvents(survivor.kv, order.id);
    const takeover = events.find((event) => event.type === "RETRY" && event.stage === "LYRICS");
    assert(takeover, "the interrupted step is visible in the timeline");
    assertEquals(await stageSuccesses(survivor.kv, order.id), FULL_RUN);
    const lock = (await survivor.kv.get<{ lockedBy: string }>(keys.lock("order", order.id))).value;
    assertEquals(lock?.lockedBy, "survivor");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("after a crash during song creation, the music service's callback names the task and no second song is made", async () => {
  await using t = await createTestApp({ jobs: false });
  const placed = await placeOrder(t);
  // The state a worker leaves when it dies after asking for the song but before storing the task id.
  const task = await t.providers.music.createSong({
    lyrics: "[Verse 1]\nMia sings",
    style: "pop",
    title: "Mia's Song",
    singer: "female",
    callbackUrl: "http://unused",
  });
  const claimedAt = new Date(t.clock.now()).toISOString();
  const entry = await t.kv.get(keys.order(placed.id));
  const order = await getOrder(t.kv, placed.id);
  const crashed = {
    ...order!,
    currentStage: "SUNO_CREATE",
    songLyrics: "[Verse 1]\nMia sings",
    songTags: "pop",
    stepClaim: { stage: "SUNO_CREATE", attemptId: "attempt-1", claimedAt },
    stageStartedAt: claimedAt,
    nextPollAt: new Date(t.clock.now() + 300_000).toISOString(),
  };
  assert((await writeOrder(t.kv.atomic().check(entry), order, crashed).commit()).ok);

  const forged = await t.request(
    `/api/webhooks/suno?order=${placed.id}&attempt=someone-else`,
    jsonBody({ code: 200, data: { callbackType: "text", task_id: "forged-task" } }),
  );
  assertEquals(forged.status, 200);
  assertEquals(
    (await getOrder(t.kv, placed.id))?.songTaskId ?? null,
    null,
    "a callback for another attempt is ignored",
  );

  const callback = await t.request(
    `/api/webhooks/suno?order=${placed.id}&attempt=attempt-1`,
    jsonBody({
      code: 200,
      msg: "Text generated.",
      data: { callbackType: "text", task_id: task.taskId, data: [] },
    }),
  );
  assertEquals(await callback.json(), { received: true });
  const adopted = await getOrder(t.kv, placed.id);
  assertEquals([adopted?.currentStage, adopted?.songTaskId, adopted?.stepClaim], [
    "SUNO_STATUS",
    task.taskId,
    null,
  ]);
  assertEquals(await countSongTasks(t.kv), 1);
});

Deno.test("the music callback rejects a malformed address or body with a 400 and a message", async () => {
  await using t = await createTestApp();
  const noOrder = await t.request("/api/webhooks/suno", jsonBody({ data: {} }));
  assertEquals(noOrder.status, 400);
  assert((await noOrder.json()).message);
  const notJson = await t.request("/api/webhooks/suno?order=abc", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{nope",
  });
  assertEquals(notJson.status, 400);
  assert((await notJson.json()).message);
  const unknown = await t.request("/api/webhooks/suno?order=abc", jsonBody({ data: { task_id: "x" } }));
  assertEquals(unknown.status, 200, "an unknown order tells a prober nothing");
  await unknown.body?.cancel();
});

Deno.test("a callback for the task being polled only makes the next check due now", async () => {
  await using t = await createTestApp({ jobs: false });
  const placed = await placeOrder(t);
  const entry = await t.kv.get(keys.order(placed.id));
  const later = new Date(t.clock.now() + 3_600_000).toISOString();
  const polling = { ...placed, currentStage: "SUNO_STATUS", songTaskId: "task-1", nextPollAt: later };
  assert((await writeOrder(t.kv.atomic().check(entry), placed, polling).commit()).ok);

  const call = (taskId: string) =>
    t.request(
      `/api/webhooks/suno?order=${placed.id}`,
      jsonBody({
        code: 200,
        data: { callbackType: "complete", task_id: taskId, data: [{ audio_url: "http://evil/x.mp3" }] },
      }),
    );
  await (await call("another-task")).body?.cancel();
  assertEquals(
    (await getOrder(t.kv, placed.id))?.nextPollAt,
    later,
    "another task's callback changes nothing",
  );
  await (await call("task-1")).body?.cancel();
  const nudged = await getOrder(t.kv, placed.id);
  assert(Date.parse(nudged!.nextPollAt!) <= t.clock.now(), "due now");
  assertEquals(
    [nudged?.status, nudged?.songUrl ?? null],
    ["generating", null],
    "the callback's audio URL is not believed",
  );
});
