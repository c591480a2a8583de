/**
 * `deno run -A tools/bench_backlog.ts [--orders=3000] [--seconds=20]`
 *
 * The studio under a backlog (issue 17), offline as `deno task dev` runs it (local lyricist and
 * synthesiser): the real server process on a KV file, first with nothing to do, then restarted on the
 * same file after `deno task seed <orders>` put that many orders into generation. Each seeded order
 * owes its confirmation email, as after a mail outage, so the restarted studio first catches up on
 * those while it generates; that phase is measured and reported on its own, and the backlog phase
 * starts once the last of them is sent. In each phase, for `--seconds`: `/healthz` throughput from 16
 * loopback clients, and staff's view of it, the admin list API (page 1) and the server-rendered
 * `/admin/orders`, with their p50 and p99; the server's RSS.
 * Goals, for the backlog: list p50 ≤ 50 ms and p99 ≤ 250 ms, SSR p50 ≤ 100 ms, `/healthz` at least
 * 0.5× its idle rate. While the emails catch up: list and SSR p50 ≤ 100 ms, and every email sent
 * within `CATCH_UP_LIMIT_S`. Compare the ratios: this machine is shared, so absolute figures move
 * between runs.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "../domain/config.ts";
import type { BacklogAnswer } from "../islands/admin/attention/backlog_text.ts";
import { openKv } from "../kv/open.ts";
import { createSession } from "../kv/sessions.ts";
import { upsertUserOnSignIn } from "../kv/users.ts";
import { reportFigure } from "./bench_summary.ts";
import { AppProcess, ensureBundles } from "./soak/app_process.ts";
import { ascending, percentile } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { orders: { type: "string", default: "3000" }, seconds: { type: "string", default: "20" } },
});
const ORDERS = Number(values.orders);
const SECONDS = Number(values.seconds);
const ADMIN = "bench-admin@example.com";
const HEALTH_CLIENTS = 16;
const GOALS = { listP50: 50, listP99: 250, ssrP50: 100, healthRatio: 0.5 };
const CATCH_UP_GOALS = { listP50: 100, ssrP50: 100 };
/** How long the emails the seeded orders owe may take to go out, all of them. */
const CATCH_UP_LIMIT_S = 300;

interface Phase {
  name: string;
  healthPerSecond: number;
  list: { p50: number; p99: number; samples: number };
  ssr: { p50: number; p99: number; samples: number };
  rssMb: number;
  generating: number;
}

const dir = await Deno.makeTempDir({ prefix: "bench-backlog-" });
const kvPath = `${dir}/app.kv`;
const env = {
  APP_ENV: "development",
  NODE_ENV: "production",
  KV_PATH: kvPath,
  PORT: "0",
  HOSTNAME: "127.0.0.1",
  ADMIN_EMAILS: ADMIN,
  JOB_QUEUE: "on",
  GENERATION_CONCURRENCY: Deno.env.get("GENERATION_CONCURRENCY") ?? "16",
  // Songs finish within a phase, so the synthesiser's renders (the heaviest work) are part of it.
  SONG_POLL_SECONDS: "2",
};

try {
  await ensureBundles();
  const token = await adminToken();
  const idle = await withServer((origin, pid) => measure("idle", origin, token, pid));
  await seed(ORDERS);
  const [catchUp, sentWithinS, backlog] = await withServer(async (origin, pid) => {
    const startedAt = performance.now();
    const catchUp = await measure(`${ORDERS} emails owed, ${ORDERS} generating`, origin, token, pid);
    await emailsSent(origin, token, startedAt + CATCH_UP_LIMIT_S * 1000);
    const sentWithinS = Math.round((performance.now() - startedAt) / 1000);
    return [catchUp, sentWithinS, await measure(`${ORDERS} generating`, origin, token, pid)] as const;
  });
  report(idle, catchUp, sentWithinS, backlog);
} finally {
  await Deno.remove(dir, { recursive: true });
}

async function adminToken(): Promise<string> {
  const config = parseConfig(env);
  const kv = await openKv(kvPath);
  try {
    const { user } = await upsertUserOnSignIn(kv, ADMIN, config, Date.now());
    return await createSession(kv, user.id, Date.now());
  } finally {
    kv.close();
  }
}

async function seed(count: number) {
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tools/seed.ts", String(count)],
    env: { ...env, ADMIN_EMAILS: "" },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(`seeding failed: ${new TextDecoder().decode(stderr)}`);
}

/** Runs `work` against the server on the bench's KV file; the server stops when it is done. */
async function withServer<T>(work: (origin: string, pid: number) => Promise<T>): Promise<T> {
  await using server = new AppProcess({ name: "backlog", env });
  await server.start();
  // Let a restarted worker find its backlog before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return await work(server.origin!, server.pid!);
}

