import { assert, assertEquals } from "@std/assert";
import { orderFormSchema } from "../../../domain/orders.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { createJobQueue } from "../../../jobs/messages.ts";
import { acquireLease } from "../../../kv/locks.ts";
import { getOrder } from "../../../kv/orders.ts";
import { createSunoStudio } from "../../../providers/music/suno.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import { startOpenAiFake } from "../../../fakes/openai.ts";
import { startSmtpSink } from "../../../fakes/smtp_sink.ts";
import { startSunoFake } from "../../../fakes/suno.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";
import { adminCall, adminHeaders, clockWorker, completedOrder, DELIVERY_ENV } from "../delivery/helpers.ts";

/**
 * Issue 17: a family's email never waits behind the songs being made. The worker runs on the test's
 * clock, one sweep per second of it; the backlog is larger than a sweep takes on, as on the day
 * 2,800 seeded orders were generating and five approved songs sat at "Email queued" for 15 minutes.
 */
const SLOTS = 3;
const BACKLOG = 400;
const MOVING = 30;
const SENDS = 20;
const DELAY_MS = 36_000; // DELIVERY_DELAY_HOURS=0.01

async function generatingOrder(t: TestApp, i: number) {
  const form = orderFormSchema.parse(
    orderForm({ childName: `Kid ${i}`, parentEmail: `kid${i}@example.com` }),
  );
  return await createDemoOrder({ kv: t.kv, jobs: createJobQueue(false), clock: t.clock }, form, "user-1");
}

Deno.test("with 430 songs in the making, 20 emails due in the next minute each go within 10 s of their time, once", async () => {
  await using openai = startOpenAiFake({ latencyMs: 15 });
  await using suno = startSunoFake({ latencyMs: 5 });
  await using sink = await startSmtpSink();
  await using t = await createTestApp({
    providers: {
      words: createOpenAiLyricist({
        apiKey: "sk-test",
        baseUrl: openai.baseUrl,
        model: "gpt-test",
        api: "chat-completions",
      }),
      // The fake has no request limit (the worker's slots are what this test watches).
      music: createSunoStudio({
        apiKey: "suno-test",
        apiUrl: suno.baseUrl,
        model: "V4_5",
        rateLimit: { requests: 1000, windowMs: 1000 },
      }),
    },
    env: {
      ...DELIVERY_ENV,
      SMTP_URL: sink.url,
      DELIVERY_DELAY_HOURS: "0.01",
      GENERATION_CONCURRENCY: String(SLOTS),
      SWEEP_SECONDS: "3600",
    },
  });
  // The backlog: orders due now that another process is working on (their leases are held), and
  // orders that this worker can move along.
  for (let i = 0; i < BACKLOG; i++) {
    const order = await generatingOrder(t, i);
    assert(
      await acquireLease(t.kv, { type: "order", id: order.id }, "other-process", 3_600_000, t.clock.now()),
    );
  }
  const moving = [];
  for (let i = 0; i < MOVING; i++) moving.push(await generatingOrder(t, BACKLOG + i));
  const songs = [];
  for (let i = 0; i < SENDS; i++) {
    songs.push(await completedOrder(t, { parentEmail: `parent${i}@example.com` }));
  }
  const admin = await adminHeaders(t);
  await using worker = clockWorker(t);

  const dueAt = new Map<string, number>();
  const sentAt = new Map<string, number>();
  const start = t.clock.now();
  for (let second = 0; second <= 80; second++) {
    // Staff approve one song a second during the first twenty.
    if (second < SENDS) {
      const { status } = await adminCall(t, admin, songs[second].id, "approve");
      assertEquals(status, 200);
      dueAt.set(songs[second].id, t.clock.now() + DELAY_MS);
    }
    await worker.sweep();
    for (const mail of sink.messages) {
      const orderId = mail.text.match(/\/u\/([\w-]+)\?t=/)?.[1];
      if (orderId && !sentAt.has(orderId)) sentAt.set(orderId, t.clock.now());
    }
    t.clock.advance(1000);
  }

  const late = songs
    .map((song) => ({ song: song.id, lateMs: (sentAt.get(song.id) ?? Infinity) - dueAt.get(song.id)! }))
    .filter(({ lateMs }) => lateMs > 10_000);
  assertEquals(late, [], `late sends, ${(t.clock.now() - start) / 1000} s of clock`);
  const deliveries = sink.messages.filter((mail) => /\/u\/[\w-]+\?t=/.test(mail.text));
  assertEquals(deliveries.length, SENDS, "one email per song");
  // In the same lane, every order placed got its confirmation too, without holding the songs up.
  assertEquals(sink.messages.length - deliveries.length, BACKLOG + MOVING, "one confirmation per order");
  // Meanwhile the songs this worker could make moved on, never more than its slots at once.
  const lyricsWritten = (await Promise.all(moving.map((order) => getOrder(t.kv, order.id))))
    .filter((order) => order?.songLyrics).length;
  assertEquals(lyricsWritten, MOVING);
  assert(openai.mostAtOnce >= 2 && openai.mostAtOnce <= SLOTS, `${openai.mostAtOnce} lyricist calls at once`);
});

Deno.test("an order another process holds is left alone while its lease lasts, and taken up once it has run out", async () => {
  await using t = await createTestApp({ env: { JOB_LEASE_SECONDS: "60", SWEEP_SECONDS: "3600" } });
  const held = await generatingOrder(t, 1);
  // The other process took it and then died: nobody releases this lease; it runs out.
  assert(await acquireLease(t.kv, { type: "order", id: held.id }, "other-process", 60_000, t.clock.now()));
  await using worker = clockWorker(t);
  for (let second = 0; second < 59; second++) {
    await worker.sweep();
    t.clock.advance(1000);
  }
  assertEquals((await getOrder(t.kv, held.id))?.songLyrics ?? null, null, "not taken while held");
  t.clock.advance(61_000);
  await worker.sweep();
  await worker.sweep();
  assert((await getOrder(t.kv, held.id))?.songLyrics, "taken up once the lease had run out");
});
