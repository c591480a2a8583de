/**
 * `deno run -A tools/bench_pipeline.ts [--orders=1000] [--fault-rate=0.2] [--timeout=300]
 *   [--sweeper-orders=<orders>] [--kv=file|memory] [--seed=1] [--scenarios=clean,faults,sweeper]`
 *
 * The song-generation pipeline under load, in one process: demo orders placed as the app places
 * them, carried by the real worker (jobs/worker.ts) through the real OpenAI and music-API adapters
 * to the loopback fakes (zero latency), then every order and its events checked.
 *   clean:   no faults; goal ≤ 60 s for the orders, each stage succeeded once, one call per step.
 *   faults:  a share of provider calls, song tasks and emails fail; goal every order ends completed,
 *            or failed with a failureType and exactly one failure email, before a computed deadline.
 *   sweeper: clean, with the queue off (as on KV Connect): the sweeper alone carries the work.
 * Exits non-zero when a goal is missed. KV is a file in a temporary folder by default, as in a
 * self-hosted deployment (KV_PATH), removed at the end.
 */
import { parseArgs } from "node:util";
import { reportFigure } from "./bench_summary.ts";
import { type Config, parseConfig } from "../domain/config.ts";
import type { GenerationEvent } from "../domain/generation/events.ts";
import { MAX_BACKOFF_MS, MAX_STAGE_RETRIES } from "../domain/generation/call_errors.ts";
import { type Order, orderFormSchema } from "../domain/order/orders.ts";
import type { GenerationStage } from "../domain/generation/stages.ts";
import { createDemoOrder } from "../orders/demo_order.ts";
import { FAILURE_EMAIL_SENT_WORDS, MAX_FAILURE_EMAIL_ATTEMPTS } from "../jobs/failure_email.ts";
import { createJobQueue } from "../jobs/messages.ts";
import { MAX_RUN_RETRIES } from "../jobs/settle.ts";
import { createDeps, systemClock } from "../deps.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { getBlobMeta } from "../kv/blobs.ts";
import type { DevMail } from "../kv/dev_mail.ts";
import { listEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { openKv } from "../kv/open.ts";
import { countOrders, getOrders } from "../kv/orders.ts";
import { noopAnalyticsSink } from "../providers/analytics.ts";
import { createDevMailbox } from "../providers/mail/dev_mailbox.ts";
import { createPayments } from "../providers/payments/select.ts";
import { MailDeliveryError, type Mailer } from "../providers/mail/mod.ts";
import type { MusicStudio } from "../providers/music/mod.ts";
import { createSunoStudio } from "../providers/music/suno.ts";
import type { Lyricist } from "../providers/words/mod.ts";
import { createOpenAiLyricist } from "../providers/words/openai.ts";
import { seededRandom } from "../fakes/loopback.ts";
import { startOpenAiFake, TRANSIENT_OPENAI_FAULTS } from "../fakes/openai.ts";
import { startSunoFake, type SunoFake, TRANSIENT_SUNO_FAULTS } from "../fakes/suno.ts";
import { summarize } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    orders: { type: "string", default: "1000" },
    "fault-rate": { type: "string", default: "0.2" },
    timeout: { type: "string", default: "300" },
    /** Defaults to --orders: queue-less mode keeps up with the queue (measured), so it needs no cut. */
    "sweeper-orders": { type: "string" },
    kv: { type: "string", default: "file" },
    seed: { type: "string", default: "1" },
    scenarios: { type: "string", default: "clean,faults,sweeper" },
  },
});
const ORDERS = Number(values.orders);
const FAULT_RATE = Number(values["fault-rate"]);
const TIMEOUT_MS = Number(values.timeout) * 1000;
const SWEEPER_ORDERS = Number(values["sweeper-orders"] ?? ORDERS);
const KV_KIND = values.kv === "memory" ? "memory" : "file";
const SEED = Number(values.seed);
const SCENARIOS = values.scenarios.split(",").map((name) => name.trim());
for (const [flag, value] of Object.entries({ ORDERS, TIMEOUT_MS, SWEEPER_ORDERS })) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} must be a positive whole number.`);
}
if (!(FAULT_RATE >= 0 && FAULT_RATE < 1)) throw new Error("--fault-rate must be from 0 to below 1.");

/** The issue's goals. */
const GOAL_SECONDS = 60;
/** Short enough that injected hangs resolve fast; long enough for a loaded loopback answer. */
const CALL_TIMEOUT_MS = 500;
const POLL_MS = 50;
/**
 * How long a song task may take in the faults run, so tasks that never finish fail by deadline. Not
 * 3 s: the deadline is checked before the task is, so a first check delayed by a queue backlog of a
 * few seconds fails a finished song (at 3 s the clean run lost 392 of 1,000 orders that way).
 */
const FAULTS_SONG_DEADLINE_MINUTES = 0.25;

const API_KEYS = { openai: "sk-bench-openai-key", suno: "bench-suno-key" };

const GLOBAL_DEADLINE = performance.now() + TIMEOUT_MS;
/** KV folders not yet removed, for the watchdog. */
const tempDirs = new Set<string>();
// A last resort should closing itself hang; unref'd, so it never keeps a finished run alive.
const watchdog = setTimeout(() => {
  console.error(`bench_pipeline: still running ${TIMEOUT_MS / 1000 + 30} s after start; giving up.`);
  for (const dir of tempDirs) Deno.removeSync(dir, { recursive: true });
  Deno.exit(2);
}, TIMEOUT_MS + 30_000);
Deno.unrefTimer(watchdog);

interface Scenario {
  name: "clean" | "faults" | "sweeper";
  orders: number;
  queue: boolean;
  faultRate: number;
}

/** What the KV handle was asked to do, and how the queue delivered (counted by a proxy around it). */
interface KvCounts {
  reads: number;
  lists: number;
  commits: number;
  conflicts: number;
  enqueued: number;
  sweeperEnqueues: number;
  deliveries: number;
  deliveringNow: number;
  maxConcurrentDeliveries: number;
}

interface Gauge {
  now: number;
  max: number;
}

interface Result {
  scenario: Scenario;
  placeSeconds: number;
  wallSeconds: number | null;
  quietSeconds: number | null;
  perOrder: { p50: number; p95: number } | null;
  completed: number;
  failedByType: Record<string, number>;
  failureReasons: Record<string, number>;
  retries: number;
  emailRetries: number;
  failureEmails: number;
  emailsGivenUp: number;
  duplicates: string[];
  problems: string[];
  orphanedTasks: number;
  requests: Record<string, number>;
  kv: KvCounts;
  maxConcurrentCalls: number;
  rssPeakMb: number;
  stages: Record<string, { p50: number; p95: number }>;
  stuckDeadlineSeconds: number | null;
  pass: boolean;
}

function configFor(scenario: Scenario, kvPath: string, openaiUrl: string, sunoUrl: string): Config {
  return parseConfig({
    APP_ENV: "test",
    KV_PATH: kvPath,
    OPENAI_API_KEY: API_KEYS.openai,
    OPENAI_BASE_URL: openaiUrl,
    SUNO_API_KEY: API_KEYS.suno,
    SUNO_API_URL: sunoUrl,
    // The fake has no request limit: these runs measure our side, not the account's allowance.
    SUNO_RATE_LIMIT: "1000/1s",
    JOB_QUEUE: scenario.queue ? "on" : "off",
    // Queue mode keeps the production sweep (30 s): the sweeper only stands in for lost messages.
    SWEEP_SECONDS: scenario.queue ? "30" : "0.05",
    // A step's own deadline is max(1 s, lease − 5 s): 1 s, above the adapters' 500 ms.
    JOB_LEASE_SECONDS: "5",
    RETRY_BASE_SECONDS: "0.05",
    SONG_POLL_SECONDS: "0.05",
    SONG_DEADLINE_MINUTES: scenario.faultRate > 0 ? String(FAULTS_SONG_DEADLINE_MINUTES) : "15",
    // A failed order's email is part of the run it is timed against: no grace for staff to step in.
    FAILURE_EMAIL_GRACE_MINUTES: "0",
  });
}

async function runScenario(scenario: Scenario, cleanThroughput: number | null): Promise<Result> {
  const random = seededRandom(SEED * 7919 + scenario.orders);
  const faulty = scenario.faultRate > 0;
  // Disposed after the finally below has stopped the worker and closed KV, in reverse order.
  await using kvFolder = await temporaryKvPath();
  await using openai = startOpenAiFake({
    apiKey: API_KEYS.openai,
    faultRate: scenario.faultRate,
    seed: SEED,
    randomFaults: TRANSIENT_OPENAI_FAULTS,
  });
  await using suno = startSunoFake({
    apiKey: API_KEYS.suno,
    stepsToFinish: 1,
    faultRate: scenario.faultRate,
    seed: SEED + 1,
    randomFaults: TRANSIENT_SUNO_FAULTS,
  });
  const config = configFor(scenario, kvFolder.kvPath, openai.baseUrl, suno.baseUrl);
  const counts: KvCounts = {
    reads: 0,
    lists: 0,
    commits: 0,
    conflicts: 0,
    enqueued: 0,
    sweeperEnqueues: 0,
    deliveries: 0,
    deliveringNow: 0,
    maxConcurrentDeliveries: 0,
  };
  // The bench's own polling and checks go around the counters, which are the pipeline's alone.
  const uncountedKv = await openKv(kvFolder.kvPath);
  const kv = countingKv(uncountedKv, counts);
  const calls: Gauge = { now: 0, max: 0 };
  const words = gauged<Lyricist>(
    createOpenAiLyricist({
      apiKey: API_KEYS.openai,
      baseUrl: openai.baseUrl,
      model: config.openai.model,
      api: config.openai.api,
      reasoningEffort: config.openai.reasoningEffort,
      timeoutMs: CALL_TIMEOUT_MS,
    }),
    calls,
  );
  const studio = createSunoStudio({
    apiKey: API_KEYS.suno,
    apiUrl: suno.baseUrl,
    model: config.suno.model,
    timeoutMs: CALL_TIMEOUT_MS,
    downloadTimeoutMs: CALL_TIMEOUT_MS,
    rateLimit: config.suno.rateLimit,
  });
  const music = gauged<MusicStudio>(
    faulty ? withTaskOutcomes(studio, suno, scenario.faultRate, random) : studio,
    calls,
  );
  const mailbox = createDevMailbox(kv, config.mail.from);
  const mail = faulty ? withMailFaults(mailbox, scenario.faultRate, random) : mailbox;
  const worker = startJobWorker(
    createDeps({
      kv,
      config,
      providers: {
        analytics: noopAnalyticsSink,
        payments: createPayments(config, kv),
        words,
        music,
        mail,
        bucket: null,
      },
      workerId: `bench-${scenario.name}`,
    }),
  );

  let rssPeak = Deno.memoryUsage().rss;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, Deno.memoryUsage().rss)), 50);
  try {
    console.log(
      `\n## ${scenario.name}: ${scenario.orders} orders, queue ${scenario.queue ? "on" : "off"}, ` +
        `faults ${Math.round(scenario.faultRate * 100)} %, KV ${KV_KIND === "file" ? "file" : ":memory:"}`,
    );
    const started = performance.now();
    const placed = await placeOrders(kv, config, scenario.orders);
    const placeSeconds = (performance.now() - started) / 1000;

    // Past this, an order still generating is stuck (see worstCaseOrderMs).
    const allowanceMs = cleanThroughput ? (scenario.orders / cleanThroughput) * 1000 : GOAL_SECONDS * 1000;
    const stuckAt = faulty ? performance.now() + worstCaseOrderMs(config) + allowanceMs : Infinity;
    const waitUntil = Math.min(stuckAt, GLOBAL_DEADLINE);

    let settledAt: number | null = null;
    let quietAt: number | null = null;
    while (performance.now() < waitUntil) {
      const [completed, failed] = await Promise.all([
        countOrders(uncountedKv, "status:completed"),
        countOrders(uncountedKv, "status:failed"),
      ]);
      if (completed + failed >= scenario.orders) {
        settledAt ??= performance.now();
        // Failure emails are the last work: nothing left in the due-time index means all is done.
        if (await nothingDue(uncountedKv)) {
          quietAt = performance.now();
          break;
        }
      }
      await sleep(POLL_MS);
    }
    const wallSeconds = settledAt === null ? null : (settledAt - started) / 1000;
    const quietSeconds = quietAt === null ? null : (quietAt - started) / 1000;

    // Stop the worker first, so the checks read a database nobody is writing to.
    await worker.stop();
    const result = await verify(scenario, uncountedKv, placed, openai, suno);
    rssPeak = Math.max(rssPeak, Deno.memoryUsage().rss);
    const perOrder = summarize(result.perOrderMs);
    return {
      scenario,
      placeSeconds,
      wallSeconds,
      quietSeconds,
      perOrder: perOrder.count ? { p50: perOrder.p50 / 1000, p95: perOrder.p95 / 1000 } : null,
      completed: result.completed,
      failedByType: result.failedByType,
      failureReasons: result.failureReasons,
      retries: result.retries,
      emailRetries: result.emailRetries,
      failureEmails: result.failureEmails,
      emailsGivenUp: result.emailsGivenUp,
      duplicates: result.duplicates,
      orphanedTasks: result.orphanedTasks,
      problems: [
        ...(settledAt === null
          ? [`not every order ended before ${faulty ? "the stuck deadline" : "the global timeout"}`]
          : []),
        ...(settledAt !== null && quietAt === null ? ["failure emails still due at the deadline"] : []),
        ...result.problems,
      ],
      requests: {
        "openai lyrics": result.openaiCalls.lyrics,
        "openai tags": result.openaiCalls.tags,
        "music generate": result.generateCalls,
        "music record-info": suno.requests.filter((request) => request.path.endsWith("/record-info")).length,
        "music audio": suno.audioRequests.length,
      },
      kv: { ...counts },
      maxConcurrentCalls: calls.max,
      rssPeakMb: rssPeak / 2 ** 20,
      stages: result.stages,
      stuckDeadlineSeconds: faulty ? (stuckAt - started) / 1000 : null,
      pass: false,
    };
  } finally {
    clearInterval(sampler);
    await worker.stop();
    mail.close();
    kv.close();
    await worker.closed;
  }
}

