/**
 * `deno task soak [--orders=200] [--fault-orders=1000] [--fault-rate=0.2] [--seed=1]
 *   [--scenarios=crash,queueless,two,two-kill,two-queueless,faults,three,three-queueless]`
 *
 * The long reliability runs, with real server processes (`main.ts`) on one KV file, the outside
 * services on loopback, and customers and staff using the HTTP API (tools/soak/scenario.ts):
 *   crash:         one server, SIGKILLed three times at seeded moments (twice while songs are being
 *                  made, once while scheduled emails go out), restarted on the same KV file each time;
 *   queueless:     `crash` with JOB_QUEUE=off, the sweeper alone carrying the work (as on KV Connect);
 *   two:           two servers on the same KV file at once, both serving and both running workers and
 *                  sweepers, orders placed and approved through both;
 *   two-kill:      `two` with the first server SIGKILLed once while lyrics are being written (after
 *                  20–60 % of the OpenAI calls) and restarted on the same KV file;
 *   two-queueless: `two` with JOB_QUEUE=off, as several instances on KV Connect, where only the
 *                  leases keep two sweepers from doing the same work.
 *   faults:        one server, --fault-orders orders in bad weather: --fault-rate of OpenAI and music-API
 *                  requests fail (429, 5xx, body codes, timeouts, resets, prose for JSON), as many song
 *                  tasks fail or never finish, and as many emails are refused by the SMTP server
 *                  (temporary refusals, cut connections, no answer); orders may end failed, each with a
 *                  failureType and its customer told once.
 *   three:         three servers on one KV file sharing one music account whose limit the fake keeps
 *                  (MUSIC_LIMIT; code 405 past it, the real service's "call frequency too high"): all
 *                  of them together must never go past it in any window;
 *   three-queueless: `three` with JOB_QUEUE=off, the sweeper-only mode Deno Deploy runs.
 * Goals: every order completed (0 lost), every approved order exactly one delivery email (0
 * duplicates), no provider call beyond one per step plus the retries the order recorded (0 duplicate
 * work), nothing left due, all before the deadline. Prints a table; exits non-zero on a missed goal.
 * Bounded: each scenario ends at its deadline, and a watchdog kills everything past the total.
 */
import { parseArgs } from "node:util";
import { seededRandom } from "../fakes/loopback.ts";
import { killEveryServerNow } from "./soak/app_process.ts";
import {
  type KillPlan,
  type Progress,
  runScenario,
  type ScenarioPlan,
  type ScenarioResult,
  settleDeadlineMs,
} from "./soak/scenario.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    orders: { type: "string", default: "200" },
    "fault-orders": { type: "string", default: "1000" },
    "fault-rate": { type: "string", default: "0.2" },
    seed: { type: "string", default: "1" },
    scenarios: {
      type: "string",
      default: "crash,queueless,two,two-kill,two-queueless,faults,three,three-queueless",
    },
  },
});
const ORDERS = Number(values.orders);
const FAULT_ORDERS = Number(values["fault-orders"]);
const FAULT_RATE = Number(values["fault-rate"]);
const SEED = Number(values.seed);
const SCENARIOS = values.scenarios.split(",").map((name) => name.trim());
if (!Number.isInteger(ORDERS) || ORDERS < 10) {
  throw new Error("--orders must be a whole number of at least 10.");
}
if (!Number.isInteger(SEED)) throw new Error("--seed must be a whole number.");
if (!Number.isInteger(FAULT_ORDERS) || FAULT_ORDERS < 10) {
  throw new Error("--fault-orders must be a whole number of at least 10.");
}
if (!(FAULT_RATE >= 0 && FAULT_RATE < 1)) throw new Error("--fault-rate must be from 0 to below 1.");

/**
 * Three kills at seeded moments: two while songs are being made (after 20–60 % of the OpenAI calls,
 * while orders are still coming in, and after 50–80 % of the songs were fetched), one while the
 * scheduled emails go out (after 20–60 % of them); each a little later still (up to 1.5 s) and each
 * followed by up to a second of downtime before the restart.
 */
function crashKills(orders: number, random: () => number): KillPlan[] {
  const between = (low: number, high: number) => low + random() * (high - low);
  const kill = (of: Progress, total: number, low: number, high: number): KillPlan => ({
    server: 0,
    after: { of, count: Math.floor(total * between(low, high)) },
    delayMs: Math.round(between(0, 1500)),
    downMs: Math.round(between(0, 1000)),
  });
  // Two OpenAI calls per order: lyrics, then tags.
  return [
    kill("openai", 2 * orders, 0.2, 0.6),
    kill("songs", orders, 0.5, 0.8),
    kill("emails", orders, 0.2, 0.6),
  ];
}

