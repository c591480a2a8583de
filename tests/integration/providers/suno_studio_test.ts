import { assert, assertEquals, assertRejects, assertStringIncludes } from "@std/assert";
import { isTransient } from "../../../domain/generation/call_errors.ts";
import { lineText, timedLyricsFromAlignedWords } from "../../../domain/song/timed_lyrics.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import type { SongCheck, SongRequest } from "../../../providers/music/mod.ts";
import { createSunoStudio, type SunoStudioOptions } from "../../../providers/music/suno.ts";
import { startLoopbackServer } from "../../../fakes/loopback.ts";
import { nextPush } from "../next_push.ts";
import {
  SILENT_MP3,
  startSunoFake,
  type SunoBodyCode,
  type SunoFailure,
  type SunoFake,
  type SunoFakeOptions,
} from "../../../fakes/suno.ts";

const API_KEY = "suno-test-key-0123456789abcdef";
const MODEL = "V4_5";

const SONG: SongRequest = {
  lyrics: "[Verse 1]\nMia, Mia, shining bright…",
  style: "upbeat pop, ukulele",
  title: "Mia's Song",
  singer: "female",
  callbackUrl: "http://127.0.0.1:1/api/webhooks/suno",
};

function studioFor(suno: { baseUrl: string }, options: Partial<SunoStudioOptions> = {}) {
  return createSunoStudio({ apiKey: API_KEY, apiUrl: suno.baseUrl, model: MODEL, ...options });
}

function startFake(options: SunoFakeOptions = {}): SunoFake {
  return startSunoFake({ apiKey: API_KEY, ...options });
}

async function failedCall(action: () => Promise<unknown>): Promise<ProviderCallError> {
  return await assertRejects(action, ProviderCallError);
}

/** Polls until the check says something other than "pending", or `polls` run out. */
async function pollUntilDone(studio: ReturnType<typeof studioFor>, taskId: string, polls = 10) {
  const seen: SongCheck[] = [];
  for (let i = 0; i < polls; i++) {
    const check = await studio.checkSong(taskId);
    seen.push(check);
    if (check.state !== "pending") break;
  }
  return seen;
}

Deno.test("createSong posts a custom-mode song with the key, model and callback, and returns the task", async () => {
  await using suno = startFake();
  const created = await studioFor(suno).createSong(SONG);

  assertEquals(suno.requests.length, 1);
  const [sent] = suno.requests;
  assertEquals([sent.method, sent.path], ["POST", "/api/v1/generate"]);
  assertEquals(sent.headers.authorization, `Bearer ${API_KEY}`);
  assertEquals(sent.headers["content-type"], "application/json");
  // A fresh connection, so Deno's fetch cannot resend a dropped create (a second paid task) on its own.
  assertEquals(sent.headers.connection, "close");
  assertEquals(sent.body, {
    customMode: true,
    instrumental: false,
    prompt: SONG.lyrics,
    style: SONG.style,
    title: SONG.title,
    model: MODEL,
    callBackUrl: SONG.callbackUrl,
    vocalGender: "f",
  });
  assert(suno.tasks.has(created.taskId));
  const { durationMs, ...call } = created.call;
  assertEquals(call, {
    provider: "suno",
    endpoint: "/api/v1/generate",
    method: "POST",
    httpStatus: 200,
    code: 200,
    taskId: created.taskId,
  });
  assert(durationMs >= 0);
});

Deno.test("a male singer is vocalGender m; a child singer has none and asks for child vocals in the style", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  await studio.createSong({ ...SONG, singer: "male" });
  await studio.createSong({ ...SONG, singer: "child" });
  await studio.createSong({ ...SONG, singer: "child", style: "lullaby, Child Vocals, soft piano" });
  await studio.createSong({ ...SONG, singer: "child", style: " " });

  const bodies = suno.requests.map((request) => request.body);
  assertEquals(bodies[0]?.vocalGender, "m");
  assertEquals([bodies[1]?.style, "vocalGender" in (bodies[1] ?? {})], [
    "upbeat pop, ukulele, child vocals",
    false,
  ]);
  assertEquals(bodies[2]?.style, "lullaby, Child Vocals, soft piano");
  // The fake refuses an empty style, as the API does; the adapter never sends one for a child.
  assertEquals(bodies[3]?.style, "child vocals");
});

Deno.test("an API URL with a trailing slash or a path prefix is joined without doubling or losing it", async () => {
  const paths: string[] = [];
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    paths.push(new URL(request.url).pathname);
    return Response.json({ code: 200, msg: "success", data: { taskId: "t1" } });
  });
  await studioFor({ baseUrl: `${server.origin}/` }).createSong(SONG);
  await studioFor({ baseUrl: `${server.origin}/suno-proxy` }).createSong(SONG);
  assertEquals(paths, ["/api/v1/generate", "/suno-proxy/api/v1/generate"]);
});

