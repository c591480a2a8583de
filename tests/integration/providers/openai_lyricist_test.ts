import { assert, assertEquals, assertMatch, assertRejects, assertStringIncludes } from "@std/assert";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import type { LyricsRequest, SongBrief, TagsRequest } from "../../../providers/words/mod.ts";
import { startLoopbackServer } from "../../../fakes/loopback.ts";
import { type OpenAiFake, type OpenAiFault, startOpenAiFake } from "../../../fakes/openai.ts";

const API_KEY = "sk-test-lyricist-0123456789";
const MODEL = "gpt-4o-mini";

const BRIEF: SongBrief = {
  childName: "Mia",
  phoneticSpelling: "MEE-ah",
  childGender: "girl",
  childAge: "5",
  childBirthday: "",
  favoriteColor: "purple",
  bestFriend: "Leo",
  favoriteActivity: "dancing",
  petName: "Biscuit",
  parentCallName: "Mama",
  favoriteSaying: "",
  favoriteToy: "",
  dreamAspiration: "",
  favoritePlace: "",
  specialTalent: "",
  childFriends: "",
  childActivities: "",
  extraDetails: "",
  additionalDetails: "",
  isGift: false,
  giftRecipientName: "",
  giftMessage: "",
  songStyle: "happy",
  songGenre: "pop",
  singerGender: "female",
};

const LYRICS_REQUEST: LyricsRequest = {
  system: "You write joyful, personal songs for children.",
  user: "Child's name: Mia (pronounced MEE-ah)\nFavorite color: purple\nGenre: pop",
  brief: BRIEF,
};

const LYRICS = "[Verse 1]\nMia loves purple…";

const TAGS_REQUEST: TagsRequest = {
  system: "Given a song's lyrics, write style tags for a music model and a title.",
  user: `Child's name: Mia\nGenre: pop\n\nLyrics:\n${LYRICS}`,
  brief: BRIEF,
  lyrics: LYRICS,
};

function lyricistFor(openai: { baseUrl: string }, options: { apiKey?: string; timeoutMs?: number } = {}) {
  return createOpenAiLyricist({ apiKey: API_KEY, baseUrl: openai.baseUrl, model: MODEL, ...options });
}

async function failedCall(action: () => Promise<unknown>): Promise<ProviderCallError> {
  return await assertRejects(action, ProviderCallError);
}

Deno.test("writeLyrics sends the admin's prompts with a strict lyrics schema and reads the lyrics", async () => {
  await using openai = startOpenAiFake({ apiKey: API_KEY });
  const result = await lyricistFor(openai).writeLyrics(LYRICS_REQUEST);

  assertStringIncludes(result.lyrics, "Mia");
  assertEquals(JSON.parse(result.raw), { lyrics: result.lyrics });
  assertEquals(openai.requests.length, 1);
  const [sent] = openai.requests;
  assertEquals([sent.method, sent.path], ["POST", "/v1/chat/completions"]);
  assertEquals(sent.headers.authorization, `Bearer ${API_KEY}`);
  // A fresh connection each time, so Deno's fetch cannot resend a dropped request on its own.
  assertEquals(sent.headers.connection, "close");
  assertEquals(sent.body?.model, MODEL);
  assertEquals(sent.body?.messages, [
    { role: "system", content: LYRICS_REQUEST.system },
    { role: "user", content: LYRICS_REQUEST.user },
  ]);
  assertEquals(sent.body?.response_format, {
    type: "json_schema",
    json_schema: {
      name: "song_lyrics",
      strict: true,
      schema: {
        type: "object",
        properties: { lyrics: { type: "string", description: "The complete song lyrics." } },
        required: ["lyrics"],
        additionalProperties: false,
      },
    },
  });
  const { durationMs, ...call } = result.call;
  assertEquals(call, {
    provider: "openai",
    endpoint: "/chat/completions",
    method: "POST",
    httpStatus: 200,
    requestId: sent.requestId,
  });
  assertMatch(sent.requestId ?? "", /^req_/);
  assert(durationMs >= 0);
});

Deno.test("writeTags sends the prompts (lyrics inside the user message) and reads tags and title", async () => {
  await using openai = startOpenAiFake();
  const result = await lyricistFor(openai).writeTags(TAGS_REQUEST);

  assertEquals([result.tags, result.title], ["pop, upbeat, children's song, catchy melody", "Mia's Song"]);
  assertEquals(JSON.parse(result.raw), { tags: result.tags, title: result.title });
  const [sent] = openai.requests;
  assertEquals(sent.body?.messages, [
    { role: "system", content: TAGS_REQUEST.system },
    { role: "user", content: TAGS_REQUEST.user },
  ]);
  assertEquals(sent.body?.response_format?.json_schema?.name, "song_tags");
  assertEquals(sent.body?.response_format?.json_schema?.strict, true);
  assertEquals(Object.keys(sent.body?.response_format?.json_schema?.schema?.properties ?? {}), [
    "tags",
    "title",
  ]);
  assertEquals(result.call.httpStatus, 200);
});