async function measure(name: string, origin: string, token: string, pid: number): Promise<Phase> {
  const until = performance.now() + SECONDS * 1000;
  const [healthCount, list, ssr] = await Promise.all([
    healthLoad(origin, until),
    timed(origin, "/api/admin/orders?page=1", { authorization: `Bearer ${token}` }, until, 200),
    timed(origin, "/admin/orders", { cookie: `lh_session=${token}` }, until, 500),
  ]);
  const backlog = await readBacklog(origin, token);
  return {
    name,
    healthPerSecond: healthCount / SECONDS,
    list,
    ssr,
    rssMb: readRssMb(pid),
    generating: backlog.generating,
  };
}

/** Staff's backlog panel, as the dashboard reads it. */
async function readBacklog(origin: string, token: string): Promise<BacklogAnswer> {
  const response = await fetch(`${origin}/api/admin/backlog`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`the backlog answered ${response.status}`);
  return await response.json();
}

/** Waits until no email is due (the customer lane is empty), or fails at `deadline`. */
async function emailsSent(origin: string, token: string, deadline: number) {
  while ((await readBacklog(origin, token)).oldestDueAt.emails !== null) {
    if (performance.now() > deadline) throw new Error(`emails still due after ${CATCH_UP_LIMIT_S} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** `/healthz` as fast as 16 clients can ask, until `until`: how many answered 200. */
async function healthLoad(origin: string, until: number): Promise<number> {
  let answered = 0;
  await Promise.all(Array.from({ length: HEALTH_CLIENTS }, async () => {
    while (performance.now() < until) {
      const response = await fetch(`${origin}/healthz`);
      await response.body?.cancel();
      if (response.ok) answered++;
    }
  }));
  return answered;
}

/** One request at a time every `gapMs`, as a person clicking through the dashboard: their times. */
async function timed(
  origin: string,
  path: string,
  headers: Record<string, string>,
  until: number,
  gapMs: number,
) {
  const times: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  const sorted = ascending(times);
  const at = (share: number) => Math.round(percentile(sorted, share));
  return { p50: at(0.5), p99: at(0.99), samples: sorted.length };
}

function readRssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

function report(idle: Phase, catchUp: Phase, sentWithinS: number, backlog: Phase) {
  console.log(`## The studio under a backlog (${SECONDS} s a phase, offline providers)\n`);
  console.log(
    "| phase | /healthz req/s | list p50 / p99 ms | SSR /admin/orders p50 / p99 ms | RSS MB | generating after |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const phase of [idle, catchUp, backlog]) {
    console.log(
      `| ${phase.name} | ${Math.round(phase.healthPerSecond)} | ${phase.list.p50} / ${phase.list.p99} | ` +
        `${phase.ssr.p50} / ${phase.ssr.p99} | ${phase.rssMb} | ${phase.generating} |`,
    );
  }
  const ratio = backlog.healthPerSecond / idle.healthPerSecond;
  const catchUpRatio = catchUp.healthPerSecond / idle.healthPerSecond;
  console.log(`\nThe ${ORDERS} owed emails were all sent ${sentWithinS} s after the restart.`);
  console.log(`/healthz while they went: ${catchUpRatio.toFixed(2)}× its idle rate (reported, no goal).`);
  console.log(
    `/healthz under the backlog: ${ratio.toFixed(2)}× its idle rate (goal ≥ ${GOALS.healthRatio}).`,
  );
  const area = "backlog";
  reportFigure({ area, measure: "/healthz, backlog ÷ idle", value: `${ratio.toFixed(2)}×`, goal: "≥ 0.5×" });
  reportFigure({
    area,
    measure: "admin list p50 / p99",
    value: `${backlog.list.p50} / ${backlog.list.p99} ms`,
    goal: "≤ 50 / 250 ms",
  });
  reportFigure({ area, measure: "SSR /admin/orders p50", value: `${backlog.ssr.p50} ms`, goal: "≤ 100 ms" });
  reportFigure({
    area,
    measure: `list / SSR p50 while ${ORDERS} emails go out`,
    value: `${catchUp.list.p50} / ${catchUp.ssr.p50} ms`,
    goal: "≤ 100 / 100 ms",
  });
  reportFigure({
    area,
    measure: `${ORDERS} owed emails all sent`,
    value: `${sentWithinS} s`,
    goal: `≤ ${CATCH_UP_LIMIT_S} s`,
  });
  const met = ratio >= GOALS.healthRatio && backlog.list.p50 <= GOALS.listP50 &&
    backlog.list.p99 <= GOALS.listP99 && backlog.ssr.p50 <= GOALS.ssrP50 &&
    catchUp.list.p50 <= CATCH_UP_GOALS.listP50 && catchUp.ssr.p50 <= CATCH_UP_GOALS.ssrP50;
  console.log(met ? "Every goal met." : "A goal was missed.");
  if (!met) Deno.exitCode = 1;
}