/** A KV file in a fresh temporary folder (removed on dispose), or `:memory:` with --kv=memory. */
async function temporaryKvPath() {
  const dir = KV_KIND === "file" ? await Deno.makeTempDir({ prefix: "bench-pipeline-" }) : null;
  if (dir) tempDirs.add(dir);
  return {
    kvPath: dir ? `${dir}/app.kv` : ":memory:",
    async [Symbol.asyncDispose]() {
      if (!dir) return;
      await Deno.remove(dir, { recursive: true });
      tempDirs.delete(dir);
    },
  };
}

/**
 * Demo orders as a demo user places them, one after another as fast as KV takes them. Every order
 * takes the one order-number sequence, so placing in parallel only adds lost races: measured, four
 * lanes are no faster than one, and a starved lane runs out of retryOnConflict's tries.
 */
async function placeOrders(kv: Deno.Kv, config: Config, count: number): Promise<Order[]> {
  const queue = createJobQueue(config.jobs.queue);
  const placed: Order[] = [];
  for (let index = 0; index < count; index++) {
    const form = orderFormSchema.parse({
      childName: ["Mia Rose", "Leo", "Ava", "Noah", "Zoë"][index % 5],
      childAge: "5",
      favoriteColor: "purple",
      // Appears in both OpenAI requests, so the fake's log can be matched to the order.
      favoriteToy: toyOf(index),
      parentName: "Bench Parent",
      parentEmail: emailOf(index),
      songGenre: "pop",
      singerGender: "female",
      songStyle: "happy",
    });
    placed.push(await createDemoOrder({ kv, jobs: queue, clock: systemClock }, form, "bench-user"));
  }
  return placed;
}

