import { assertEquals } from "@std/assert";
import { runScenario, type ScenarioResult } from "../../tools/soak/scenario.ts";

/**
 * The fast case of `deno task soak` (tools/soak/scenario.ts): two real server processes (`main.ts`)
 * on one KV file, both serving and both running the queue and the sweeper, the outside services on
 * loopback, demo orders placed and approved through both over HTTP, and one SIGKILL of the first
 * process while lyrics are being written, then a restart on the same file. Every child process, fake
 * and temporary folder is gone when runScenario returns, whether it passed or threw.
 */
Deno.test("two processes on one KV file, one killed and restarted: every order done once, emailed once", async () => {
  const result = await runScenario({
    name: "multi-process-test",
    orders: 6,
    servers: 2,
    queue: true,
    // After the third OpenAI request: lyrics are in flight and no order can have reached song creation
    // yet (two calls of its own come first), so nothing waits for a lost creation's grace period.
    kills: [{ server: 0, after: { of: "openai", count: 3 }, delayMs: 0, downMs: 0 }],
    placeConcurrency: 6,
    timings: {
      leaseSeconds: 6,
      deliveryDelayHours: 0.001,
      songMs: 1_500,
      callLatencyMs: 200,
      songPollSeconds: 0.5,
      retryBaseSeconds: 0.2,
      sweepSeconds: 1,
    },
    deadlineMs: 45_000,
  });
  const v = result.verified;
  const why = describe(result);
  assertEquals(result.kills.length, 1, why);
  assertEquals(v.lost, [], why);
  // A placement that died with the killed process is placed again by its customer, so there may be
  // a seventh order; whatever there is must be completed and approved.
  assertEquals(v.ordersInKv >= 6, true, why);
  assertEquals(v.completed, v.ordersInKv, why);
  assertEquals(v.approved, v.ordersInKv, why);
  assertEquals(v.emailMisses, [], why);
  assertEquals(v.duplicateEmails, 0, why);
  assertEquals(v.duplicateWork, [], why);
  assertEquals(v.stillDue, 0, why);
  assertEquals(result.problems, [], why);
  assertEquals(result.pass, true, why);
});

function describe(result: ScenarioResult): string {
  const v = result.verified;
  return JSON.stringify({
    kills: result.kills,
    acknowledged: result.acknowledged,
    unanswered: result.unanswered,
    allSentSeconds: result.allSentSeconds,
    calls: v.calls,
    takeovers: v.takeoversByStage,
    problems: result.problems,
  });
}
