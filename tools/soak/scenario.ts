/**
 * One soak scenario: real server processes on one KV file in a temporary folder, the outside services
 * on loopback, customers placing demo orders and staff approving finished songs through the HTTP API,
 * and SIGKILLs at planned moments, each followed by a restart on the same file. Ends when every order
 * has been emailed (or at its deadline), stops the servers, and checks everything (verify.ts).
 * Every process and folder it made is gone when it returns, whatever happened.
 */
import type { OrderFormInput } from "../../domain/order/orders.ts";
import { INTERRUPTED_CREATE_GRACE_MS } from "../../jobs/generation.ts";
import { AppProcess, ensureBundles } from "./app_process.ts";
import { startFrontDoor } from "./front_door.ts";
import { type OutsideWorld, startOutsideWorld } from "./outside_world.ts";
import { approve, mySongs, placeOrder, reviewTab, ServerDown, type Session, signIn } from "./shop_client.ts";
import { toyMarker, type Verified, verifyRun } from "./verify.ts";

export type Progress = "openai" | "songs" | "emails";

export interface KillPlan {
  /** Index of the server process to kill. */
  server: number;
  /**
   * Fires once OpenAI has had this many requests (lyrics and tags: the front of the pipeline, while
   * orders are still coming in), the music service has served this many songs, or the SMTP server
   * has had this many delivery emails.
   */
  after: { count: number; of: Progress };
  /** A further wait after that (seeded by the caller), so the kill lands anywhere in the work. */
  delayMs: number;
  /** How long the process stays dead before it is started again on the same KV file. */
  downMs: number;
}

export interface ScenarioPlan {
  name: string;
  orders: number;
  /** Server processes sharing the one KV file. */
  servers: number;
  /** false: JOB_QUEUE=off, the sweeper alone runs the work (as on KV Connect). */
  queue: boolean;
  kills: readonly KillPlan[];
  /** Orders in flight at once from the customers. */
  placeConcurrency: number;
  /** The soak's waits (SOAK_TIMINGS unless given). */
  timings?: SoakTimings;
  /** How long after the last restart (or the start) all must be emailed; `settleDeadlineMs` unless given. */
  deadlineMs?: number;
  /**
   * Bad weather (outside_world.ts): this share of provider requests, song tasks and emails fail. Orders
   * may then end failed (with a failureType and the customer told), and the run waits for them too.
   */
  faults?: { rate: number; seed: number };
  /**
   * The music account's request limit, kept by the fake (code 405 past it) and set as the servers'
   * SUNO_RATE_LIMIT: the run then checks that all of them together never went past it.
   */
  musicLimit?: { requests: number; windowMs: number };
  log?: (line: string) => void;
}

export interface KillRecord {
  server: string;
  /** Seconds since the run started. */
  at: number;
  songs: number;
  emails: number;
  placed: number;
  downSeconds: number;
}

export interface ScenarioResult {
  plan: ScenarioPlan;
  acknowledged: number;
  /** Placements whose request died with a server: the order may or may not exist (it is checked if so). */
  unanswered: number;
  approvals: number;
  kills: KillRecord[];
  /** Seconds from the start until every order was emailed; null when that never happened. */
  allSentSeconds: number | null;
  /** Seconds from the last restart to the moment all was done. */
  recoverySeconds: number | null;
  /** Seconds allowed after the last restart before unfinished work counts as stuck. */
  deadlineSeconds: number;
  /** Callbacks that found no server up at the public address. */
  callbacksRefused: number;
  unexpectedExits: number;
  /** Lines the servers wrote to stderr (a job that threw, a warning), and the first few of them. */
  serverErrors: { count: number; first: string[] };
  verified: Verified;
  /** What the bad weather of a faults run did: injected faults by service, and kind for SMTP. */
  weather: Weather;
  problems: string[];
  pass: boolean;
}

export interface Weather {
  openai: number;
  music: number;
  /** Song tasks made to fail or never finish. */
  tasks: number;
  smtp: Record<string, number>;
  /** The most music-API requests that arrived in any one window of the account's limit (with `musicLimit`). */
  musicBusiest: number | null;
  /** Music-API requests the fake refused for going past the account's limit ("call frequency too high"). */
  musicRefused: number;
}