const BODY_CODES: [SunoBodyCode, string][] = [
  [400, "invalid"],
  [401, "API key was refused"],
  [405, "rate limited"],
  [413, "too long"],
  [429, "out of credits"],
  [430, "too many calls"],
  [455, "maintenance"],
  [500, "service failed"],
];
for (const [code, meaning] of BODY_CODES) {
  Deno.test(`HTTP 200 with code ${code} is a failure with status 200 and code ${code}, after one request`, async () => {
    await using suno = startFake();
    suno.failNext({ code });
    const error = await failedCall(() => studioFor(suno).createSong(SONG));

    assertEquals(suno.requests.map((request) => [request.answer, request.code]), [[200, code]]);
    assertEquals([error.call.httpStatus, error.call.code], [200, code]);
    assertEquals([error.call.provider, error.call.endpoint, error.call.method], [
      "suno",
      "/api/v1/generate",
      "POST",
    ]);
    assertStringIncludes(error.message, `code ${code}`);
    assertStringIncludes(error.message, meaning);
  });
}

Deno.test("the provider's own msg is in the message", async () => {
  await using suno = startFake();
  suno.failNext({ code: 430 });
  const error = await failedCall(() => studioFor(suno).createSong(SONG));
  assertStringIncludes(error.message, "Your call frequency is too high");
});

Deno.test("a wrong key is code 401, and the key is never in the message", async () => {
  await using suno = startFake();
  const error = await failedCall(() => studioFor(suno, { apiKey: "wrong-key-9876543210" }).createSong(SONG));
  assertEquals([error.call.httpStatus, error.call.code], [200, 401]);
  assert(!error.message.includes("wrong-key-9876543210"));
});

Deno.test("input the API refuses (a title over 80 characters) comes back as code 413", async () => {
  await using suno = startFake();
  const error = await failedCall(() => studioFor(suno).createSong({ ...SONG, title: "x".repeat(81) }));
  assertEquals([error.call.httpStatus, error.call.code], [200, 413]);
});

for (const status of [500, 502, 503] as const) {
  Deno.test(`HTTP ${status} is a failure with that status, whatever the body`, async () => {
    await using suno = startFake();
    suno.failNext({ status });
    const error = await failedCall(() => studioFor(suno).createSong(SONG));
    assertEquals(error.call.httpStatus, status);
    assertEquals(error.call.code, status === 502 ? null : status);
    assertStringIncludes(error.message, `HTTP ${status}`);
    if (status === 502) assertStringIncludes(error.message, "502 Bad Gateway");
    assertEquals(suno.requests.length, 1);
  });
}

Deno.test("no answer within the timeout is status 0, said to be a timeout", async () => {
  await using suno = startFake();
  suno.failNext("timeout");
  const error = await failedCall(() => studioFor(suno, { timeoutMs: 300 }).createSong(SONG));
  assertEquals([error.call.httpStatus, error.call.code], [0, null]);
  assertStringIncludes(error.message, "within 300 ms (timeout)");
  assert(error.call.durationMs >= 290, `${error.call.durationMs} ms`);
  assertEquals(suno.requests.map((request) => request.answer), ["timeout"]);
});

Deno.test("a dropped connection is status 0, said to be a network error", async () => {
  await using suno = startFake();
  suno.failNext("reset");
  const error = await failedCall(() => studioFor(suno).createSong(SONG));
  assertEquals(error.call.httpStatus, 0);
  assertStringIncludes(error.message, "network error");
  assertEquals(suno.requests.map((request) => request.answer), ["reset"]);
});

Deno.test("the caller's signal cancels a call: status 0, said to be cancelled", async () => {
  await using suno = startFake();
  suno.failNext("timeout");
  const controller = new AbortController();
  // Cancelled once the call has reached the service, which never answers it.
  void nextPush(suno.requests).then(() => controller.abort());
  const calling = studioFor(suno).createSong(SONG, controller.signal);
  const error = await failedCall(() => calling);
  assertEquals(error.call.httpStatus, 0);
  assertStringIncludes(error.message, "cancelled");
});

