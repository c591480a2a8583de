/**
 * Issue 17: a family's email never waits behind the songs being made. The worker runs on the test's
 * clock, one sweep per second of it, while staff approve one song a second; the backlog is larger
 * than a sweep takes on, as on the day 2,800 seeded orders were generating and five approved songs sat
 * at "Email queued" for 15 minutes. The gate runs it small (jobs/priority_test.ts); `deno task bench`
 * at the size of that day's backlog (tests/scale/email_priority_test.ts).
 */
import { orderFormSchema } from "../../../domain/order/orders.ts";
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

export interface EmailPriorityPlan {
  /** Generation slots of the one worker. */
  slots: number;
  /** Orders due now that another process holds (their leases are taken). */
  backlog: number;
  /** Orders this worker can move along. */
  moving: number;
  /** Songs approved, one a second, whose delivery emails are watched. */
  sends: number;
}

export interface EmailPriorityResult {
  /** Songs whose email went more than `LATE_MS` after its time (or never), with how late. */
  late: { song: string; lateMs: number }[];
  /** The latest any delivery email went after its time, in ms of the test's clock. */
  worstLateMs: number;
  deliveries: number;
  confirmations: number;
  lyricsWritten: number;
  /** The most lyricist calls under way at once. */
  mostAtOnce: number;
  clockSeconds: number;
}

/** How late a delivery email may go after its time. */
export const LATE_MS = 10_000;
const DELAY_MS = 36_000; // DELIVERY_DELAY_HOURS=0.01

async function generatingOrder(t: TestApp, i: number) {
  const form = orderFormSchema.parse(
    orderForm({ childName: `Kid ${i}`, parentEmail: `kid${i}@example.com` }),
  );
  return await createDemoOrder({ kv: t.kv, jobs: createJobQueue(false), clock: t.clock }, form, "user-1");
}

export async function runEmailPriority(plan: EmailPriorityPlan): Promise<EmailPriorityResult> {
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
      // The fake has no request limit (the worker's slots are what this scenario watches).
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
      GENERATION_CONCURRENCY: String(plan.slots),
      SWEEP_SECONDS: "3600",
    },
  });
  for (let i = 0; i < plan.backlog; i++) {
    const order = await generatingOrder(t, i);
    const held = await acquireLease(
      t.kv,
      { type: "order", id: order.id },
      "other-process",
      3_600_000,
      t.clock.now(),
    );
    if (!held) throw new Error("the backlog's lease was not taken");
  }
  const moving = [];
  for (let i = 0; i < plan.moving; i++) moving.push(await generatingOrder(t, plan.backlog + i));
  const songs = [];
  for (let i = 0; i < plan.sends; i++) {
    songs.push(await completedOrder(t, { parentEmail: `parent${i}@example.com` }));
  }
  const admin = await adminHeaders(t);
  await using worker = clockWorker(t);

  const dueAt = new Map<string, number>();
  const sentAt = new Map<string, number>();
  const start = t.clock.now();
  // Past the last approval's due time and its allowance, with a margin.
  const seconds = plan.sends + (DELAY_MS + LATE_MS) / 1000 + 15;
  for (let second = 0; second <= seconds; second++) {
    if (second < plan.sends) {
      const { status } = await adminCall(t, admin, songs[second].id, "approve");
      if (status !== 200) throw new Error(`approval answered ${status}`);
      dueAt.set(songs[second].id, t.clock.now() + DELAY_MS);
    }
    await worker.sweep();
    for (const mail of sink.messages) {
      const orderId = mail.text.match(/\/u\/([\w-]+)\?t=/)?.[1];
      if (orderId && !sentAt.has(orderId)) sentAt.set(orderId, t.clock.now());
    }
    t.clock.advance(1000);
  }

  const lateness = songs.map((song) => ({
    song: song.id,
    lateMs: (sentAt.get(song.id) ?? Infinity) - dueAt.get(song.id)!,
  }));
  const deliveries = sink.messages.filter((mail) => /\/u\/[\w-]+\?t=/.test(mail.text)).length;
  const lyricsWritten = (await Promise.all(moving.map((order) => getOrder(t.kv, order.id))))
    .filter((order) => order?.songLyrics).length;
  return {
    late: lateness.filter(({ lateMs }) => lateMs > LATE_MS),
    worstLateMs: Math.max(0, ...lateness.map(({ lateMs }) => lateMs)),
    deliveries,
    confirmations: sink.messages.length - deliveries,
    lyricsWritten,
    mostAtOnce: openai.mostAtOnce,
    clockSeconds: (t.clock.now() - start) / 1000,
  };
}