export interface SoakTimings {
  /** A killed worker's step is taken over after this; a step's own deadline is 5 s less. */
  leaseSeconds: number;
  /** Approval to scheduled email. */
  deliveryDelayHours: number;
  /** The music service finishes a song in this long and calls back at ⅓, ⅔ and the end. */
  songMs: number;
  /** Each OpenAI and music-API call's latency, so kills land in the middle of calls. */
  callLatencyMs: number;
  songPollSeconds: number;
  retryBaseSeconds: number;
  /** SWEEP_SECONDS; unset keeps the app's default (30 s with the queue, 1 s without). */
  sweepSeconds?: number;
}

/** Soak settings: production's logic (and sweep) with waits short enough for a run of a few minutes. */
export const SOAK_TIMINGS: SoakTimings = {
  leaseSeconds: 10,
  // ≈ 10.8 s
  deliveryDelayHours: 0.003,
  songMs: 4_000,
  callLatencyMs: 300,
  songPollSeconds: 2,
  retryBaseSeconds: 0.5,
};

export function serverSettings(
  plan: ScenarioPlan,
  kvPath: string,
  publicUrl: string,
): Record<string, string> {
  const timings = plan.timings ?? SOAK_TIMINGS;
  return {
    APP_ENV: "test",
    NODE_ENV: "production",
    PORT: "0",
    APP_URL: publicUrl,
    KV_PATH: kvPath,
    ADMIN_EMAILS: ADMIN,
    DEMO_EMAILS: DEMO,
    JOB_QUEUE: plan.queue ? "on" : "off",
    JOB_LEASE_SECONDS: String(timings.leaseSeconds),
    DELIVERY_DELAY_HOURS: String(timings.deliveryDelayHours),
    SONG_POLL_SECONDS: String(timings.songPollSeconds),
    RETRY_BASE_SECONDS: String(timings.retryBaseSeconds),
    ...(timings.sweepSeconds ? { SWEEP_SECONDS: String(timings.sweepSeconds) } : {}),
    // Tasks that never finish then fail their order in half a minute, not production's fifteen.
    ...(plan.faults ? { SONG_DEADLINE_MINUTES: String(FAULTS_SONG_DEADLINE_MINUTES) } : {}),
    // No staff to step in: a failed order's family is told at once, within the wait for owed emails.
    FAILURE_EMAIL_GRACE_MINUTES: "0",
  };
}

const FAULTS_SONG_DEADLINE_MINUTES = 0.5;

const ADMIN = "staff@soak.test";
const DEMO = "demo@soak.test";
const APPROVER_PAUSE_MS = 300;
/** Five tries (jobs/failure_email.ts), each a few seconds at most, with backoffs between. */
const FAILURE_EMAILS_WAIT_MS = 60_000;
const SETTLED_CHECK_MS = 3_000;
const QUIET_MS = 2_000;

/**
 * How long, after the last restart, the slowest order may still legitimately take: a song creation
 * cut by a kill whose callback was lost waits INTERRUPTED_CREATE_GRACE_MS before asking again, then
 * the song, the delivery delay, two leases and a sweep, plus a minute for a loaded machine.
 */
export function settleDeadlineMs(plan: ScenarioPlan): number {
  if (plan.deadlineMs) return plan.deadlineMs;
  const timings = plan.timings ?? SOAK_TIMINGS;
  const sweepMs = (timings.sweepSeconds ?? (plan.queue ? 30 : 1)) * 1000;
  return INTERRUPTED_CREATE_GRACE_MS + timings.songMs + timings.deliveryDelayHours * 3_600_000 +
    2 * timings.leaseSeconds * 1000 + sweepMs + 60_000;
}