const toyOf = (index: number) => `bench-toy-${index}`;
const emailOf = (index: number) => `p${index}@example.com`;

/**
 * The longest an order may take when every retry is spent, from the settings: each attempt is cut at
 * the step's deadline, each retry waits at most its capped backoff, one song may wait its full
 * deadline, a lost step comes back after the lease, and the failure email has its own retries.
 */
function worstCaseOrderMs(config: Config): number {
  const leaseMs = config.jobs.leaseSeconds * 1000;
  const attemptMs = Math.max(1000, leaseMs - 5000);
  const retryBaseMs = config.jobs.retryBaseSeconds * 1000;
  const longestBackoffMs = Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** (MAX_STAGE_RETRIES - 1));
  const steps = MAX_RUN_RETRIES + 4;
  const songWaitMs = config.jobs.songDeadlineMinutes * 60_000 + config.songPollSeconds * 1000;
  const emailMs = MAX_FAILURE_EMAIL_ATTEMPTS * (attemptMs + longestBackoffMs);
  return steps * (attemptMs + longestBackoffMs) + songWaitMs + leaseMs + emailMs;
}

interface Verified {
  completed: number;
  failedByType: Record<string, number>;
  failureReasons: Record<string, number>;
  retries: number;
  emailRetries: number;
  failureEmails: number;
  emailsGivenUp: number;
  duplicates: string[];
  problems: string[];
  /** Tasks the music API took whose answer came after our timeout: paid for, never used. */
  orphanedTasks: number;
  perOrderMs: number[];
  openaiCalls: { lyrics: number; tags: number };
  generateCalls: number;
  stages: Record<string, { p50: number; p95: number }>;
}