const log = (line: string) => console.log(line);
/**
 * The music account of the `three` scenarios: the real one's 20 per 10 s, ten times faster, so a
 * backlog of songs is limited by it within a few minutes' run.
 */
const MUSIC_LIMIT = { requests: 10, windowMs: 1_000 };
const FAULTS_DEADLINE_MS = 20 * 60_000;
const plans: ScenarioPlan[] = [
  {
    name: "crash",
    orders: ORDERS,
    servers: 1,
    queue: true,
    kills: crashKills(ORDERS, seededRandom(SEED)),
    placeConcurrency: 4,
    log,
  },
  {
    name: "queueless",
    orders: ORDERS,
    servers: 1,
    queue: false,
    kills: crashKills(ORDERS, seededRandom(SEED + 1)),
    placeConcurrency: 4,
    log,
  },
  { name: "two", orders: ORDERS, servers: 2, queue: true, kills: [], placeConcurrency: 4, log },
  {
    name: "two-kill",
    orders: ORDERS,
    servers: 2,
    queue: true,
    // The first of the two killed while lyrics are being written, and restarted on the same file.
    kills: crashKills(ORDERS, seededRandom(SEED + 2)).slice(0, 1),
    placeConcurrency: 4,
    log,
  },
  // Several instances on KV Connect: no queue, only the sweepers racing each other and the leases.
  { name: "two-queueless", orders: ORDERS, servers: 2, queue: false, kills: [], placeConcurrency: 4, log },
  {
    name: "faults",
    orders: FAULT_ORDERS,
    servers: 1,
    queue: true,
    kills: [],
    placeConcurrency: 4,
    faults: { rate: FAULT_RATE, seed: SEED },
    // Placing and making 1,000 orders takes minutes before the slowest order's own worst case begins.
    deadlineMs: FAULTS_DEADLINE_MS,
    log,
  },
  // One account, three instances: its limit must hold for all of them together.
  {
    name: "three",
    orders: ORDERS,
    servers: 3,
    queue: true,
    kills: [],
    placeConcurrency: 4,
    musicLimit: MUSIC_LIMIT,
    log,
  },
  {
    name: "three-queueless",
    orders: ORDERS,
    servers: 3,
    queue: false,
    kills: [],
    placeConcurrency: 4,
    musicLimit: MUSIC_LIMIT,
    log,
  },
].filter((plan) => SCENARIOS.includes(plan.name));
if (plans.length === 0) {
  throw new Error(
    `--scenarios: none of ${
      SCENARIOS.join(", ")
    } is crash, queueless, two, two-kill, two-queueless, faults, three or three-queueless.`,
  );
}

// Each scenario ends by its own deadline; this only catches a hang in the soak itself. It must take
// the servers down with it: a child process outlives its parent.
const WATCHDOG_MS = plans.reduce((sum, plan) => sum + settleDeadlineMs(plan) + 10 * 60_000, 0);
const watchdog = setTimeout(() => {
  console.error(`soak: still running after ${WATCHDOG_MS / 60_000} minutes; giving up.`);
  killEveryServerNow();
  Deno.exit(2);
}, WATCHDOG_MS);
Deno.unrefTimer(watchdog);
const interrupt = () => {
  killEveryServerNow();
  Deno.exit(130);
};
Deno.addSignalListener("SIGINT", interrupt);

console.log(`soak --orders=${ORDERS} --seed=${SEED} --scenarios=${plans.map((plan) => plan.name).join(",")}`);
console.log(
  `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`,
);
const results: ScenarioResult[] = [];
try {
  for (const plan of plans) {
    console.log(
      `\n## ${plan.name}: ${plan.orders} orders, ${plan.servers} server process(es) on one KV file, ` +
        `queue ${plan.queue ? "on" : "off"}, ${plan.kills.length} SIGKILLs`,
    );
    const result = await runScenario(plan);
    printDetails(result);
    results.push(result);
  }
} finally {
  clearTimeout(watchdog);
  Deno.removeSignalListener("SIGINT", interrupt);
}
printTable(results);
if (results.some((result) => !result.pass)) Deno.exitCode = 1;