Deno.test("answers that are not the API's JSON, or lack the task id, are failures with the HTTP status", async () => {
  const answers = [
    new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } }),
    Response.json({ code: 200, msg: "success", data: null }),
    Response.json({ code: 200, msg: "success", data: { taskId: "" } }),
  ];
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return answers.shift()!;
  });
  const studio = studioFor({ baseUrl: server.origin });

  const html = await failedCall(() => studio.createSong(SONG));
  assertEquals([html.call.httpStatus, html.call.code], [200, null]);
  assertStringIncludes(html.message, "without a status code");
  assertStringIncludes(html.message, "<html>maintenance</html>");

  for (let i = 0; i < 2; i++) {
    const noTask = await failedCall(() => studio.createSong(SONG));
    assertEquals([noTask.call.httpStatus, noTask.call.code], [200, 200]);
    assertStringIncludes(noTask.message, "without a task id");
  }
});

Deno.test("a key echoed back by a proxy is kept out of the message", async () => {
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return Response.json({ code: 401, msg: `Bad key: ${request.headers.get("authorization")}` });
  });
  const error = await failedCall(() => studioFor({ baseUrl: server.origin }).createSong(SONG));
  assertStringIncludes(error.message, "Bearer [api key]");
  assert(!error.message.includes(API_KEY));
});