export async function runScenario(plan: ScenarioPlan): Promise<ScenarioResult> {
  const log = plan.log ?? (() => {});
  await ensureBundles();
  const dir = await Deno.makeTempDir({ prefix: `soak-${plan.name}-` });
  try {
    await using world = await startOutsideWorld({
      songMs: (plan.timings ?? SOAK_TIMINGS).songMs,
      callLatencyMs: (plan.timings ?? SOAK_TIMINGS).callLatencyMs,
      faults: plan.faults,
      musicLimit: plan.musicLimit,
    });
    const servers: AppProcess[] = [];
    await using door = startFrontDoor(servers);
    const kvPath = `${dir}/app.kv`;
    const env = { ...world.env, ...serverSettings(plan, kvPath, door.origin) };
    for (let index = 0; index < plan.servers; index++) {
      servers.push(new AppProcess({ name: String.fromCharCode(97 + index), env }));
    }
    const run = new Run(plan, servers, world, log);
    try {
      await run.go();
    } finally {
      // Graceful stops, so KV is closed before it is read; a process that hangs is killed.
      await Promise.all(servers.map((server) => server.stop()));
    }
    const verified = await verifyRun(kvPath, world, run.acknowledged, { failuresAllowed: !!plan.faults });
    return run.result(verified, door.refused, weatherOf(world, plan));
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

class Run {
  readonly acknowledged = new Set<string>();
  unanswered = 0;
  approvals = 0;
  kills: KillRecord[] = [];
  problems: string[] = [];
  placed = false;
  killsDone = false;
  done = false;
  stopped = false;
  allSentAt: number | null = null;
  lastRestartAt = 0;
  started = performance.now();
  deadlineMs: number;
  admin: Session | null = null;
  demo: Session | null = null;
  lastSettledCheck = 0;

  constructor(
    readonly plan: ScenarioPlan,
    readonly servers: AppProcess[],
    readonly world: Awaited<ReturnType<typeof startOutsideWorld>>,
    readonly log: (line: string) => void,
  ) {
    this.deadlineMs = settleDeadlineMs(plan);
  }

  seconds(at = performance.now()) {
    return (at - this.started) / 1000;
  }

  /** Past the deadline (counted from the last restart, or the start when nothing was killed), or stopped. */
  get overdue() {
    return this.stopped || performance.now() > Math.max(this.started, this.lastRestartAt) + this.deadlineMs;
  }

  progress(of: Progress): number {
    return of === "openai" ? this.world.openai.requests.length : of === "songs" ? this.songs : this.emails;
  }

  get songs() {
    return this.world.suno.audioRequests.length;
  }

  get emails() {
    return this.world.smtp.messages.filter((mail) => mail.messageId.startsWith("<song-")).length;
  }

  async go() {
    await Promise.all(this.servers.map((server) => server.start()));
    this.started = performance.now();
    this.lastRestartAt = this.started;
    this.log(`  ${this.servers.length} server(s) up; signing in staff and a demo customer`);
    this.admin = await signIn(this.servers[0].origin, ADMIN, this.world.smtp);
    this.demo = await signIn(this.servers[0].origin, DEMO, this.world.smtp);
    if (this.plan.faults) this.world.smtp.setFaults(this.plan.faults.rate);
    const work = [this.place(), this.approveAll(), this.killAll()];
    try {
      await Promise.all(work);
    } finally {
      // One of them failed (a server that would not restart, an answer nobody expected): the others
      // stop too, rather than carry on until the deadline.
      this.stopped = true;
      await Promise.allSettled(work);
    }
    if (!this.done) {
      this.problems.push(`not everything was emailed within ${this.deadlineMs / 1000} s of the last restart`);
    }
    // Anything sent twice would most likely go out now, as leases run out and sweeps come by.
    await sleep(QUIET_MS);
  }

  /** Customers: every order placed through some live server, each request answered or given up on. */
  async place() {
    let next = 0;
    const lane = async () => {
      while (next < this.plan.orders && !this.overdue) {
        const index = next++;
        for (let attempt = 0; !this.overdue; attempt++) {
          const server = this.servers[(index + attempt) % this.servers.length];
          if (!server.origin) {
            await sleep(100);
            continue;
          }
          try {
            const id = await placeOrder(server.origin, this.demo!, orderForm(index, attempt));
            this.acknowledged.add(id);
            break;
          } catch (error) {
            if (!(error instanceof ServerDown)) throw error;
            // Died under the request: whether the order exists is for verify to find out.
            if (error.sent) this.unanswered++;
            await sleep(100);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: this.plan.placeConcurrency }, lane));
    this.placed = true;
    this.log(`  placed ${this.acknowledged.size} orders (${this.unanswered} requests died with a server)`);
  }

  /** Staff: approve whatever is waiting for review, through whichever server is up, until all is sent. */
  async approveAll() {
    let turn = 0;
    let lastReport = 0;
    while (!this.overdue) {
      const server = this.servers[turn++ % this.servers.length];
      try {
        const list = await reviewTab(server.origin, this.admin!);
        const { all, sent, review, approved } = list.counts;
        if (this.seconds() - lastReport >= 10) {
          lastReport = this.seconds();
          this.log(
            `  ${this.seconds().toFixed(0)} s: ${all} orders, ${review} to review, ${approved} approved, ` +
              `${sent} sent; songs ${this.songs}, emails ${this.emails}`,
          );
        }
        if (
          this.placed && this.killsDone && all >= this.acknowledged.size &&
          await this.settled(server, all, sent)
        ) {
          this.allSentAt = performance.now();
          await this.owedEmailsOut(all);
          this.done = true;
          return;
        }
        for (const order of list.orders) {
          if ((await approve(server.origin, this.admin!, order.id)) === "approved") this.approvals++;
        }
      } catch (error) {
        if (!(error instanceof ServerDown)) this.problems.push(`staff: ${(error as Error).message}`);
      }
      await sleep(APPROVER_PAUSE_MS);
    }
  }

  /**
   * Whether every order has ended: sent, or (in a faults run) failed, as the demo customer's own list
   * says (every soak order is theirs). That list is long, so it is read every few seconds at most.
   */
  async settled(server: AppProcess, all: number, sent: number): Promise<boolean> {
    if (sent === all) return true;
    if (!this.plan.faults || performance.now() - this.lastSettledCheck < SETTLED_CHECK_MS) return false;
    this.lastSettledCheck = performance.now();
    const mine = await mySongs(server.origin, this.demo!);
    return sent + mine.filter((order) => order.status === "failed").length === all;
  }

  /**
   * The emails an order owes its family are the last work of a run: each order's confirmation (one
   * claimed by a killed process goes when its lease runs out), and in a faults run each failed order's
   * failure email. Wait until they are out, or until their retries are surely spent (verify reports
   * what is still due).
   */
  async owedEmailsOut(orders: number) {
    const server = this.servers.find((candidate) => candidate.origin) ?? this.servers[0];
    const failed = new Set(
      (await mySongs(server.origin, this.demo!)).filter((order) => order.status === "failed")
        .map((order) => order.id),
    );
    const sentWith = (prefix: string) =>
      new Set(
        this.world.smtp.messages.filter((mail) => mail.messageId.startsWith(prefix)).map((mail) =>
          mail.messageId
        ),
      ).size;
    const until = performance.now() + FAILURE_EMAILS_WAIT_MS;
    while (performance.now() < until && !this.stopped) {
      if (sentWith("<failed-") >= failed.size && sentWith("<confirm-") >= orders) return;
      await sleep(500);
    }
  }

  /** The planned SIGKILLs, one after another, each followed by a restart on the same KV file. */
  async killAll() {
    for (const kill of this.plan.kills) {
      const progress = () => this.progress(kill.after.of);
      while (progress() < kill.after.count && !this.overdue) await sleep(20);
      if (this.overdue) break;
      await sleep(kill.delayMs);
      const server = this.servers[kill.server];
      const record: KillRecord = {
        server: server.name,
        at: this.seconds(),
        songs: this.songs,
        emails: this.emails,
        placed: this.acknowledged.size,
        downSeconds: 0,
      };
      await server.kill();
      const killedAt = performance.now();
      this.log(
        `  SIGKILL ${server.name} at ${
          record.at.toFixed(1)
        } s (songs ${record.songs}, emails ${record.emails}, ` +
          `placed ${record.placed})`,
      );
      await sleep(kill.downMs);
      await server.start();
      record.downSeconds = (performance.now() - killedAt) / 1000;
      this.lastRestartAt = performance.now();
      this.kills.push(record);
      this.log(`  restarted ${server.name} after ${record.downSeconds.toFixed(1)} s down`);
    }
    this.killsDone = true;
  }

  result(verified: Verified, callbacksRefused: number, weather: Weather): ScenarioResult {
    const problems = [...this.problems, ...verified.problems];
    if (this.kills.length < this.plan.kills.length) {
      problems.push(`only ${this.kills.length} of ${this.plan.kills.length} kills happened`);
    }
    const unexpectedExits = this.servers.reduce((sum, server) => sum + server.unexpectedExits, 0);
    if (unexpectedExits > 0) problems.push(`${unexpectedExits} server exits nobody asked for`);
    const limit = this.plan.musicLimit;
    if (limit && weather.musicBusiest !== null && weather.musicBusiest > limit.requests) {
      problems.push(
        `${weather.musicBusiest} music-API requests in one ${limit.windowMs} ms window (the account allows ` +
          `${limit.requests}); ${weather.musicRefused} refused`,
      );
    }
    // Enough examples to investigate; the counts are in the figures.
    const missed = [
      ...verified.lost.slice(0, 10).map((line) => `lost: ${line}`),
      ...verified.emailMisses.slice(0, 10).map((line) => `email: ${line}`),
      ...verified.duplicateWork.slice(0, 10).map((line) => `duplicate work: ${line}`),
    ];
    // Each customer retries a request that died with a server, so an order may exist twice, but never
    // more often than requests died, and never less than once.
    if (verified.ordersInKv < this.acknowledged.size || verified.ordersInKv < this.plan.orders) {
      problems.push(`${verified.ordersInKv} orders in KV for ${this.plan.orders} customers`);
    }
    if (verified.ordersInKv > this.acknowledged.size + this.unanswered) {
      problems.push(
        `${verified.ordersInKv} orders in KV: more than the ${this.acknowledged.size} acknowledged and ` +
          `${this.unanswered} unanswered requests`,
      );
    }
    return {
      plan: this.plan,
      acknowledged: this.acknowledged.size,
      unanswered: this.unanswered,
      approvals: this.approvals,
      kills: this.kills,
      allSentSeconds: this.allSentAt === null ? null : this.seconds(this.allSentAt),
      recoverySeconds: this.allSentAt === null ? null : (this.allSentAt - this.lastRestartAt) / 1000,
      deadlineSeconds: this.deadlineMs / 1000,
      callbacksRefused,
      unexpectedExits,
      serverErrors: {
        count: this.servers.reduce((sum, server) => sum + server.errorLines, 0),
        first: this.servers.flatMap((server) => server.firstErrors.map((line) => `[${server.name}] ${line}`)),
      },
      verified,
      weather,
      problems: [...problems, ...missed],
      pass: problems.length === 0 && missed.length === 0 && this.done,
    };
  }
}

function weatherOf(world: OutsideWorld, plan: ScenarioPlan): Weather {
  const smtp: Record<string, number> = {};
  for (const { fault } of world.smtp.injected) {
    const kind = typeof fault === "string" ? fault : `${fault.code} at ${fault.stage}`;
    smtp[kind] = (smtp[kind] ?? 0) + 1;
  }
  return {
    openai: world.openai.requests.filter((request) => request.fault !== undefined).length,
    music: world.suno.requests.filter((request) => request.fault !== undefined).length,
    tasks: [...world.suno.tasks.values()].filter((task) => task.outcome !== "success").length,
    smtp,
    musicBusiest: plan.musicLimit
      ? busiestWindow(world.suno.requests.map((request) => request.receivedAt), plan.musicLimit.windowMs)
      : null,
    musicRefused: world.suno.rateRefusals,
  };
}

/** The most of `arrivals` that fall in any `windowMs` (a window opening at each arrival). */
function busiestWindow(arrivals: number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < sorted.length; first++) {
    while (last < sorted.length && sorted[last] < sorted[first] + windowMs) last++;
    most = Math.max(most, last - first);
  }
  return most;
}

/** A demo order whose favourite toy names the placement, so OpenAI's requests can be matched to it. */
function orderForm(index: number, attempt: number): OrderFormInput {
  return {
    childName: ["Mia Rose", "Leo", "Ava", "Noah", "Zoë"][index % 5],
    childAge: "5",
    favoriteColor: "purple",
    favoriteToy: toyMarker(`${index}-${attempt}`),
    parentName: "Soak Parent",
    parentEmail: `parent${index}@soak.test`,
    songGenre: "pop",
    singerGender: "female",
    songStyle: "happy",
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
