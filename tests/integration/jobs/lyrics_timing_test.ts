/**
 * Two takes and their timed lyrics (issue 21), through the real pipeline: offline with the local
 * synthesiser, and with our music API client against the loopback fake, where the alignment can be
 * slow to come, refused, or empty. A failure here never fails the order: the reveal shows plain lyrics.
 */
import { assert, assertEquals, assertNotEquals } from "@std/assert";
import { everyLineTimed, lineText } from "../../../domain/song/timed_lyrics.ts";
import { getBlobMeta } from "../../../kv/blobs.ts";
import { listEvents } from "../../../kv/events.ts";
import { readTimings } from "../../../kv/lyrics_timing.ts";
import { updateOrder } from "../../../kv/orders.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { writtenLines } from "../../../providers/music/synth.ts";
import { createTestApp } from "../../helpers.ts";
import { createSunoStudio } from "../../../providers/music/suno.ts";
import { startSunoFake } from "../../../fakes/suno.ts";
import { clockWorker, placeOrder, runPipeline, settled, stepUntil } from "./helpers.ts";

const timed = (order: Order) => (order.songTakes ?? []).every((take) => take.timing.state !== "owed");

/** The song delivered, as the reveal would find it (the delivery itself has its own tests). */
const released = (t: { kv: Deno.Kv }, id: string) =>
  updateOrder(
    t.kv,
    id,
    (order) => ({ ...order, approvalStatus: "approved", emailSentAt: order.completedAt }),
  );

Deno.test("offline: both takes are kept, different, with the time of every sung word, and the reveal gets them", async () => {
  await using t = await createTestApp();
  const placed = await placeOrder(t, { childName: "Mia Rose", favoriteColor: "purple" });
  await using worker = clockWorker(t);
  const made = await stepUntil(t, worker, placed.id);
  assertEquals(made.status, "completed", made.error ?? "");
  const [take1, take2] = made.songTakes ?? [];
  assert(take1 && take2, "two takes");
  assertEquals([take1.take, take2.take], [1, 2]);
  assertEquals([made.songBlobId, made.songUrl, made.takeChoice], [take1.blobId, take1.songUrl, null]);
  const audio1 = await getBlobMeta(t.kv, take1.blobId);
  const audio2 = await getBlobMeta(t.kv, take2.blobId);
  assert(audio1 && audio2, "both takes are in our blob store");
  assertNotEquals(audio1!.sha256, audio2!.sha256, "two different renderings");

  const order = await stepUntil(t, worker, placed.id, timed);
  assertEquals(order.songTakes!.map((take) => take.timing.state), ["stored", "stored"]);
  const timings = await readTimings(t.kv, [take1.blobId, take2.blobId]);
  // As written (punctuation kept), like the music service's words; the song may end inside a line.
  const written = writtenLines(order.songLyrics!).map((line) => line.text.split(/\s+/).join(" "));
  for (const take of [take1, take2]) {
    const lines = timings.get(take.blobId)!.lines;
    assert(lines.length > 0);
    const texts = lines.map(lineText);
    assertEquals(texts.slice(0, -1), written.slice(0, lines.length - 1), `${take.take}: the lines as sung`);
    assert(
      written[lines.length - 1].startsWith(texts.at(-1)!),
      `${take.take}: the last line sung, maybe cut`,
    );
    const starts = lines.flatMap((line) => line.words.map((word) => word.start));
    assertEquals(starts, [...starts].sort((a, b) => a - b), "words in order");
    assert(starts.at(-1)! <= (take.durationSeconds ?? Infinity));
  }
  assertNotEquals(timings.get(take1.blobId), timings.get(take2.blobId), "each take sings at its own pace");
  const successes = (await listEvents(t.kv, order.id)).filter((event) => event.stage === "LYRICS_TIMING");
  assertEquals(successes.map((event) => event.type), ["SUCCESS", "SUCCESS"]);

  const before = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(before.songTiming, null, "held back until the song is delivered");
  await released(t, order.id);
  const after = await (await t.request(`/api/orders/${order.id}`)).json();
  // Every line of the words: the timed ones as stored, then those the ~20 s render never reached.
  const stored = timings.get(take1.blobId)!;
  assertEquals(after.songTiming, everyLineTimed(order.songLyrics!, stored));
  assertEquals(after.songTiming.lines.length, written.length);
  assertEquals(after.songTiming.lines.slice(0, stored.lines.length - 1), stored.lines.slice(0, -1));
  const page = await (await t.request(`/unboxing/${order.id}`)).text();
  // The island's props travel in an attribute, their quotes escaped.
  assert(page.includes("&quot;songTiming&quot;:{&quot;lines&quot;:[{"), "the page carries the timing");
});