Deno.test("checkSong: text and first-track stages are pending; SUCCESS gives both tracks, with their ids", async () => {
  await using suno = startFake({ stepsToFinish: 3 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong(SONG);

  const checks = await pollUntilDone(studio, taskId);

  assertEquals(checks.map((check) => [check.state, check.providerStatus]), [
    ["pending", "TEXT_SUCCESS"],
    // One track is ready here, but we want the whole song.
    ["pending", "FIRST_SUCCESS"],
    ["succeeded", "SUCCESS"],
  ]);
  const done = checks.at(-1)!;
  const tracks = suno.tasks.get(taskId)!.tracks;
  assertEquals(
    done.state === "succeeded" && done.tracks,
    tracks.map((track) => ({
      audioId: track.id,
      audioUrl: track.audioUrl,
      title: "Mia's Song",
      durationSeconds: track.duration,
    })),
  );
  assertEquals(new Set(tracks.map((track) => track.id)).size, 2, "two takes, two ids");
  assertEquals(new Set(tracks.map((track) => track.audioUrl)).size, 2, "two takes, two files");
  const request = suno.requests.at(-1)!;
  assertEquals([request.method, request.path, request.query], ["GET", "/api/v1/generate/record-info", {
    taskId,
  }]);
  assertEquals(request.headers.authorization, `Bearer ${API_KEY}`);
  const { durationMs: _, ...call } = done.call;
  assertEquals(call, {
    provider: "suno",
    endpoint: "/api/v1/generate/record-info",
    method: "GET",
    httpStatus: 200,
    code: 200,
    taskId,
  });
});

Deno.test("a new task is PENDING until it moves; finish() ends it at once", async () => {
  // Time-driven and far off, so polls do not move it.
  await using suno = startFake({ finishAfterMs: 60_000 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong(SONG);
  assertEquals((await studio.checkSong(taskId)).providerStatus, "PENDING");
  suno.finish(taskId);
  assertEquals((await studio.checkSong(taskId)).state, "succeeded");
});

Deno.test("a time-driven task finishes on its own", async () => {
  await using receiver = startCallbackReceiver();
  await using suno = startFake({ finishAfterMs: 90, callbacks: "once" });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong({ ...SONG, callbackUrl: receiver.url });
  // Nobody polls or finishes it: its own timer moves it, and its "complete" callback says when.
  while (!receiver.received.some((callback) => callback.callbackType === "complete")) {
    await nextPush(receiver.received);
  }
  assertEquals((await studio.checkSong(taskId)).state, "succeeded");
});

const FAILURES: SunoFailure[] = [
  "CREATE_TASK_FAILED",
  "GENERATE_AUDIO_FAILED",
  "CALLBACK_EXCEPTION",
  "SENSITIVE_WORD_ERROR",
];
for (const outcome of FAILURES) {
  Deno.test(`${outcome} is a failed song with the provider's error message`, async () => {
    await using suno = startFake({ outcome });
    const studio = studioFor(suno);
    const { taskId } = await studio.createSong(SONG);
    const checks = await pollUntilDone(studio, taskId);
    const last = checks.at(-1)!;
    const task = suno.tasks.get(taskId)!;
    assertEquals([last.state, last.providerStatus], ["failed", outcome]);
    assertEquals(
      last.state === "failed" && last.message,
      `${task.errorMessage} (error code ${task.errorCode})`,
    );
    assertEquals(last.state === "failed" && last.errorCode, task.errorCode);
    assertEquals(last.call.taskId, taskId);
  });
}

Deno.test("a failure without an error message still says what happened", async () => {
  await using server = startLoopbackServer(() =>
    Response.json({ code: 200, msg: "success", data: { taskId: "t1", status: "GENERATE_AUDIO_FAILED" } })
  );
  const check = await studioFor({ baseUrl: server.origin }).checkSong("t1");
  assertEquals(check.state === "failed" && check.message, "The music service could not generate the audio");
});

Deno.test("SUCCESS without any audio URL stays pending, so the job's deadline decides", async () => {
  await using suno = startFake({ outcome: "no-audio", stepsToFinish: 1 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong(SONG);
  const check = await studio.checkSong(taskId);
  assertEquals([check.state, check.providerStatus], ["pending", "SUCCESS"]);
});

/** A server answering every check with a SUCCESS of these tracks. */
function succeededWith(sunoData: unknown[]) {
  return startLoopbackServer(() =>
    Response.json({
      code: 200,
      msg: "success",
      data: { taskId: "t1", status: "SUCCESS", response: { sunoData } },
    })
  );
}

Deno.test("SUCCESS takes only the tracks that have audio, in the service's order", async () => {
  await using server = succeededWith([
    { id: "a", audioUrl: "", title: "First", duration: 10 },
    { id: "b", audioUrl: " https://cdn.example/b.mp3 ", title: "", duration: "long" },
    null,
    { audioUrl: "https://cdn.example/c.mp3", title: "Third", duration: 61.5 },
  ]);
  const check = await studioFor({ baseUrl: server.origin }).checkSong("t1");
  assertEquals(check.state === "succeeded" && check.tracks, [
    { audioId: "b", audioUrl: "https://cdn.example/b.mp3", title: null, durationSeconds: null },
    // Without an id the take still plays; it only cannot be asked for its timed lyrics.
    { audioId: null, audioUrl: "https://cdn.example/c.mp3", title: "Third", durationSeconds: 61.5 },
  ]);
});

Deno.test("SUCCESS keeps two takes at most, and an empty or odd id is no id", async () => {
  await using server = succeededWith([
    { id: "", audioUrl: "https://cdn.example/a.mp3" },
    { id: 7, audioUrl: "https://cdn.example/b.mp3" },
    { id: "c", audioUrl: "https://cdn.example/c.mp3" },
  ]);
  const check = await studioFor({ baseUrl: server.origin }).checkSong("t1");
  assertEquals(
    check.state === "succeeded" && check.tracks.map((track) => [track.audioId, track.audioUrl]),
    [[null, "https://cdn.example/a.mp3"], [null, "https://cdn.example/b.mp3"]],
  );
});

Deno.test("an unknown status is pending under its own name; a task that never ends stays pending", async () => {
  await using suno = startFake({ outcome: { status: "QUEUED_ELSEWHERE" } });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong(SONG);
  const check = await studio.checkSong(taskId);
  assertEquals([check.state, check.providerStatus], ["pending", "QUEUED_ELSEWHERE"]);

  const never = await studio.createSong(SONG);
  suno.tasks.get(never.taskId)!.outcome = "never";
  const checks = await pollUntilDone(studio, never.taskId, 5);
  assertEquals(checks.map((check) => check.state), Array(5).fill("pending"));
  assertEquals(checks.at(-1)?.providerStatus, "FIRST_SUCCESS");
});

Deno.test("checking an unknown task is the API's refusal, with the task id in the facts", async () => {
  await using suno = startFake();
  const error = await failedCall(() => studioFor(suno).checkSong("no-such-task"));
  assertEquals([error.call.httpStatus, error.call.code, error.call.taskId], [200, 400, "no-such-task"]);
  assertStringIncludes(error.message, "no-such-task");
});

Deno.test("a check answered with code 455 or a dropped connection is a failure naming the task", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong(SONG);
  suno.failNext({ code: 455 });
  suno.failNext("reset");

  const maintenance = await failedCall(() => studio.checkSong(taskId));
  assertEquals([maintenance.call.httpStatus, maintenance.call.code, maintenance.call.taskId], [
    200,
    455,
    taskId,
  ]);
  const dropped = await failedCall(() => studio.checkSong(taskId));
  assertEquals([dropped.call.httpStatus, dropped.call.endpoint], [0, "/api/v1/generate/record-info"]);
});

Deno.test("a check answered without data is a failure, not a pending song", async () => {
  await using server = startLoopbackServer(() => Response.json({ code: 200, msg: "success", data: null }));
  const error = await failedCall(() => studioFor({ baseUrl: server.origin }).checkSong("t1"));
  assertEquals([error.call.httpStatus, error.call.taskId], [200, "t1"]);
});

async function finishedSong(suno: SunoFake, studio: ReturnType<typeof studioFor>): Promise<string> {
  const { taskId } = await studio.createSong(SONG);
  suno.finish(taskId);
  const check = await studio.checkSong(taskId);
  if (check.state !== "succeeded") throw new Error(`The song is ${check.state}.`);
  return check.tracks[0].audioUrl;
}

Deno.test("downloadAudio fetches the MP3 without our credentials", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const audioUrl = await finishedSong(suno, studio);

  const audio = await studio.downloadAudio(audioUrl);

  assertEquals(audio.bytes, SILENT_MP3);
  assertEquals(audio.contentType, "audio/mpeg");
  assertEquals(suno.audioRequests.length, 1);
  assertEquals(suno.audioRequests[0].authorization, undefined);
  const { durationMs: _, ...call } = audio.call;
  assertEquals(call, {
    provider: "suno",
    endpoint: new URL(audioUrl).pathname,
    method: "GET",
    httpStatus: 200,
  });
});

Deno.test("a missing file, an HTML page, an empty body and a bad URL are download failures", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const audio = (id: string) => `${suno.baseUrl}/audio/${id}.mp3`;
  suno.audioFiles.set("html", {
    body: new TextEncoder().encode("<html>Expired</html>"),
    contentType: "text/html",
  });
  suno.audioFiles.set("empty", { body: new Uint8Array(), contentType: "audio/mpeg" });
  suno.audioFiles.set("gone", {
    body: new TextEncoder().encode("Gone"),
    contentType: "text/plain",
    status: 410,
  });

  const missing = await failedCall(() => studio.downloadAudio(audio("nope")));
  assertEquals(missing.call.httpStatus, 404);
  assertStringIncludes(missing.message, "HTTP 404");
  const gone = await failedCall(() => studio.downloadAudio(audio("gone")));
  assertEquals(gone.call.httpStatus, 410);
  const html = await failedCall(() => studio.downloadAudio(audio("html")));
  assertEquals(html.call.httpStatus, 200);
  assertStringIncludes(html.message, "text/html, not audio");
  const empty = await failedCall(() => studio.downloadAudio(audio("empty")));
  assertStringIncludes(empty.message, "empty");
  const notHttp = await failedCall(() => studio.downloadAudio("ftp://cdn.example/song.mp3"));
  assertEquals(notHttp.call.httpStatus, 0);
});

Deno.test("MP3 bytes pass under any content type; another audio type is kept as sent", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  suno.audioFiles.set("plain", { body: SILENT_MP3, contentType: "text/plain" });
  suno.audioFiles.set("untyped", { body: SILENT_MP3, contentType: null });
  const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  suno.audioFiles.set("id3", { body: id3, contentType: "application/octet-stream" });
  suno.audioFiles.set("wav", { body: new Uint8Array([0x52, 0x49, 0x46, 0x46]), contentType: "audio/wav" });
  const audio = (id: string) => studio.downloadAudio(`${suno.baseUrl}/audio/${id}.mp3`);

  assertEquals((await audio("plain")).contentType, "audio/mpeg");
  assertEquals((await audio("untyped")).contentType, "audio/mpeg");
  assertEquals((await audio("id3")).contentType, "audio/mpeg");
  assertEquals((await audio("wav")).contentType, "audio/wav");
});

Deno.test("audio over the size cap is refused, whether announced or streamed", async () => {
  await using suno = startFake();
  const studio = studioFor(suno, { maxAudioBytes: 1000 });
  const audioUrl = await finishedSong(suno, studio);
  const announced = await failedCall(() => studio.downloadAudio(audioUrl));
  assertStringIncludes(announced.message, "over the 1000-byte limit");

  // No Content-Length: the cap is enforced while reading.
  await using streaming = startLoopbackServer(() =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(SILENT_MP3.slice(i * 400, (i + 1) * 400));
          controller.close();
        },
      }),
      { headers: { "content-type": "audio/mpeg" } },
    )
  );
  const streamed = await failedCall(() => studio.downloadAudio(`${streaming.origin}/song.mp3`));
  assertEquals(streamed.call.httpStatus, 200);
  assertStringIncludes(streamed.message, "over the 1000-byte limit");
});