for (const status of [400, 401, 429, 500, 503] as const) {
  Deno.test(`an HTTP ${status} is one request and a ProviderCallError with its status and request id`, async () => {
    await using openai = startOpenAiFake();
    openai.failNext({ status });
    const error = await failedCall(() => lyricistFor(openai).writeLyrics(LYRICS_REQUEST));

    // No hidden SDK retry: the job system decides about retries and records each attempt.
    assertEquals(openai.requests.map((request) => request.answer), [status]);
    assertEquals(openai.requests[0].headers["x-stainless-retry-count"], "0");
    assertEquals(error.call.httpStatus, status);
    assertEquals(error.call.requestId, openai.requests[0].requestId);
    assertEquals([error.call.provider, error.call.endpoint, error.call.method], [
      "openai",
      "/chat/completions",
      "POST",
    ]);
    assertStringIncludes(error.message, `HTTP ${status}`);
  });
}

Deno.test("a rate limit names OpenAI's own error code in the message", async () => {
  await using openai = startOpenAiFake();
  openai.failNext({ status: 429 });
  const error = await failedCall(() => lyricistFor(openai).writeTags(TAGS_REQUEST));
  assertStringIncludes(error.message, "rate_limit_exceeded");
});

Deno.test("a wrong key is a 401 whose message does not repeat the key", async () => {
  await using openai = startOpenAiFake({ apiKey: "sk-the-right-one" });
  const error = await failedCall(() => lyricistFor(openai).writeLyrics(LYRICS_REQUEST));
  assertEquals(error.call.httpStatus, 401);
  assert(!error.message.includes(API_KEY), error.message);
});

Deno.test("a server that never answers is a timeout: status 0, after the configured time, one request", async () => {
  await using openai = startOpenAiFake();
  openai.failNext("timeout");
  const error = await failedCall(() => lyricistFor(openai, { timeoutMs: 300 }).writeLyrics(LYRICS_REQUEST));

  assertEquals(error.call.httpStatus, 0);
  assertEquals(error.call.requestId, null);
  assertStringIncludes(error.message, "timeout");
  assertStringIncludes(error.message, "300 ms");
  assert(error.call.durationMs >= 290 && error.call.durationMs < 5_000, `${error.call.durationMs} ms`);
  assertEquals(openai.requests.map((request) => request.answer), ["timeout"]);
});

Deno.test("a dropped connection is a network error with status 0, not retried", async () => {
  await using openai = startOpenAiFake();
  openai.failNext("reset");
  const error = await failedCall(() => lyricistFor(openai).writeLyrics(LYRICS_REQUEST));

  assertEquals(error.call.httpStatus, 0);
  assertStringIncludes(error.message, "network error");
  assertEquals(openai.requests.map((request) => request.answer), ["reset"]);
});

Deno.test("a closed port is a network error with status 0 naming the host", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  const error = await failedCall(() =>
    lyricistFor({ baseUrl: `http://127.0.0.1:${port}/v1` }).writeLyrics(LYRICS_REQUEST)
  );
  assertEquals(error.call.httpStatus, 0);
  assertStringIncludes(error.message, `127.0.0.1:${port}`);
});

Deno.test("the caller's signal cancels the call: status 0, said to be cancelled", async () => {
  await using openai = startOpenAiFake();
  openai.failNext("timeout");
  const controller = new AbortController();
  const calling = lyricistFor(openai).writeLyrics(LYRICS_REQUEST, controller.signal);
  setTimeout(() => controller.abort(), 50);
  const error = await failedCall(() => calling);
  assertEquals(error.call.httpStatus, 0);
  assertStringIncludes(error.message, "cancelled");
});

const unusable: [fault: OpenAiFault, says: string][] = [
  ["bad-json", "not JSON"],
  ["refusal", "refused"],
];
for (const [fault, says] of unusable) {
  Deno.test(`a 200 with ${fault} is a ProviderCallError with status 200 and the request id`, async () => {
    await using openai = startOpenAiFake();
    openai.failNext(fault, 2);
    const lyricist = lyricistFor(openai);

    const lyricsError = await failedCall(() => lyricist.writeLyrics(LYRICS_REQUEST));
    assertEquals(lyricsError.call.httpStatus, 200);
    assertEquals(lyricsError.call.requestId, openai.requests[0].requestId);
    assertStringIncludes(lyricsError.message, "OpenAI answered without lyrics");
    assertStringIncludes(lyricsError.message, says);

    const tagsError = await failedCall(() => lyricist.writeTags(TAGS_REQUEST));
    assertStringIncludes(tagsError.message, "without style tags and a title");
    assertEquals(openai.requests.length, 2);
  });
}

