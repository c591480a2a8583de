import { assert, assertEquals, assertMatch } from "@std/assert";
import { listEvents } from "../../../kv/events.ts";
import { getDebugTexts } from "../../../kv/order_debug.ts";
import { countOrders } from "../../../kv/orders.ts";
import { createTestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders } from "../delivery/helpers.ts";
import { placeOrder, runPipeline, settled } from "./helpers.ts";
import { watchOrder } from "./watch_order.ts";

Deno.test("offline, an order goes through lyrics, tags, song creation and status to a stored MP3 awaiting review", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const placed = await placeOrder(t, { childName: "Mia Rose", favoriteColor: "purple", bestFriend: "Leo" });
  const order = await runPipeline(t, placed.id);

  assertEquals(order.status, "completed", order.error ?? "");
  assertEquals(order.approvalStatus, "pending");
  assertMatch(order.songLyrics ?? "", /Mia/);
  assert(order.songTags, "style tags were written");
  assert(order.songTitle, "a title was given");
  assertMatch(order.songUrl ?? "", /^http:\/\/localhost:8000\/audio\/[\w-]+\.mp3$/);
  assert(order.completedAt);
  assertEquals(order.nextPollAt, null);
  assertEquals([await countOrders(t.kv, "status:completed"), await countOrders(t.kv, "status:generating")], [
    1,
    0,
  ]);

  // The generation steps; the confirmation email and the timed lyrics beside them have their own tests.
  const events = (await listEvents(t.kv, order.id)).filter((event) =>
    event.stage !== "EMAIL_SEND" && event.stage !== "LYRICS_TIMING"
  );
  assertEquals(
    events.map((event) => `${event.stage} ${event.type}`),
    [
      "LYRICS START",
      "LYRICS SUCCESS",
      "TAGS START",
      "TAGS SUCCESS",
      "SUNO_CREATE START",
      "SUNO_CREATE SUCCESS",
      "SUNO_STATUS START",
      "SUNO_STATUS SUCCESS",
    ],
  );
  assertEquals(events[1].provider, "local-lyricist");
  assertEquals(events[7].provider, "local-synthesiser");
  assertEquals(events[5].taskId, order.songTaskId);

  const debug = await getDebugTexts(t.kv, order.id);
  assertMatch(debug.openaiLyricsPrompt ?? "", /Mia Rose/);
  assertMatch(debug.openaiLyricsResponse ?? "", /"lyrics"/);
  assertMatch(debug.openaiTagsOutput ?? "", /"tags"/);

  const audio = await t.request(new URL(order.songUrl!).pathname, { headers: await adminHeaders(t) });
  assertEquals(audio.status, 200);
  assertEquals(audio.headers.get("content-type"), "audio/mpeg");
  const bytes = new Uint8Array(await audio.arrayBuffer());
  assert(bytes.length > 10_000, `a real song, not a stub (${bytes.length} bytes)`);
  // Staff hear it first: its address and the customer's download open once the song has been delivered.
  const unreleased = await t.request(new URL(order.songUrl!).pathname);
  assertEquals(unreleased.status, 404);
  await unreleased.body?.cancel();
  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(download.status, 404);
  await download.body?.cancel();
});

Deno.test("with the queue off, the sweeper alone carries an order to the end (as on KV Connect)", async () => {
  await using t = await createTestApp({ env: { JOB_QUEUE: "off" } });
  assertEquals(t.config.jobs.queue, false);
  const placed = await placeOrder(t);
  // The worker on the test's clock runs the sweeper alone: each step is found by a sweep.
  const order = await runPipeline(t, placed.id);
  assertEquals(order.status, "completed", order.error ?? "");
});

Deno.test("with the queue on, the order's own messages carry it to the end, without a sweep", async () => {
  // The worker's sweeps are an hour apart: the one at start-up finds nothing, so only messages move it.
  await using t = await createTestApp({ jobs: true, env: { SWEEP_SECONDS: "3600" } });
  await t.worker!.sweep(); // the start-up sweep, over before there is anything to find
  const placed = await placeOrder(t);
  const order = await watchOrder(t, placed.id, settled);
  assertEquals(order.status, "completed", order.error ?? "");
  assertEquals(
    (await listEvents(t.kv, order.id)).filter((event) => event.type === "SUCCESS").map((event) => event.stage)
      .filter((stage) => stage !== "EMAIL_SEND" && stage !== "LYRICS_TIMING"),
    ["LYRICS", "TAGS", "SUNO_CREATE", "SUNO_STATUS"],
  );
});