Deno.test("a download that hangs is a timeout; one whose connection drops is a network error", async () => {
  await using suno = startFake();
  const studio = studioFor(suno, { downloadTimeoutMs: 300 });
  const audioUrl = await finishedSong(suno, studio);
  suno.failNext("timeout", 1, "audio");
  suno.failNext("reset", 1, "audio");

  const slow = await failedCall(() => studio.downloadAudio(audioUrl));
  assertEquals(slow.call.httpStatus, 0);
  assertStringIncludes(slow.message, "timeout");
  const dropped = await failedCall(() => studio.downloadAudio(audioUrl));
  assertEquals(dropped.call.httpStatus, 0);
  assertStringIncludes(dropped.message, "network error");
  assertEquals((await studio.downloadAudio(audioUrl)).bytes, SILENT_MP3);
});

const TIMED_LYRICS_PATH = "/api/v1/generate/get-timestamped-lyrics";

const SUNG: SongRequest = {
  ...SONG,
  lyrics: "[Verse 1]\nMia, Mia, shining bright\nPurple skies tonight\n\n[Chorus]\nLa la la",
};

/** A finished task's takes, as the check gives them. */
async function finishedTracks(suno: SunoFake, studio: ReturnType<typeof studioFor>, song = SUNG) {
  const { taskId } = await studio.createSong(song);
  suno.finish(taskId);
  const check = await studio.checkSong(taskId);
  if (check.state !== "succeeded") throw new Error(`The song is ${check.state}.`);
  const audioIds = check.tracks.map((track) => track.audioId!);
  return { taskId, audioIds, tracks: check.tracks };
}