/** Reads every order, its events and mail, and what the fakes were asked, and checks them. */
async function verify(
  scenario: Scenario,
  kv: Deno.Kv,
  placed: Order[],
  openai: ReturnType<typeof startOpenAiFake>,
  suno: SunoFake,
): Promise<Verified> {
  const faulty = scenario.faultRate > 0;
  const orders = await getOrders(kv, placed.map((order) => order.id));
  const indexOf = new Map(placed.map((order, index) => [order.id, index]));
  const duplicates: string[] = [];
  const problems: string[] = [];
  // The first few of each kind are enough to investigate; the counts say how many there were.
  const note = (list: string[], text: string) => {
    if (list.length <= 20) list.push(list.length < 20 ? text : "…");
  };
  const missing = placed.length - orders.length;
  if (missing > 0) {
    note(problems, `${missing} orders are missing`);
  }

  const lyricsByOrder = new Map<number, number>();
  const tagsByOrder = new Map<number, number>();
  for (const request of openai.requests) {
    const user = request.body?.messages?.findLast((message) => message.role === "user")?.content ?? "";
    const index = Number(/bench-toy-(\d+)/.exec(user)?.[1] ?? -1);
    const schema = request.body?.response_format?.json_schema?.name;
    const tally = schema === "song_tags" ? tagsByOrder : lyricsByOrder;
    tally.set(index, (tally.get(index) ?? 0) + 1);
  }
  const generatesByOrder = new Map<string, { sent: number; taken: number }>();
  for (const request of suno.requests) {
    if (request.method !== "POST" || request.path !== "/api/v1/generate") continue;
    const callback = typeof request.body?.callBackUrl === "string" ? request.body.callBackUrl : "";
    const orderId = URL.canParse(callback) ? new URL(callback).searchParams.get("order") ?? "" : "";
    const tally = generatesByOrder.get(orderId) ?? { sent: 0, taken: 0 };
    tally.sent++;
    if (request.answer === 200 && request.code === 200) tally.taken++;
    generatesByOrder.set(orderId, tally);
  }
  const mailTo = new Map<string, number>();
  for await (const entry of kv.list<DevMail>({ prefix: keys.devMailbox() })) {
    // Every order gets its confirmation; the tally is of the failure emails.
    if (/^Order #\d+ confirmed:/.test(entry.value.subject)) continue;
    mailTo.set(entry.value.to, (mailTo.get(entry.value.to) ?? 0) + 1);
  }

  let completed = 0;
  let retries = 0;
  let emailRetries = 0;
  let failureEmails = 0;
  let emailsGivenUp = 0;
  let orphanedTasks = 0;
  const failedByType: Record<string, number> = {};
  const failureReasons: Record<string, number> = {};
  const perOrderMs: number[] = [];
  const spans: Record<string, number[]> = {};
  for (const order of orders) {
    const index = indexOf.get(order.id)!;
    const label = `#${order.orderNumber}`;
    const events = await listEvents(kv, order.id);
    const successes = countBy(events.filter((event) => event.type === "SUCCESS"), (event) => event.stage);
    retries += events.filter((event) => event.type === "RETRY" && event.stage !== "EMAIL_SEND").length;
    emailRetries += events.filter((event) => event.type === "RETRY" && event.stage === "EMAIL_SEND").length;
    // A song task that failed is made again (retryAt SUNO_CREATE): each remake is one more creation.
    const remakes = events.filter((event) =>
      event.type === "RETRY" && event.stage === "SUNO_STATUS" && event.context.retryStage === "SUNO_CREATE"
    ).length;
    const allowed: Record<GenerationStage, number> = {
      LYRICS: 1,
      TAGS: 1,
      SUNO_CREATE: 1 + remakes,
      SUNO_STATUS: 1,
    };
    for (const [stage, most] of Object.entries(allowed)) {
      const seen = successes[stage] ?? 0;
      const expected = order.status === "completed" ? most : Math.min(seen, most);
      if (seen !== expected) {
        note(duplicates, `${label} ${stage}: ${seen} successes, expected ${expected}`);
      }
    }
    const generates = generatesByOrder.get(order.id) ?? { sent: 0, taken: 0 };
    orphanedTasks += Math.max(0, generates.taken - (successes.SUNO_CREATE ?? 0));
    const emails = mailTo.get(order.parentEmail) ?? 0;

    if (order.status === "completed") {
      completed++;
      perOrderMs.push(Date.parse(order.completedAt!) - Date.parse(order.createdAt));
      if (!order.songBlobId || !(await getBlobMeta(kv, order.songBlobId))) {
        note(problems, `${label}: completed without its song blob`);
      }
      if (emails !== 0) {
        note(problems, `${label}: completed but ${emails} failure emails`);
      }
      if (!faulty) {
        const lyrics = lyricsByOrder.get(index) ?? 0;
        const tags = tagsByOrder.get(index) ?? 0;
        if (generates.sent !== 1) {
          note(duplicates, `${label}: ${generates.sent} generate requests`);
        }
        if (lyrics !== 1) {
          note(duplicates, `${label}: ${lyrics} lyrics calls`);
        }
        if (tags !== 1) {
          note(duplicates, `${label}: ${tags} tags calls`);
        }
        for (const [name, span] of Object.entries(stageSpans(order, events))) {
          (spans[name] ??= []).push(span);
        }
      }
    } else if (order.status === "failed") {
      const type = order.failureType ?? "(none)";
      failedByType[type] = (failedByType[type] ?? 0) + 1;
      if (!order.failureType) {
        note(problems, `${label}: failed without a failureType`);
      }
      if (!faulty) {
        note(problems, `${label}: failed in a clean run: ${order.error}`);
      }
      const attempts = order.failureEmailAttempts ?? 0;
      const gaveUp = !order.failureEmailSent && attempts >= MAX_FAILURE_EMAIL_ATTEMPTS;
      if (gaveUp) {
        emailsGivenUp++;
      }
      failureEmails += emails;
      // A try that delivered but lost its answer may have reached the mailbox before the last try
      // gave up (it keeps one copy per Message-ID): at most one copy then, never two.
      if (gaveUp ? emails > 1 : emails !== 1) {
        note(duplicates, `${label}: failed with ${emails} failure emails`);
      }
      if (!order.failureEmailSent && !gaveUp) {
        note(problems, `${label}: failure email not sent`);
      }
      const errors = events.filter((event) =>
        event.type === "ERROR" && event.stage !== "EMAIL_SEND"
      );
      if (errors.length !== 1) {
        note(duplicates, `${label}: failed with ${errors.length} generation errors`);
      }
      // The order's confirmation email is logged at the same stage: only the failure email counts here.
      const sentEvents = events.filter((event) =>
        event.stage === "EMAIL_SEND" && event.type === "SUCCESS" && event.message === FAILURE_EMAIL_SENT_WORDS
      );
      if (sentEvents.length !== (gaveUp ? 0 : 1)) {
        note(duplicates, `${label}: ${sentEvents.length} failure emails recorded as sent`);
      }
      const reason = errors.at(-1);
      if (reason) {
        const retried = reason.context.transient ? "retries spent" : "not retried";
        const why = `${reason.stage} ${reason.httpStatus ?? "-"} ${retried}`;
        failureReasons[why] = (failureReasons[why] ?? 0) + 1;
      }
    } else {
      note(problems, `${label}: stuck ${order.status} at ${order.currentStage} (${order.statusDetail})`);
    }
  }
  const stages: Record<string, { p50: number; p95: number }> = {};
  for (const [name, list] of Object.entries(spans)) {
    const { p50, p95 } = summarize(list);
    stages[name] = { p50, p95 };
  }
  return {
    completed,
    failedByType,
    failureReasons,
    retries,
    emailRetries,
    failureEmails,
    emailsGivenUp,
    duplicates,
    problems,
    orphanedTasks,
    perOrderMs,
    openaiCalls: {
      lyrics: [...lyricsByOrder.values()].reduce((sum, n) => sum + n, 0),
      tags: [...tagsByOrder.values()].reduce((sum, n) => sum + n, 0),
    },
    generateCalls: [...generatesByOrder.values()].reduce((sum, tally) => sum + tally.sent, 0),
    stages,
  };
}

/**
 * Where a clean order's time went, from its events (ms): waiting to be picked up, each stage's own
 * work, and the hops between stages, which are queue (or sweep) latency plus the commit.
 */
function stageSpans(order: Order, events: GenerationEvent[]): Record<string, number> {
  const at = (stage: string, type: string) => {
    const event = events.find((candidate) => candidate.stage === stage && candidate.type === type);
    return event ? Date.parse(event.occurredAt) : NaN;
  };
  const spans: Record<string, number> = {
    "placed → lyrics start": at("LYRICS", "START") - Date.parse(order.createdAt),
    "lyrics call": at("LYRICS", "SUCCESS") - at("LYRICS", "START"),
    "hop lyrics → tags": at("TAGS", "START") - at("LYRICS", "SUCCESS"),
    "tags call": at("TAGS", "SUCCESS") - at("TAGS", "START"),
    "hop tags → create": at("SUNO_CREATE", "START") - at("TAGS", "SUCCESS"),
    "create call": at("SUNO_CREATE", "SUCCESS") - at("SUNO_CREATE", "START"),
    "create → song stored": at("SUNO_STATUS", "SUCCESS") - at("SUNO_CREATE", "SUCCESS"),
  };
  return Object.fromEntries(Object.entries(spans).filter(([, ms]) => Number.isFinite(ms)));
}

/**
 * Counts KV reads, lists, commits (and lost races), enqueued messages and queue deliveries, with how
 * many deliveries ran at once: the numbers that say where the pipeline's time goes.
 */
function countingKv(kv: Deno.Kv, counts: KvCounts): Deno.Kv {
  return new Proxy(kv, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const countedAs =
        (...names: ("reads" | "lists" | "enqueued" | "sweeperEnqueues")[]) => (...args: unknown[]) => {
          for (const name of names) counts[name]++;
          return value.apply(target, args);
        };
      switch (property) {
        case "get":
        case "getMany":
          return countedAs("reads");
        case "list":
          return countedAs("lists");
        case "enqueue":
          // Only the queue-mode sweeper enqueues outside an atomic write: a message it thinks was lost.
          return countedAs("sweeperEnqueues", "enqueued");
        case "atomic":
          return () => {
            const operation = target.atomic();
            const commit = operation.commit.bind(operation);
            const enqueue = operation.enqueue.bind(operation);
            operation.enqueue = (...args: Parameters<Deno.AtomicOperation["enqueue"]>) => {
              counts.enqueued++;
              return enqueue(...args);
            };
            operation.commit = async () => {
              counts.commits++;
              const result = await commit();
              if (!result.ok) counts.conflicts++;
              return result;
            };
            return operation;
          };
        case "listenQueue":
          return (handler: (message: unknown) => Promise<void> | void) =>
            target.listenQueue(async (message: unknown) => {
              counts.deliveries++;
              counts.maxConcurrentDeliveries = Math.max(
                counts.maxConcurrentDeliveries,
                ++counts.deliveringNow,
              );
              try {
                await handler(message);
              } finally {
                counts.deliveringNow--;
              }
            });
        default:
          return value.bind(target);
      }
    },
  });
}