/** A chat completion whose message is `content`, from a server of the test's own. */
async function answering(
  content: string | null,
  finishReason = "stop",
  run: (baseUrl: string) => Promise<void>,
) {
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return Response.json({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: MODEL,
      choices: [{
        index: 0,
        message: { role: "assistant", content, refusal: null },
        finish_reason: finishReason,
      }],
    }, { headers: { "x-request-id": "req_own" } });
  });
  await run(`${server.origin}/v1`);
}

Deno.test("JSON without the wanted fields, empty content and a cut-off answer are all unusable", async () => {
  const cases: [content: string | null, finishReason: string, says: string][] = [
    ['{"tags":"pop"}', "stop", '"title" is missing or empty'],
    ['{"tags":"pop","title":"   "}', "stop", '"title" is missing or empty'],
    ['["pop"]', "stop", "not a JSON object"],
    ["", "stop", "the message is empty"],
    [null, "stop", "the message is empty"],
    ['{"tags":"pop","ti', "length", "cut off"],
    ['{"tags":"pop","title":"x"}', "content_filter", "content filter"],
  ];
  for (const [content, finishReason, says] of cases) {
    await answering(content, finishReason, async (baseUrl) => {
      const error = await failedCall(() => lyricistFor({ baseUrl }).writeTags(TAGS_REQUEST));
      assertStringIncludes(error.message, says);
      assertEquals([error.call.httpStatus, error.call.requestId], [200, "req_own"]);
    });
  }
});

Deno.test("the text fields are trimmed and the raw answer kept as sent", async () => {
  const content = '{"tags":"  pop, ukulele ","title":" Mia\'s Day "}';
  await answering(content, "stop", async (baseUrl) => {
    const result = await lyricistFor({ baseUrl }).writeTags(TAGS_REQUEST);
    assertEquals([result.tags, result.title, result.raw], ["pop, ukulele", "Mia's Day", content]);
  });
});

Deno.test("a server that answers a 200 with HTML is unusable, not a crash", async () => {
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return new Response("<html>Welcome to the proxy</html>", { headers: { "content-type": "text/html" } });
  });
  const error = await failedCall(() =>
    lyricistFor({ baseUrl: `${server.origin}/v1` }).writeLyrics(LYRICS_REQUEST)
  );
  assertEquals(error.call.httpStatus, 200);
  assertStringIncludes(error.message, "without lyrics");
});

Deno.test("a 200 whose JSON body is broken is unusable with status 200, not a network error", async () => {
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    return new Response('{"id":"chatcmpl-1","choi', { headers: { "content-type": "application/json" } });
  });
  const error = await failedCall(() =>
    lyricistFor({ baseUrl: `${server.origin}/v1` }).writeLyrics(LYRICS_REQUEST)
  );
  assertEquals(error.call.httpStatus, 200);
  assertStringIncludes(error.message, "not JSON");
});

Deno.test("a key echoed back by a proxy is kept out of the message", async () => {
  await using server = startLoopbackServer(async (request) => {
    await request.text();
    const message = `Bad credentials ${request.headers.get("authorization")}`;
    return Response.json({ error: { message, type: "invalid_request_error" } }, { status: 403 });
  });
  const error = await failedCall(() =>
    lyricistFor({ baseUrl: `${server.origin}/v1` }).writeLyrics(LYRICS_REQUEST)
  );
  assertEquals(error.call.httpStatus, 403);
  assertStringIncludes(error.message, "Bearer [api key]");
  assert(!error.message.includes(API_KEY));
});

Deno.test("a fault rate with a seed injects the same faults on every run", async () => {
  async function run(): Promise<OpenAiFake["requests"][number]["answer"][]> {
    await using openai = startOpenAiFake({
      faultRate: 0.5,
      seed: 42,
      randomFaults: [{ status: 503 }, "reset"],
    });
    const lyricist = lyricistFor(openai);
    for (let i = 0; i < 12; i++) await lyricist.writeLyrics(LYRICS_REQUEST).catch(() => {});
    return openai.requests.map((request) => request.answer);
  }
  const first = await run();
  assertEquals(await run(), first);
  assert(first.includes(200) && first.some((answer) => answer !== 200), first.join(","));
});

Deno.test("latency delays the answer", async () => {
  await using openai = startOpenAiFake({ latencyMs: 150 });
  const result = await lyricistFor(openai).writeLyrics(LYRICS_REQUEST);
  assert(result.call.durationMs >= 140, `${result.call.durationMs} ms`);
});