Deno.test("timedLyrics posts the task and track with our key, and its words read back into the sung lines", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const { taskId, audioIds, tracks } = await finishedTracks(suno, studio);
  assertEquals(audioIds.length, 2);

  for (const [index, audioId] of audioIds.entries()) {
    const answer = await studio.timedLyrics({ taskId, audioId });

    const sent = suno.requests.at(-1)!;
    assertEquals([sent.method, sent.path, sent.body], ["POST", TIMED_LYRICS_PATH, { taskId, audioId }]);
    assertEquals(sent.headers.authorization, `Bearer ${API_KEY}`);
    assertEquals(sent.headers["content-type"], "application/json");
    const { durationMs, ...call } = answer.call;
    assertEquals(call, {
      provider: "suno",
      endpoint: TIMED_LYRICS_PATH,
      method: "POST",
      httpStatus: 200,
      code: 200,
      taskId,
    });
    assert(durationMs >= 0);

    // The service's own way: the label and the line break ride on the word after them.
    assertEquals(answer.words[0].word, "[Verse 1]\nMia,");
    assert(answer.words.every((word) => word.success && word.palign === 0));
    const lyrics = timedLyricsFromAlignedWords(answer.words);
    assertEquals(lyrics?.lines.map((line) => [line.section, lineText(line)]), [
      ["Verse 1", "Mia, Mia, shining bright"],
      [null, "Purple skies tonight"],
      ["Chorus", "La la la"],
    ]);
    const times = lyrics!.lines.flatMap((line) => line.words);
    assert(times.every((word, i) => word.start < word.end && (i === 0 || times[i - 1].end <= word.start)));
    assert(times.at(-1)!.end <= tracks[index].durationSeconds!, "within the take");
  }
});

Deno.test("an empty alignment (an instrumental's) is an answer with no words, not a failure", async () => {
  await using suno = startFake({ timedLyrics: "empty" });
  const studio = studioFor(suno);
  const { taskId, audioIds } = await finishedTracks(suno, studio);
  const answer = await studio.timedLyrics({ taskId, audioId: audioIds[0] });
  assertEquals(answer.words, []);
  assertEquals(timedLyricsFromAlignedWords(answer.words), null);

  // Just once, for a task that would otherwise be aligned.
  await using aligned = startFake();
  const other = studioFor(aligned);
  const song = await finishedTracks(aligned, other);
  aligned.failTimedLyrics("empty");
  assertEquals((await other.timedLyrics({ taskId: song.taskId, audioId: song.audioIds[1] })).words, []);
  assert((await other.timedLyrics({ taskId: song.taskId, audioId: song.audioIds[1] })).words.length > 0);
});

Deno.test("timed lyrics that fail with code 500, then HTTP 503, are transient failures; the third call succeeds", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const { taskId, audioIds } = await finishedTracks(suno, studio);
  const take = { taskId, audioId: audioIds[0] };
  suno.failTimedLyrics({ code: 500 });
  suno.failTimedLyrics({ status: 503 });

  const coded = await failedCall(() => studio.timedLyrics(take));
  assertEquals([coded.call.httpStatus, coded.call.code, coded.call.taskId], [200, 500, taskId]);
  assertEquals([coded.call.provider, coded.call.endpoint, coded.call.method], [
    "suno",
    TIMED_LYRICS_PATH,
    "POST",
  ]);
  assertStringIncludes(coded.message, `fetch the timed lyrics of track ${audioIds[0]}`);
  assertStringIncludes(coded.message, "code 500");
  assert(isTransient(coded.call));

  const unavailable = await failedCall(() => studio.timedLyrics(take));
  assertEquals([unavailable.call.httpStatus, unavailable.call.code], [503, 503]);
  assertStringIncludes(unavailable.message, "HTTP 503");
  assert(isTransient(unavailable.call));

  assert((await studio.timedLyrics(take)).words.length > 0);
  assertEquals(
    suno.requests.filter((request) => request.path === TIMED_LYRICS_PATH).map((request) => [
      request.answer,
      request.code,
    ]),
    [[200, 500], [503, 503], [200, 200]],
  );
});