/** The same provider, counting how many of its calls are in flight at once. */
function gauged<T extends object>(provider: T, gauge: Gauge): T {
  return new Proxy(provider, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        gauge.max = Math.max(gauge.max, ++gauge.now);
        try {
          return await value.apply(target, args);
        } finally {
          gauge.now--;
        }
      };
    },
  });
}

/**
 * Song tasks that go wrong after they were taken: half fail (GENERATE_AUDIO_FAILED, so the song is
 * made again), half never finish (the deadline fails the order). Set as the real adapter's create
 * answers, which is before anyone can poll the task.
 */
function withTaskOutcomes(
  studio: MusicStudio,
  suno: SunoFake,
  rate: number,
  random: () => number,
): MusicStudio {
  return {
    ...studio,
    async createSong(request, signal) {
      const created = await studio.createSong(request, signal);
      const task = suno.tasks.get(created.taskId);
      if (task && random() < rate) task.outcome = random() < 0.5 ? "GENERATE_AUDIO_FAILED" : "never";
      return created;
    },
  };
}

/**
 * Mail that fails as SMTP does: half the faults refuse the message, half deliver it but lose the
 * answer, so the job sends again with the same Message-ID and the mailbox must keep one copy.
 */
function withMailFaults(mail: Mailer, rate: number, random: () => number): Mailer {
  return {
    kind: mail.kind,
    close: () => mail.close(),
    async send(message) {
      const draw = random();
      if (draw < rate / 2) throw new MailDeliveryError("The mail server refused the message (injected).");
      const sent = await mail.send(message);
      if (draw < rate) {
        throw new MailDeliveryError("The connection dropped before the server answered (injected).");
      }
      return sent;
    },
  };
}