/** The real music API client against the loopback fake, the worker stepped on the test's clock. */
async function withMusicApi() {
  const suno = startSunoFake({ apiKey: "suno-test-key", stepsToFinish: 2 });
  const t = await createTestApp({
    providers: {
      music: createSunoStudio({
        apiKey: "suno-test-key",
        apiUrl: suno.baseUrl,
        model: "V4_5",
        timeoutMs: 2000,
        rateLimit: { requests: 1000, windowMs: 1000 },
      }),
    },
  });
  return {
    t,
    suno,
    async [Symbol.asyncDispose]() {
      await t[Symbol.asyncDispose]();
      await suno[Symbol.asyncDispose]();
    },
  };
}

const timingEvents = async (kv: Deno.Kv, orderId: string) =>
  (await listEvents(kv, orderId)).filter((event) => event.stage === "LYRICS_TIMING").map((event) =>
    `${event.type} ${event.httpStatus}${
      event.code !== null && event.code !== event.httpStatus ? `/${event.code}` : ""
    }`
  );

Deno.test("through the music API: each take's words are asked for by its track id and stored", async () => {
  await using s = await withMusicApi();
  const placed = await placeOrder(s.t, { childName: "Mia" });
  const order = await runPipeline(s.t, placed.id, (current) => settled(current) && timed(current));
  assertEquals(order.status, "completed", order.error ?? "");
  const asked = s.suno.requests.filter((request) =>
    request.path === "/api/v1/generate/get-timestamped-lyrics"
  );
  assertEquals(
    asked.map((request) => request.body),
    order.songTakes!.map((take) => ({ taskId: order.songTaskId, audioId: take.audioId })),
  );
  assertEquals(order.songTakes!.map((take) => take.timing.state), ["stored", "stored"]);
  const timings = await readTimings(s.t.kv, order.songTakes!.map((take) => take.blobId));
  assertEquals(timings.size, 2);
  assertEquals(await timingEvents(s.t.kv, order.id), ["SUCCESS 200", "SUCCESS 200"]);
});

Deno.test("a busy music API is asked again (each try visible as RETRY), and then the words are stored", async () => {
  await using s = await withMusicApi();
  s.suno.failTimedLyrics({ code: 500 });
  s.suno.failTimedLyrics({ status: 503 });
  const placed = await placeOrder(s.t, { childName: "Leo" });
  const order = await runPipeline(s.t, placed.id, (current) => settled(current) && timed(current));
  assertEquals(order.songTakes!.map((take) => take.timing.state), ["stored", "stored"]);
  assertEquals((await timingEvents(s.t.kv, order.id)).sort(), [
    "RETRY 200/500",
    "RETRY 503",
    "SUCCESS 200",
    "SUCCESS 200",
  ]);
  assertEquals(order.status, "completed");
});

Deno.test("a refusal or an empty alignment leaves that take with plain lyrics, and the order is untouched", async () => {
  await using s = await withMusicApi();
  s.suno.failTimedLyrics({ code: 400 });
  s.suno.failTimedLyrics("empty");
  const placed = await placeOrder(s.t, { childName: "Ava" });
  const order = await runPipeline(s.t, placed.id, (current) => settled(current) && timed(current));
  assertEquals(order.status, "completed");
  assertEquals(order.songTakes!.map((take) => take.timing.state), ["absent", "absent"]);
  const reasons = order.songTakes!.map((take) => take.timing.state === "absent" ? take.timing.reason : "");
  assert(reasons.some((reason) => /code 400/.test(reason)), reasons.join(" | "));
  assert(reasons.includes("The music service placed none of the words in the audio."), reasons.join(" | "));
  assertEquals((await timingEvents(s.t.kv, order.id)).length, 2, "one try each: neither is worth another");

  await released(s.t, order.id);
  const view = await (await s.t.request(`/api/orders/${order.id}`)).json();
  assertEquals(view.songTiming, null, "the reveal shows the plain lyrics");
  assert(view.songLyrics, "which are there");
});