Deno.test("a refused alignment (code 404) is a permanent failure", async () => {
  await using suno = startFake();
  const studio = studioFor(suno);
  const { taskId, audioIds } = await finishedTracks(suno, studio);
  suno.failTimedLyrics({ code: 404 });
  const error = await failedCall(() => studio.timedLyrics({ taskId, audioId: audioIds[1] }));
  assertEquals([error.call.httpStatus, error.call.code], [200, 404]);
  assertStringIncludes(error.message, "not found");
  assert(!isTransient(error.call));
});

Deno.test("an unknown task or track, an empty field, or an unfinished task is refused with code 400", async () => {
  await using suno = startFake({ stepsToFinish: 5 });
  const studio = studioFor(suno);
  const { taskId, audioIds } = await finishedTracks(suno, studio);
  const unfinished = await studio.createSong(SUNG);
  const unfinishedTrack = suno.tasks.get(unfinished.taskId)!.tracks[0].id;

  for (
    const take of [
      { taskId: "no-such-task", audioId: audioIds[0] },
      { taskId, audioId: "no-such-track" },
      { taskId, audioId: "" },
      // A track of another task is not this task's.
      { taskId: unfinished.taskId, audioId: audioIds[0] },
      { taskId: unfinished.taskId, audioId: unfinishedTrack },
    ]
  ) {
    const error = await failedCall(() => studio.timedLyrics(take));
    assertEquals([error.call.httpStatus, error.call.code, error.call.taskId], [200, 400, take.taskId]);
    assert(!isTransient(error.call));
  }
});

Deno.test("a timed-lyrics call that hangs or drops is status 0, like the other calls", async () => {
  await using suno = startFake();
  const studio = studioFor(suno, { timeoutMs: 300 });
  const { taskId, audioIds } = await finishedTracks(suno, studio);
  suno.failNext("timeout");
  suno.failTimedLyrics("reset");

  const slow = await failedCall(() => studio.timedLyrics({ taskId, audioId: audioIds[0] }));
  assertEquals([slow.call.httpStatus, slow.call.endpoint], [0, TIMED_LYRICS_PATH]);
  assertStringIncludes(slow.message, "timeout");
  const dropped = await failedCall(() => studio.timedLyrics({ taskId, audioId: audioIds[0] }));
  assertEquals(dropped.call.httpStatus, 0);
  assertStringIncludes(dropped.message, "network error");
});

Deno.test("an answer without a list of aligned words is a failure; odd entries are left out", async () => {
  const answers = [
    { code: 200, msg: "success", data: null },
    { code: 200, msg: "success", data: { alignedWords: "[Verse]" } },
    {
      code: 200,
      msg: "success",
      data: {
        alignedWords: [
          null,
          "loose",
          { word: 3, startS: 0, endS: 1, success: true },
          { word: "[Verse]\nHi", startS: 1, endS: 2, success: true, palign: 0.9 },
          { word: "there", startS: "2", endS: 3, success: true },
          { word: "you", startS: 3, endS: 4, palign: "high" },
        ],
      },
    },
    {
      code: 200,
      msg: "success",
      data: { alignedWords: Array.from({ length: 2500 }, (_, i) => ({ word: `w${i}`, startS: 0, endS: 1 })) },
    },
  ];
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return Response.json(answers.shift());
  });
  const studio = studioFor({ baseUrl: server.origin });
  const take = { taskId: "t1", audioId: "a1" };

  for (let i = 0; i < 2; i++) {
    const error = await failedCall(() => studio.timedLyrics(take));
    assertEquals([error.call.httpStatus, error.call.code, error.call.taskId], [200, 200, "t1"]);
    assertStringIncludes(error.message, "without aligned words");
  }
  assertEquals((await studio.timedLyrics(take)).words, [
    { word: "[Verse]\nHi", startS: 1, endS: 2, success: true, palign: 0.9 },
    // Without both times a word keeps its text but is not placed.
    { word: "there", startS: 0, endS: 0, success: false },
    { word: "you", startS: 3, endS: 4, success: false },
  ]);
  const capped = await studio.timedLyrics(take);
  assertEquals([capped.words.length, capped.words.at(-1)?.word], [2000, "w1999"]);
});