async function nothingDue(kv: Deno.Kv): Promise<boolean> {
  for await (const _ of kv.list({ prefix: keys.allJobsDue() }, { limit: 1 })) return false;
  return true;
}

function countBy<T>(items: T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the scenario's goal; prints why a goal was missed. */
function judge(result: Result): Result {
  const { scenario } = result;
  const reasons = [...result.problems];
  if (result.duplicates.length > 0) reasons.push(`${result.duplicates.length}+ duplicates`);
  if (scenario.name === "clean") {
    // No wall time at all is already among the problems (not every order ended).
    if (result.wallSeconds !== null && result.wallSeconds > GOAL_SECONDS) {
      reasons.push(`wall time over the ${GOAL_SECONDS} s goal`);
    }
    if (result.completed !== scenario.orders) reasons.push("not every order completed");
  }
  if (scenario.name === "sweeper" && result.completed !== scenario.orders) {
    reasons.push("not every order completed");
  }
  for (const reason of reasons) console.log(`  MISSED: ${reason}`);
  for (const duplicate of result.duplicates) console.log(`  duplicate: ${duplicate}`);
  return { ...result, pass: reasons.length === 0 };
}

function printDetails(result: Result) {
  const fixed = (value: number | null, digits = 1) => (value === null ? "—" : value.toFixed(digits));
  const perSecond = result.wallSeconds ? result.scenario.orders / result.wallSeconds : null;
  console.log(`  placing: ${fixed(result.placeSeconds, 2)} s, one after another`);
  console.log(
    `  all ended: ${fixed(result.wallSeconds, 2)} s (${fixed(perSecond)} orders/s); ` +
      `nothing due: ${fixed(result.quietSeconds, 2)} s`,
  );
  if (result.perOrder) {
    console.log(
      `  per order (placed → completed): p50 ${fixed(result.perOrder.p50, 2)} s, p95 ${
        fixed(result.perOrder.p95, 2)
      } s`,
    );
  }
  const failed = Object.entries(result.failedByType).map(([type, n]) => `${type} ${n}`).join(", ") || "0";
  console.log(`  completed ${result.completed}, failed ${failed}`);
  const reasons = Object.entries(result.failureReasons).sort(([, a], [, b]) => b - a);
  if (reasons.length > 0) {
    console.log(
      `  failed at (stage, status, retried?): ${reasons.map(([why, n]) => `${why} ×${n}`).join("; ")}`,
    );
  }
  console.log(
    `  retries ${result.retries}, failure emails ${result.failureEmails} ` +
      `(email retries ${result.emailRetries}, given up ${result.emailsGivenUp})`,
  );
  if (result.stuckDeadlineSeconds !== null) {
    console.log(`  stuck deadline: ${fixed(result.stuckDeadlineSeconds)} s after the first order`);
  }
  console.log(
    `  requests: ${Object.entries(result.requests).map(([name, n]) => `${name} ${n}`).join(", ")}; ` +
      `song tasks taken but unused (creation timed out) ${result.orphanedTasks}`,
  );
  const kv = result.kv;
  const per = (n: number) => (n / result.scenario.orders).toFixed(1);
  console.log(
    `  KV per order: ${per(kv.reads)} reads, ${per(kv.commits)} commits, ${per(kv.enqueued)} messages; ` +
      `in all: ${kv.lists} lists, ${kv.conflicts} lost races, ${kv.sweeperEnqueues} messages from the sweeper`,
  );
  console.log(
    `  queue deliveries ${kv.deliveries}, at most ${kv.maxConcurrentDeliveries} at once; ` +
      `provider calls at most ${result.maxConcurrentCalls} at once; RSS peak ${
        fixed(result.rssPeakMb, 0)
      } MB`,
  );
  if (Object.keys(result.stages).length > 0) {
    console.log(
      `  where the time goes (ms, p50/p95): ${
        Object.entries(result.stages).map(([name, { p50, p95 }]) => `${name} ${p50}/${p95}`).join("; ")
      }`,
    );
  }
}

function printTable(results: Result[]) {
  console.log(
    "\n| scenario | queue | KV | orders | wall s | orders/s | p50 s | p95 s | completed | failed " +
      "| retries | fail emails | dups | RSS MB | goal | result |",
  );
  console.log("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const result of results) {
    const { scenario } = result;
    const failed = Object.values(result.failedByType).reduce((sum, n) => sum + n, 0);
    const wall = result.wallSeconds;
    const goal = scenario.name === "clean"
      ? `≤ ${GOAL_SECONDS} s, 0 dups`
      : scenario.name === "faults"
      ? "all ended, 1 email per failure"
      : "all completed, 0 dups";
    console.log(
      `| ${scenario.name} | ${scenario.queue ? "on" : "off"} | ${KV_KIND} | ${scenario.orders} | ` +
        `${wall === null ? "—" : wall.toFixed(1)} | ${wall ? (scenario.orders / wall).toFixed(1) : "—"} | ` +
        `${result.perOrder?.p50.toFixed(2) ?? "—"} | ${result.perOrder?.p95.toFixed(2) ?? "—"} | ` +
        `${result.completed} | ${failed} | ${result.retries} | ${result.failureEmails} | ` +
        `${result.duplicates.length} | ${result.rssPeakMb.toFixed(0)} | ${goal} | ` +
        `${result.pass ? "PASS" : "FAIL"} |`,
    );
    reportFigure({
      area: "pipeline",
      measure: `${scenario.name}: ${scenario.orders} orders, queue ${scenario.queue ? "on" : "off"}` +
        (scenario.faultRate ? `, ${scenario.faultRate * 100} % faults` : ""),
      value: `${wall ? (scenario.orders / wall).toFixed(1) : "—"} orders/s, ${result.completed} completed, ` +
        `${failed} failed, ${result.duplicates.length} dups, RSS ${result.rssPeakMb.toFixed(0)} MB`,
      goal: `${goal}: ${result.pass ? "PASS" : "FAIL"}`,
    });
  }
}

const plan: Scenario[] = [
  { name: "clean" as const, orders: ORDERS, queue: true, faultRate: 0 },
  { name: "faults" as const, orders: ORDERS, queue: true, faultRate: FAULT_RATE },
  { name: "sweeper" as const, orders: SWEEPER_ORDERS, queue: false, faultRate: 0 },
].filter((scenario) => SCENARIOS.includes(scenario.name));

console.log(
  `bench_pipeline --orders=${ORDERS} --fault-rate=${FAULT_RATE} --timeout=${TIMEOUT_MS / 1000} ` +
    `--sweeper-orders=${SWEEPER_ORDERS} --kv=${KV_KIND} --seed=${SEED}`,
);
console.log(
  `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`,
);
const results: Result[] = [];
let cleanThroughput: number | null = null;
for (const scenario of plan) {
  if (performance.now() >= GLOBAL_DEADLINE) {
    console.log(`\n## ${scenario.name}: skipped, the global timeout has passed`);
    continue;
  }
  const measured = await runScenario(scenario, cleanThroughput);
  printDetails(measured);
  const result = judge(measured);
  if (scenario.name === "clean" && result.wallSeconds) cleanThroughput = scenario.orders / result.wallSeconds;
  results.push(result);
}
printTable(results);
clearTimeout(watchdog);
if (results.length < plan.length || results.some((result) => !result.pass)) Deno.exitCode = 1;