function printDetails(result: ScenarioResult) {
  const v = result.verified;
  for (const kill of result.kills) {
    console.log(
      `  kill of ${kill.server} at ${
        kill.at.toFixed(1)
      } s: ${kill.songs} songs made, ${kill.emails} emails sent, ` +
        `${kill.placed} orders placed; down ${kill.downSeconds.toFixed(1)} s`,
    );
  }
  console.log(
    `  orders: ${result.acknowledged} acknowledged, ${result.unanswered} requests died with a server, ` +
      `${v.ordersInKv} in KV; ${v.completed} completed, ${v.failed} failed (${describe(v.failedByType)})`,
  );
  console.log(
    `  approvals ${result.approvals}; delivery emails ${v.deliveryEmails} for ${v.approved} approved orders ` +
      `(${v.duplicateEmails} different emails beyond one per order; ${v.sameIdResends} resent copies with the ` +
      `same Message-ID); ` +
      `failure emails ${v.failureEmails} (given up after every try: ${v.failureEmailsGivenUp})`,
  );
  const weather = result.weather;
  if (result.plan.faults) {
    console.log(
      `  injected: ${weather.openai} OpenAI requests, ${weather.music} music-API requests, ${weather.tasks} ` +
        `song tasks failed or never finished; emails refused: ${describe(weather.smtp)}`,
    );
  }
  console.log(
    `  provider calls: lyrics ${v.calls.lyrics}, tags ${v.calls.tags}, song creations ${v.calls.generate}, ` +
      `status polls ${v.calls.polls}, audio downloads ${v.calls.downloads}; retries recorded ${v.retries}, ` +
      `steps taken over from a killed worker ${v.takeovers} (${describe(v.takeoversByStage)}), ` +
      `interrupted creations rescued by callback ` +
      `${v.adoptedByCallback}; callbacks that found no server up ${result.callbacksRefused}`,
  );
  const fixed = (value: number | null) => (value === null ? "—" : value.toFixed(1));
  console.log(
    `  all emailed at ${fixed(result.allSentSeconds)} s (${fixed(result.recoverySeconds)} s after the last ` +
      `restart; deadline ${result.deadlineSeconds.toFixed(0)} s); slowest order: completed after ` +
      `${v.slowest.completed.toFixed(1)} s, emailed after ${
        v.slowest.emailed.toFixed(1)
      } s; still due ${v.stillDue}`,
  );
  console.log(`  lines on the servers' stderr: ${result.serverErrors.count}`);
  if (result.plan.musicLimit) {
    const limit = result.plan.musicLimit;
    console.log(
      `  music account: at most ${weather.musicBusiest} requests in any ${limit.windowMs} ms (it allows ` +
        `${limit.requests}); ${weather.musicRefused} refused as too frequent`,
    );
  }
  for (const line of result.serverErrors.first) console.log(`    ${line}`);
  for (const problem of result.problems) console.log(`  MISSED: ${problem}`);
}

function describe(counts: Record<string, number>): string {
  return Object.entries(counts).map(([name, n]) => `${name} ${n}`).join(", ") || "none";
}

function printTable(all: ScenarioResult[]) {
  console.log(
    "\n| scenario | processes | queue | orders | SIGKILLs | died mid-request | completed | failed | lost | approved " +
      "| delivery emails | duplicate emails | same-ID resends | duplicate work | taken over | all emailed s " +
      "| music busiest window | music refused | result |",
  );
  console.log(
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  );
  for (const result of all) {
    const v = result.verified;
    console.log(
      `| ${result.plan.name} | ${result.plan.servers} | ${
        result.plan.queue ? "on" : "off"
      } | ${v.ordersInKv} | ` +
        `${result.kills.length} | ${result.unanswered} | ${v.completed} | ${v.failed} | ${v.lost.length} | ` +
        `${v.approved} | ` +
        `${v.deliveryEmails} | ${v.duplicateEmails} | ${v.sameIdResends} | ${v.duplicateWork.length} | ` +
        `${v.takeovers} | ` +
        `${result.allSentSeconds === null ? "—" : result.allSentSeconds.toFixed(0)} | ` +
        `${
          result.plan.musicLimit
            ? `${result.weather.musicBusiest} of ${result.plan.musicLimit.requests}`
            : "—"
        } | ${result.weather.musicRefused} | ` +
        `${result.pass ? "PASS" : "FAIL"} |`,
    );
  }
}