/** A stand-in for our webhook: records what the music API posts to it. */
function startCallbackReceiver(status = 200) {
  const received: { callbackType: string; task_id: string; code: number; tracks: number }[] = [];
  const server = startLoopbackServer(async (request) => {
    const body = await request.json();
    received.push({
      callbackType: body.data.callbackType,
      task_id: body.data.task_id,
      code: body.code,
      tracks: body.data.data?.length ?? 0,
    });
    return new Response("ok", { status });
  });
  return {
    url: `${server.origin}/api/webhooks/suno`,
    received,
    [Symbol.asyncDispose]: () => server[Symbol.asyncDispose](),
  };
}

Deno.test("callbacks report each stage once, in order", async () => {
  await using receiver = startCallbackReceiver();
  await using suno = startFake({ callbacks: "once", stepsToFinish: 2 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong({ ...SONG, callbackUrl: receiver.url });

  await pollUntilDone(studio, taskId);
  await suno.callbacksSettled();

  assertEquals(receiver.received.map((callback) => callback.callbackType), ["text", "first", "complete"]);
  assert(receiver.received.every((callback) => callback.task_id === taskId && callback.code === 200));
  assertEquals(suno.callbacksSent.map((sent) => sent.status), [200, 200, 200]);
});

Deno.test("duplicate callbacks arrive twice; a failure calls back with an error", async () => {
  await using receiver = startCallbackReceiver();
  await using suno = startFake({ callbacks: "duplicate", outcome: "SENSITIVE_WORD_ERROR", stepsToFinish: 1 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong({ ...SONG, callbackUrl: receiver.url });

  await studio.checkSong(taskId);
  await suno.callbacksSettled();

  assertEquals(receiver.received.map((callback) => [callback.callbackType, callback.code]), [
    ["error", 501],
    ["error", 501],
  ]);
});

Deno.test("a callback target that is down or failing does not disturb the API", async () => {
  await using failing = startCallbackReceiver(500);
  await using suno = startFake({ callbacks: "once" });
  const studio = studioFor(suno);
  const down = await studio.createSong(SONG);
  const refusing = await studio.createSong({ ...SONG, callbackUrl: failing.url });
  suno.finish(down.taskId);
  suno.finish(refusing.taskId);
  await suno.callbacksSettled();

  assertEquals(suno.callbacksSent.filter((sent) => sent.taskId === down.taskId).map((sent) => sent.status), [
    null,
    null,
    null,
  ]);
  assertEquals(failing.received.length, 3);
  assertEquals((await studio.checkSong(down.taskId)).state, "succeeded");
});

Deno.test("closing the fake with callbacks in flight and timers pending leaks nothing", async () => {
  // The receiver never answers: the fake must cancel its callback on close, not wait for it.
  await using hanging = startLoopbackServer(() => hanging.hang());
  const suno = startFake({ callbacks: "once", finishAfterMs: 60_000 });
  const studio = studioFor(suno);
  const { taskId } = await studio.createSong({ ...SONG, callbackUrl: `${hanging.origin}/hook` });
  suno.finish(taskId);
  await studio.createSong(SONG);
  await suno[Symbol.asyncDispose]();
  assertEquals(suno.callbacksSent.map((sent) => sent.status), [null]);
});

Deno.test("a fault rate with a seed injects the same faults on every run", async () => {
  async function run() {
    await using suno = startFake({ faultRate: 0.5, seed: 9 });
    const studio = studioFor(suno);
    for (let i = 0; i < 12; i++) await studio.createSong(SONG).catch(() => {});
    return suno.requests.map((request) => `${request.answer}/${request.code}`);
  }
  const first = await run();
  assertEquals(await run(), first);
  assert(first.includes("200/200") && first.some((answer) => answer !== "200/200"), first.join(","));
});

Deno.test("calls keep within the API's published rate: past the limit they wait, and none is lost", async () => {
  await using suno = startFake();
  const studio = studioFor(suno, { rateLimit: { requests: 4, windowMs: 200 } });
  const { taskId } = await studio.createSong(SONG);
  const checks = await Promise.all(Array.from({ length: 11 }, () => studio.checkSong(taskId)));
  assertEquals(checks.length, 11);
  const arrivals = suno.requests.map((request) => request.receivedAt);
  assertEquals(arrivals.length, 12);
  // Calls are spaced when they leave; the first ones also open connections and land some tens of ms
  // later than those that reuse one (29 ms against 4 ms, seen here), so arrivals are read with that slack.
  const TRANSIT_SLACK_MS = 50;
  const busiest = Math.max(
    ...arrivals.map((at) =>
      arrivals.filter((other) => other >= at && other < at + 200 - TRANSIT_SLACK_MS).length
    ),
  );
  assert(busiest <= 4, `${busiest} calls reached the API within one window`);
  assert(arrivals.at(-1)! - arrivals[0] >= 400, "twelve calls at four per 200 ms span three windows");
});
