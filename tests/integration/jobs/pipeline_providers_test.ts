/**
 * The pipeline with the real adapters (the `openai` SDK, our music API client) against HTTP fakes,
 * so the production code path is what is tested: success, each class of failure, and the retry
 * decision staff-side §8 and the issue describe.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import { DEFAULT_LYRICS_PROMPT } from "../../../domain/prompts/defaults.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { listEvents } from "../../../kv/events.ts";
import { failureSummary } from "../../../islands/admin/dialogs/error_details.ts";
import { createSunoStudio } from "../../../providers/music/suno.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import { type OpenAiFake, startOpenAiFake } from "../../../fakes/openai.ts";
import { SILENT_MP3, startSunoFake, type SunoFake, type SunoFakeOptions } from "../../../fakes/suno.ts";
import { createTestApp, type TestAppOptions } from "../../helpers.ts";
import { clockWorker, placeOrder, stepUntil } from "./helpers.ts";

/**
 * How long our clients wait for an answer. Only the timeout test waits out a short one (its fake
 * never answers); elsewhere a long one, so a slow answer on a busy machine is not a timeout.
 */
const SHORT_TIMEOUT_MS = 400;
const LONG_TIMEOUT_MS = 30_000;

async function studio(
  options: { suno?: SunoFakeOptions; app?: TestAppOptions; timeoutMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? LONG_TIMEOUT_MS;
  const openai = startOpenAiFake({ apiKey: "sk-test-key-123" });
  const suno = startSunoFake({ apiKey: "suno-test-key", stepsToFinish: 2, ...options.suno });
  const t = await createTestApp({
    ...options.app,
    // The family is told of a failure at once: these tests follow the pipeline, not the grace period.
    // Checks on the song two seconds apart on the test's clock, three before its deadline. (A check
    // due within a second is made at once, so a shorter interval would never let the clock move.)
    env: {
      SONG_DEADLINE_MINUTES: "0.1",
      SONG_POLL_SECONDS: "2",
      FAILURE_EMAIL_GRACE_MINUTES: "0",
      ...options.app?.env,
    },
    providers: {
      words: createOpenAiLyricist({
        apiKey: "sk-test-key-123",
        baseUrl: openai.baseUrl,
        model: "gpt-test",
        api: "chat-completions",
        timeoutMs,
      }),
      music: createSunoStudio({
        apiKey: "suno-test-key",
        apiUrl: suno.baseUrl,
        model: "V4_5",
        timeoutMs,
        // The fake has no request limit, and these tests poll fast.
        rateLimit: { requests: 1000, windowMs: 1000 },
      }),
    },
  });
  // The worker on the test's clock: retries, polls and deadlines are steps of it, not waits.
  const worker = clockWorker(t);
  return {
    t,
    openai,
    suno,
    /** Steps the worker until the order is `done` (settled unless told). */
    step: (id: string, done?: (order: Order) => boolean) => stepUntil(t, worker, id, done),
    async [Symbol.asyncDispose]() {
      await worker[Symbol.asyncDispose]();
      await t[Symbol.asyncDispose]();
      await suno[Symbol.asyncDispose]();
      await openai[Symbol.asyncDispose]();
    },
  };
}

const chatCalls = (openai: OpenAiFake) =>
  openai.requests.filter((request) => request.path.endsWith("/chat/completions"));
const generateCalls = (suno: SunoFake) =>
  suno.requests.filter((request) => request.path === "/api/v1/generate");
/**
 * The generation's own events, "STAGE TYPE status[/code]" with the answer's code when it differs from
 * the HTTP status: the failure email and the timed lyrics are separate jobs that may already have
 * logged theirs.
 */
const timeline = async (kv: Deno.Kv, order: Order) =>
  (await listEvents(kv, order.id)).filter((event) =>
    event.stage !== "EMAIL_SEND" && event.stage !== "LYRICS_TIMING"
  ).map((event) => {
    if (event.httpStatus === null || event.type === "START") return `${event.stage} ${event.type}`;
    const code = event.code !== null && event.code !== event.httpStatus ? `/${event.code}` : "";
    return `${event.stage} ${event.type} ${event.httpStatus}${code}`;
  });

Deno.test("through OpenAI and the music API: the prompt, the structured answers, the task, the callback and our own copy of the audio", async () => {
  await using s = await studio({ suno: { callbacks: "duplicate" } });
  const placed = await placeOrder(s.t, { childName: "Mia Rose", phoneticSpelling: "MEE-ah" });
  const order = await s.step(placed.id);
  assertEquals(order.status, "completed", order.error ?? "");

  const [lyricsCall, tagsCall] = chatCalls(s.openai);
  assertEquals(chatCalls(s.openai).length, 2);
  assertEquals(lyricsCall.body?.model, "gpt-test");
  assertEquals(lyricsCall.body?.messages?.[0], { role: "system", content: DEFAULT_LYRICS_PROMPT });
  assertMatch(lyricsCall.body?.messages?.[1].content ?? "", /Mia Rose/);
  assertMatch(lyricsCall.body?.messages?.[1].content ?? "", /MEE-ah/);
  assertEquals(lyricsCall.body?.response_format?.type, "json_schema");
  assertEquals(lyricsCall.headers["authorization"], "Bearer sk-test-key-123");
  assertMatch(tagsCall.body?.messages?.[1].content ?? "", /Mia Rose/);

  const [generate] = generateCalls(s.suno);
  assertEquals(generateCalls(s.suno).length, 1);
  assertEquals(generate.body?.customMode, true);
  assertEquals(generate.body?.prompt, order.songLyrics);
  assertEquals(generate.body?.style, order.songTags);
  assertEquals(generate.body?.title, order.songTitle);
  assertMatch(
    String(generate.body?.callBackUrl),
    new RegExp(`/api/webhooks/suno\\?order=${order.id}&attempt=`),
  );
  assertEquals(order.songTaskId, s.suno.tasks.keys().next().value);

  const events = await listEvents(s.t.kv, order.id);
  const lyricsSuccess = events.find((event) => event.stage === "LYRICS" && event.type === "SUCCESS")!;
  assertEquals([lyricsSuccess.provider, lyricsSuccess.endpoint, lyricsSuccess.method], [
    "openai",
    "/chat/completions",
    "POST",
  ]);
  assert(lyricsSuccess.requestId, "OpenAI's request id is kept");

  const audio = (await s.t.deps.blobs.meta(order.songBlobId!))!;
  assertEquals(
    await s.t.deps.blobs.readBytes(audio),
    SILENT_MP3,
    "the audio is ours now, not a link to theirs",
  );
  assertEquals(s.suno.audioRequests.length, 2, "both takes are kept");
});

Deno.test("OpenAI's 429, 503 and a dropped connection are retried (each visible as RETRY), then the song is made", async () => {
  await using s = await studio();
  s.openai.failNext({ status: 429 });
  s.openai.failNext({ status: 503 });
  s.openai.failNext("reset");
  const order = await s.step((await placeOrder(s.t)).id);
  assertEquals(order.status, "completed", order.error ?? "");
  assertEquals(order.retryCount, 3);
  assertEquals((await timeline(s.t.kv, order)).slice(0, 5), [
    "LYRICS START",
    "LYRICS RETRY 429",
    "LYRICS RETRY 503",
    "LYRICS RETRY 0",
    "LYRICS SUCCESS 200",
  ]);
  assertEquals(chatCalls(s.openai).length, 5, "no hidden SDK retries: every call is one of ours");
});

Deno.test("a timeout is a network error (0), retried", async () => {
  await using s = await studio({ timeoutMs: SHORT_TIMEOUT_MS });
  s.openai.failNext("timeout");
  const order = await s.step((await placeOrder(s.t)).id);
  assertEquals(order.status, "completed", order.error ?? "");
  assert((await timeline(s.t.kv, order)).includes("LYRICS RETRY 0"));
});

Deno.test("a wrong OpenAI key fails the order at once: lyrics failure, 401, no retry, one failure email", async () => {
  await using s = await studio();
  s.openai.failNext({ status: 401 });
  const placed = await placeOrder(s.t, { parentEmail: "ann@example.com" });
  const order = await s.step(placed.id);
  assertEquals([order.status, order.failureType, order.lastErrorCode], ["failed", "lyrics", 401]);
  assertEquals(
    order.error,
    "Lyrics Generation failed: the lyrics service answered with Authentication Error (401).",
  );
  assertEquals(chatCalls(s.openai).length, 1);
  assertEquals(await timeline(s.t.kv, order), ["LYRICS START", "LYRICS ERROR 401"]);

  const emailed = await s.step(placed.id, (current) => current.failureEmailSent === true);
  assert(emailed.failureEmail?.messageId);
  // Besides the order confirmation every order gets (confirmation_email_test.ts).
  const mail = (await listDevMail(s.t.kv)).filter((message) =>
    message.to === "ann@example.com" && !/^Order #\d+ confirmed/.test(message.subject)
  );
  assertEquals(mail.length, 1);
  assertMatch(mail[0].subject, /We hit a snag making Mia Rose's song/);
  assertMatch(mail[0].text, /\/my-songs/);
});

Deno.test("the music API's body code 429 (no credits) fails the song without retrying; 430 (too many calls) is retried", async () => {
  await using s = await studio();
  s.suno.failNext({ code: 429 });
  const broke = await s.step((await placeOrder(s.t)).id);
  // The refusal came inside an HTTP 200 answer: the status says so, the code says why.
  assertEquals([broke.status, broke.failureType, broke.lastErrorCode], ["failed", "suno", 200]);
  assertEquals((await timeline(s.t.kv, broke)).at(-1), "SUNO_CREATE ERROR 200/429");
  assertEquals(generateCalls(s.suno).length, 1);

  s.suno.failNext({ code: 430 });
  s.suno.failNext({ code: 455 });
  const busy = await s.step((await placeOrder(s.t)).id);
  assertEquals(busy.status, "completed", busy.error ?? "");
  assertEquals(
    (await timeline(s.t.kv, busy)).filter((line) => line.includes("RETRY")),
    ["SUNO_CREATE RETRY 200/430", "SUNO_CREATE RETRY 200/455"],
  );
});

Deno.test("a song task whose generation failed is made again; a refused one (sensitive words) fails the order", async () => {
  await using s = await studio({ suno: { stepsToFinish: 1_000 } });
  const placed = await placeOrder(s.t);
  const first = (await s.step(placed.id, (order) => !!order.songTaskId)).songTaskId!;
  s.suno.fail(first, "GENERATE_AUDIO_FAILED");
  const second = (await s.step(placed.id, (order) => !!order.songTaskId && order.songTaskId !== first))
    .songTaskId!;
  s.suno.finish(second);
  const remade = await s.step(placed.id);
  assertEquals(remade.status, "completed", remade.error ?? "");
  assertEquals(generateCalls(s.suno).length, 2);
  assert((await timeline(s.t.kv, remade)).includes("SUNO_STATUS RETRY 200/500"));

  const refused = await placeOrder(s.t);
  const task = (await s.step(refused.id, (order) => !!order.songTaskId)).songTaskId!;
  s.suno.fail(task, "SENSITIVE_WORD_ERROR");
  const failed = await s.step(refused.id);
  assertEquals([failed.status, failed.failureType, failed.lastErrorCode], ["failed", "suno", 200]);
  // The check that saw the refusal answered 200; the task's error code is 400 (it was swapped).
  assertEquals((await timeline(s.t.kv, failed)).at(-1), "SUNO_STATUS ERROR 200/400");
});

Deno.test("a song that never finishes fails at the deadline (408), not later and not never", async () => {
  await using s = await studio({ suno: { outcome: "never", stepsToFinish: 1 } });
  const order = await s.step((await placeOrder(s.t)).id);
  assertEquals([order.status, order.failureType, order.lastErrorCode], ["failed", "suno", 408]);
  assertMatch(order.error ?? "", /did not finish the song within 0.1 minutes/);
  const events = await listEvents(s.t.kv, order.id);
  const created = events.find((event) => event.stage === "SUNO_CREATE" && event.type === "SUCCESS")!;
  const failed = events.findLast((event) => event.stage === "SUNO_STATUS" && event.type === "ERROR")!;
  const after = Date.parse(failed.occurredAt) - Date.parse(created.occurredAt);
  // The first check past the deadline fails it: checks are two seconds apart on the test's clock.
  assert(after > 6_000 && after <= 8_000, `failed ${after} ms of the clock after the song was asked for`);
});

Deno.test("retry-generation: the owner restarts a failed order from the failed stage; others may not", async () => {
  await using s = await studio();
  const { signIn } = await import("../../helpers.ts");
  s.suno.failNext({ code: 429 });
  const placed = await placeOrder(s.t, { parentEmail: "sam@example.com" });
  const failed = await s.step(placed.id);
  assertEquals(failed.status, "failed");
  // Signed in at the clock's time now (stepping moved it on from the app's start).
  const owner = await signIn(s.t, "sam@example.com");
  const stranger = await signIn(s.t, "eve@example.com");
  const retry = (headers: HeadersInit = {}) =>
    s.t.request(`/api/orders/${placed.id}/retry-generation`, { method: "POST", headers });

  const visitor = await retry();
  assertEquals(visitor.status, 401);
  assert((await visitor.json()).message);
  const other = await retry({ authorization: `Bearer ${stranger.token}` });
  assertEquals(other.status, 403);
  assert((await other.json()).message);

  const chatBefore = chatCalls(s.openai).length;
  const restarted = await retry({ authorization: `Bearer ${owner.token}` });
  assertEquals(restarted.status, 200);
  assertEquals((await restarted.json()).status, "generating");
  const again = await retry({ authorization: `Bearer ${owner.token}` });
  assertEquals(again.status, 409, "only a failed order can be retried");
  assert((await again.json()).message);

  const done = await s.step(placed.id);
  assertEquals(done.status, "completed", done.error ?? "");
  assertEquals(chatCalls(s.openai).length, chatBefore, "the lyrics and tags already written are kept");
  assertEquals([done.error, done.failureType, done.regenerationCount], [null, null, 1]);
  assert((await timeline(s.t.kv, done)).includes("SUNO_CREATE RETRY"));
});

Deno.test("a provider that stays down is tried 6 times (5 retries), then the order fails with the last status", async () => {
  await using s = await studio();
  s.openai.failNext({ status: 503 }, 6);
  const order = await s.step((await placeOrder(s.t)).id);
  assertEquals([order.status, order.failureType, order.lastErrorCode, order.retryCount], [
    "failed",
    "lyrics",
    503,
    5,
  ]);
  assertEquals(chatCalls(s.openai).length, 6);
  const lines = await timeline(s.t.kv, order);
  assertEquals(lines.filter((line) => line === "LYRICS RETRY 503").length, 5);
  assertEquals(lines.at(-1), "LYRICS ERROR 503");
});

Deno.test("an answer that is prose instead of JSON is asked again", async () => {
  await using s = await studio();
  s.openai.failNext("bad-json");
  const order = await s.step((await placeOrder(s.t)).id);
  assertEquals(order.status, "completed", order.error ?? "");
  assert((await timeline(s.t.kv, order)).includes("LYRICS RETRY 200"));
});

Deno.test("a song that finished is collected even when we look after the deadline (a backlog is no failure)", async () => {
  await using s = await studio({ suno: { stepsToFinish: 1_000 } });
  const placed = await placeOrder(s.t);
  const taskId = (await s.step(placed.id, (order) => !!order.songTaskId)).songTaskId!;
  s.suno.finish(taskId);
  const { updateOrder } = await import("../../../kv/orders.ts");
  const now = s.t.clock.now();
  await updateOrder(s.t.kv, placed.id, (order) => ({
    ...order,
    songDeadlineAt: new Date(now - 60_000).toISOString(),
    stepClaim: null,
    nextPollAt: new Date(now).toISOString(),
  }));
  const order = await s.step(placed.id);
  assertEquals(order.status, "completed", order.error ?? "");
});

Deno.test("staff advice reads the provider's words: no credits is 'top it up', sensitive words is 'edit the lyrics'", async () => {
  await using s = await studio({ suno: { stepsToFinish: 1_000 } });
  const advice = async (order: Order) => {
    const summary = failureSummary({ ...order, events: await listEvents(s.t.kv, order.id) });
    return { advice: summary.advice, title: summary.classification.title };
  };

  s.suno.failNext({ code: 429 });
  const broke = await s.step((await placeOrder(s.t)).id);
  const noCredits = await advice(broke);
  assertMatch(noCredits.advice, /out of credits or quota: top it up/);
  assertEquals(noCredits.title, "Refused in the Answer");

  const refused = await placeOrder(s.t);
  const task = (await s.step(refused.id, (order) => !!order.songTaskId)).songTaskId!;
  s.suno.fail(task, "SENSITIVE_WORD_ERROR");
  const sensitive = await advice(await s.step(refused.id));
  assertMatch(sensitive.advice, /edit the lyrics \(Regenerate Lyrics\), then regenerate the song/);
  assert(!/credits/.test(sensitive.advice), sensitive.advice);
});
