import { assert, assertEquals, assertMatch } from "@std/assert";
import { generationStarted } from "../../../domain/order/lifecycle.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../domain/order/orders.ts";
import { dueWorkOf } from "../../../domain/order/due_work.ts";
import type { CallFacts } from "../../../domain/generation/provider_calls.ts";
import { MAX_STAGE_RETRIES } from "../../../domain/generation/call_errors.ts";
import { MAX_RUN_RETRIES, settle } from "../../../jobs/settle.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");
const settings = { retryBaseMs: 1000, random: () => 1, failureEmailGraceMs: 0 };
const GRACE_MS = 30 * 60_000;
const call = (httpStatus: number, provider: CallFacts["provider"] = "openai"): CallFacts => ({
  provider,
  endpoint: "/chat/completions",
  method: "POST",
  httpStatus,
  durationMs: 12,
  requestId: "req_1",
});

function generatingOrder(overrides: Partial<Order> = {}): Order {
  const form = orderFormSchema.parse({ childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" });
  const order = buildOrder(form, {
    id: "o1",
    orderNumber: 1000,
    userId: null,
    price: { basePrice: 2499, streamingPrice: 1000, discountAmount: 0, totalPrice: 2499 },
    payment: { kind: "demo" },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: NOW - 1000,
  });
  return { ...generationStarted(order, NOW - 1000), ...overrides };
}

Deno.test("a stage's success moves to the next stage, due now, with a SUCCESS event carrying the call", () => {
  const settled = settle(
    generatingOrder(),
    "LYRICS",
    {
      kind: "advance",
      to: "TAGS",
      patch: { songLyrics: "la la" },
      message: "Lyrics written.",
      call: call(200),
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.currentStage, "TAGS");
  assertEquals(settled.order.songLyrics, "la la");
  assertEquals(settled.order.nextPollAt, new Date(NOW).toISOString());
  assertEquals(settled.order.stepClaim, null);
  assertEquals(settled.events.map((event) => [event.stage, event.type, event.httpStatus, event.requestId]), [
    ["LYRICS", "SUCCESS", 200, "req_1"],
  ]);
  // Past its first stage, the song is under way: it takes a slot before songs not yet begun.
  assertEquals(dueWorkOf(settled.order), [{ job: "generation", dueAt: NOW, lane: "under-way" }]);
});

Deno.test("a transient failure is retried with backoff and a RETRY event; the retry counters go up", () => {
  const settled = settle(
    generatingOrder(),
    "LYRICS",
    {
      kind: "fail",
      failure: { message: "503 from OpenAI", call: call(503), httpStatus: 503, transient: true },
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.status, "generating");
  assertEquals(settled.order.stageRetries, 1);
  assertEquals(settled.order.retryCount, 1);
  assertEquals(settled.order.lastErrorCode, 503);
  assertEquals(settled.delayMs, 1000);
  assertEquals(settled.order.nextPollAt, new Date(NOW + 1000).toISOString());
  assertEquals(settled.events[0].type, "RETRY");
  assertEquals(settled.events[0].retryCount, 1);
});

Deno.test("a failed song task is made again from SUNO_CREATE", () => {
  const order = generatingOrder({ currentStage: "SUNO_STATUS", songTaskId: "t1" });
  const settled = settle(
    order,
    "SUNO_STATUS",
    {
      kind: "fail",
      failure: {
        message: "GENERATE_AUDIO_FAILED",
        call: call(200, "suno"),
        httpStatus: 500,
        transient: true,
        retryAt: "SUNO_CREATE",
      },
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.currentStage, "SUNO_CREATE");
  assertEquals(settled.order.stageStartedAt, null);
});

Deno.test("a permanent failure fails the order with its failureType, our own error text, and a due failure email", () => {
  const settled = settle(
    generatingOrder(),
    "LYRICS",
    {
      kind: "fail",
      failure: {
        message: "Incorrect API key provided: sk-abc***",
        call: call(401),
        httpStatus: 401,
        transient: false,
      },
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.status, "failed");
  assertEquals(settled.order.failureType, "lyrics");
  assertEquals(settled.order.lastErrorCode, 401);
  assertMatch(
    settled.order.error!,
    /^Lyrics Generation failed: the lyrics service answered with Authentication Error \(401\)\.$/,
  );
  assert(!settled.order.error!.includes("sk-"), "the provider's words stay in the admin-only event");
  assertEquals(settled.events[0].type, "ERROR");
  assertEquals(settled.events[0].message, "Incorrect API key provided: sk-abc***");
  assertEquals(dueWorkOf(settled.order), [{ job: "failure-email", dueAt: NOW, lane: "customer" }]);
});

Deno.test("with a grace period the failure email is due when it ends, so staff may fix the order first", () => {
  const permanent = {
    kind: "fail" as const,
    failure: { message: "refused", call: call(400), httpStatus: 400, transient: false },
  };
  const settled = settle(generatingOrder(), "LYRICS", permanent, NOW, {
    ...settings,
    failureEmailGraceMs: GRACE_MS,
  });
  assertEquals(settled.order.status, "failed");
  assertEquals(settled.order.failureEmailDueAt, new Date(NOW + GRACE_MS).toISOString());
  assertEquals(dueWorkOf(settled.order), [{ job: "failure-email", dueAt: NOW + GRACE_MS, lane: "customer" }]);
  // A retry is not a failure: the grace only starts when the run gives up.
  const retried = settle(
    generatingOrder(),
    "LYRICS",
    { kind: "fail", failure: { ...permanent.failure, call: call(503), httpStatus: 503, transient: true } },
    NOW,
    { ...settings, failureEmailGraceMs: GRACE_MS },
  );
  assertEquals([retried.order.status, retried.order.failureEmailDueAt ?? null], ["generating", null]);
});

Deno.test("retries stop at the stage limit and at the run limit", () => {
  const failure = { message: "503", call: call(503), httpStatus: 503, transient: true };
  const atStageLimit = settle(
    generatingOrder({ stageRetries: MAX_STAGE_RETRIES }),
    "TAGS",
    { kind: "fail", failure },
    NOW,
    settings,
  );
  assertEquals(atStageLimit.order.status, "failed");
  assertEquals(atStageLimit.order.failureType, "lyrics");
  const atRunLimit = settle(
    generatingOrder({ retryCount: MAX_RUN_RETRIES }),
    "SUNO_CREATE",
    { kind: "fail", failure },
    NOW,
    settings,
  );
  assertEquals(atRunLimit.order.status, "failed");
  assertEquals(atRunLimit.order.failureType, "suno");
});

Deno.test("waiting for the song keeps the stage, resets the stage's retries and writes no event", () => {
  const settled = settle(
    generatingOrder({ currentStage: "SUNO_STATUS", stageRetries: 2 }),
    "SUNO_STATUS",
    {
      kind: "wait",
      delayMs: 20_000,
      statusDetail: "The music service is making the song (TEXT_SUCCESS).",
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.currentStage, "SUNO_STATUS");
  assertEquals(settled.order.stageRetries, 0);
  assertEquals(settled.events, []);
  assertEquals(settled.order.nextPollAt, new Date(NOW + 20_000).toISOString());
});

Deno.test("a wait with a note (our storage away) records it once, as the app's, and spends no retry", () => {
  const settled = settle(
    generatingOrder({ currentStage: "SUNO_STATUS", retryCount: 1 }),
    "SUNO_STATUS",
    {
      kind: "wait",
      delayMs: 60_000,
      statusDetail: "Our audio storage is unreachable.",
      patch: { storageWaitSince: new Date(NOW).toISOString() },
      note:
        "The song is ready, and our audio storage is unreachable: it waits for storage instead of failing.",
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.status, "generating");
  assertEquals(settled.order.retryCount, 1);
  assertEquals(settled.order.storageWaitSince, new Date(NOW).toISOString());
  assertEquals(settled.events.map(({ type, provider, retryCount }) => ({ type, provider, retryCount })), [
    { type: "RETRY", provider: "app", retryCount: 1 },
  ]);
  assertEquals(dueWorkOf(settled.order).map((work) => work.dueAt), [NOW + 60_000]);
});

Deno.test("a finished song completes the order, awaiting approval, and leaves nothing due", () => {
  const settled = settle(
    generatingOrder({ currentStage: "SUNO_STATUS" }),
    "SUNO_STATUS",
    {
      kind: "complete",
      blobs: [],
      patch: { status: "completed", approvalStatus: "pending", songUrl: "http://x/audio/b1.mp3" },
      message: "ready",
      call: call(200, "suno"),
    },
    NOW,
    settings,
  );
  assertEquals(settled.order.status, "completed");
  assertEquals(settled.order.nextPollAt, null);
  assertEquals(dueWorkOf(settled.order), []);
});
