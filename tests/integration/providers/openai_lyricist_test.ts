import { assert, assertEquals, assertMatch, assertRejects, assertStringIncludes } from "@std/assert";
import { DEFAULT_OPENAI_MODEL, type OpenAiApi, parseConfig } from "../../../domain/config.ts";
import { isTransient } from "../../../domain/generation/call_errors.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import { createLyricist } from "../../../providers/words/select.ts";
import type { LyricsRequest, SongBrief, TagsRequest } from "../../../providers/words/mod.ts";
import { startLoopbackServer } from "../../../fakes/loopback.ts";
import { nextPush } from "../next_push.ts";
import { type OpenAiFake, type OpenAiFault, startOpenAiFake } from "../../../fakes/openai.ts";

const API_KEY = "sk-test-lyricist-0123456789";
const MODEL = "gpt-6-luna";

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

const LYRICS_FORMAT = {
  name: "song_lyrics",
  strict: true,
  schema: {
    type: "object",
    properties: { lyrics: { type: "string", description: "The complete song lyrics." } },
    required: ["lyrics"],
    additionalProperties: false,
  },
};

type Stop = "stop" | "length" | "content_filter";

/** What differs between the two APIs, as a test sees it. */
interface ApiCase {
  api: OpenAiApi;
  /** The path the server is asked. */
  path: string;
  /** The endpoint the call's facts record. */
  endpoint: string;
  /** The whole body the lyricist must send for these prompts and this answer format. */
  body(prompts: { system: string; user: string }, format: typeof LYRICS_FORMAT): Record<string, unknown>;
  /** A 200 answer whose model said `text` (null: nothing) and stopped for `stop`. */
  answer(text: string | null, stop: Stop): Record<string, unknown>;
}

const CASES: ApiCase[] = [
  {
    api: "responses",
    path: "/v1/responses",
    endpoint: "/responses",
    body: ({ system, user }, format) => ({
      model: MODEL,
      instructions: system,
      input: user,
      text: { format: { type: "json_schema", ...format } },
      reasoning: { effort: "low" },
      store: false,
    }),
    answer: (text, stop) => ({
      id: "resp_1",
      object: "response",
      created_at: 0,
      model: MODEL,
      status: stop === "stop" ? "completed" : "incomplete",
      incomplete_details: stop === "stop"
        ? null
        : { reason: stop === "length" ? "max_output_tokens" : "content_filter" },
      output: [{ type: "reasoning", id: "rs_1", summary: [] }, {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: stop === "stop" ? "completed" : "incomplete",
        content: text === null ? [] : [{ type: "output_text", text, annotations: [] }],
      }],
    }),
  },
  {
    api: "chat-completions",
    path: "/v1/chat/completions",
    endpoint: "/chat/completions",
    body: ({ system, user }, format) => ({
      model: MODEL,
      messages: [{ role: "system", content: system }, { role: "user", content: user }],
      response_format: { type: "json_schema", json_schema: format },
    }),
    answer: (content, stop) => ({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: MODEL,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: stop }],
    }),
  },
];

async function failedCall(action: () => Promise<unknown>): Promise<ProviderCallError> {
  return await assertRejects(action, ProviderCallError);
}

/** A server of the test's own that answers every request with `answer`. */
function serverAnswering(answer: (request: Request) => Response) {
  return startLoopbackServer(async (request) => {
    await request.text();
    return answer(request);
  });
}

/** Runs `check` against a server of the test's own whose model said `text` and stopped for `stop`. */
async function answering(
  c: ApiCase,
  text: string | null,
  stop: Stop,
  check: (baseUrl: string) => Promise<void>,
) {
  await using server = serverAnswering(() =>
    Response.json(c.answer(text, stop), { headers: { "x-request-id": "req_own" } })
  );
  await check(`${server.origin}/v1`);
}

for (const c of CASES) {
  const lyricistFor = (
    openai: { baseUrl: string },
    options: { apiKey?: string; timeoutMs?: number } = {},
  ) =>
    // The config's default effort: the Responses API sends it, chat completions never do.
    createOpenAiLyricist({
      apiKey: API_KEY,
      baseUrl: openai.baseUrl,
      model: MODEL,
      api: c.api,
      reasoningEffort: "low",
      ...options,
    });
  const test = (name: string, fn: () => Promise<void>) => Deno.test(`${c.api}: ${name}`, fn);

  test("writeLyrics sends the admin's prompts with a strict lyrics schema and reads the lyrics", async () => {
    await using openai = startOpenAiFake({ apiKey: API_KEY });
    const result = await lyricistFor(openai).writeLyrics(LYRICS_REQUEST);

    assertStringIncludes(result.lyrics, "Mia");
    assertEquals(JSON.parse(result.raw), { lyrics: result.lyrics });
    assertEquals(openai.requests.length, 1);
    const [sent] = openai.requests;
    assertEquals([sent.method, sent.path], ["POST", c.path]);
    assertEquals(sent.headers.authorization, `Bearer ${API_KEY}`);
    // A fresh connection each time, so Deno's fetch cannot resend a dropped request on its own.
    assertEquals(sent.headers.connection, "close");
    // The whole body: nothing else goes out (no reasoning setting on chat completions).
    assertEquals(sent.sent, c.body(LYRICS_REQUEST, LYRICS_FORMAT));
    const { durationMs, ...call } = result.call;
    assertEquals(call, {
      provider: "openai",
      endpoint: c.endpoint,
      method: "POST",
      httpStatus: 200,
      requestId: sent.requestId,
    });
    assertMatch(sent.requestId ?? "", /^req_/);
    assert(durationMs >= 0);
  });

  test("writeTags sends the prompts (lyrics inside the user message) and reads tags and title", async () => {
    await using openai = startOpenAiFake();
    const result = await lyricistFor(openai).writeTags(TAGS_REQUEST);

    assertEquals([result.tags, result.title], ["pop, upbeat, children's song, catchy melody", "Mia's Song"]);
    assertEquals(JSON.parse(result.raw), { tags: result.tags, title: result.title });
    // The fake's chat-completions reading of either request.
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
    test(`an HTTP ${status} is one request and a ProviderCallError with its status and request id`, async () => {
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
        c.endpoint,
        "POST",
      ]);
      assertStringIncludes(error.message, `HTTP ${status}`);
      assertEquals(isTransient(error.call), status >= 429, "the same retry decision on both APIs");
    });
  }

  test("a rate limit names OpenAI's own error code in the message", async () => {
    await using openai = startOpenAiFake();
    openai.failNext({ status: 429 });
    const error = await failedCall(() => lyricistFor(openai).writeTags(TAGS_REQUEST));
    assertStringIncludes(error.message, "rate_limit_exceeded");
  });

  test("a wrong key is a 401 whose message does not repeat the key", async () => {
    await using openai = startOpenAiFake({ apiKey: "sk-the-right-one" });
    const error = await failedCall(() => lyricistFor(openai).writeLyrics(LYRICS_REQUEST));
    assertEquals(error.call.httpStatus, 401);
    assert(!error.message.includes(API_KEY), error.message);
  });

  test("a server that never answers is a timeout: status 0, after the configured time, one request", async () => {
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

  test("a dropped connection is a network error with status 0, not retried", async () => {
    await using openai = startOpenAiFake();
    openai.failNext("reset");
    const error = await failedCall(() => lyricistFor(openai).writeLyrics(LYRICS_REQUEST));

    assertEquals(error.call.httpStatus, 0);
    assertStringIncludes(error.message, "network error");
    assertEquals(openai.requests.map((request) => request.answer), ["reset"]);
  });

  test("a closed port is a network error with status 0 naming the host", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const { port } = listener.addr;
    listener.close();
    const error = await failedCall(() =>
      lyricistFor({ baseUrl: `http://127.0.0.1:${port}/v1` }).writeLyrics(LYRICS_REQUEST)
    );
    assertEquals(error.call.httpStatus, 0);
    assertStringIncludes(error.message, `127.0.0.1:${port}`);
  });

  test("the caller's signal cancels the call: status 0, said to be cancelled", async () => {
    await using openai = startOpenAiFake();
    openai.failNext("timeout");
    const controller = new AbortController();
    // Cancelled once the call has reached the service, which never answers it.
    void nextPush(openai.requests).then(() => controller.abort());
    const calling = lyricistFor(openai).writeLyrics(LYRICS_REQUEST, controller.signal);
    const error = await failedCall(() => calling);
    assertEquals(error.call.httpStatus, 0);
    assertStringIncludes(error.message, "cancelled");
  });

  const unusable: [fault: OpenAiFault, says: string][] = [
    ["bad-json", "not JSON"],
    ["refusal", `the model refused ("I'm sorry, I can't help with that.")`],
    ["cut-off", "the answer was cut off at the length limit"],
    ["content-filter", "the content filter stopped the answer"],
  ];
  for (const [fault, says] of unusable) {
    test(`a 200 with ${fault} is a ProviderCallError with status 200 and the request id, worth a retry`, async () => {
      await using openai = startOpenAiFake();
      openai.failNext(fault, 2);
      const lyricist = lyricistFor(openai);

      const lyricsError = await failedCall(() => lyricist.writeLyrics(LYRICS_REQUEST));
      assertEquals(lyricsError.call.httpStatus, 200);
      assertEquals(lyricsError.call.requestId, openai.requests[0].requestId);
      assertStringIncludes(lyricsError.message, "OpenAI answered without lyrics");
      assertStringIncludes(lyricsError.message, says);
      assert(isTransient(lyricsError.call), "a model's unusable answer is usually a fluke");

      const tagsError = await failedCall(() => lyricist.writeTags(TAGS_REQUEST));
      assertStringIncludes(tagsError.message, "without style tags and a title");
      assertEquals(openai.requests.length, 2);
    });
  }

  test("JSON without the wanted fields, empty content and a cut-off answer are all unusable", async () => {
    const cases: [text: string | null, stop: Stop, says: string][] = [
      ['{"tags":"pop"}', "stop", '"title" is missing or empty'],
      ['{"tags":"pop","title":"   "}', "stop", '"title" is missing or empty'],
      ['["pop"]', "stop", "not a JSON object"],
      ["", "stop", "the message is empty"],
      [null, "stop", "the message is empty"],
      ['{"tags":"pop","ti', "length", "cut off"],
      ['{"tags":"pop","title":"x"}', "content_filter", "content filter"],
    ];
    for (const [text, stop, says] of cases) {
      await answering(c, text, stop, async (baseUrl) => {
        const error = await failedCall(() => lyricistFor({ baseUrl }).writeTags(TAGS_REQUEST));
        assertStringIncludes(error.message, says);
        assertEquals([error.call.httpStatus, error.call.requestId], [200, "req_own"]);
      });
    }
  });

  test("the text fields are trimmed and the raw answer kept as sent", async () => {
    const content = '{"tags":"  pop, ukulele ","title":" Mia\'s Day "}';
    await answering(c, content, "stop", async (baseUrl) => {
      const result = await lyricistFor({ baseUrl }).writeTags(TAGS_REQUEST);
      assertEquals([result.tags, result.title, result.raw], ["pop, ukulele", "Mia's Day", content]);
    });
  });

  test("a server that answers a 200 with HTML is unusable, not a crash", async () => {
    await using server = serverAnswering(() =>
      new Response("<html>Welcome to the proxy</html>", { headers: { "content-type": "text/html" } })
    );
    const error = await failedCall(() =>
      lyricistFor({ baseUrl: `${server.origin}/v1` }).writeLyrics(LYRICS_REQUEST)
    );
    assertEquals(error.call.httpStatus, 200);
    assertStringIncludes(error.message, "without lyrics");
  });

  test("a 200 whose JSON body is broken is unusable with status 200, not a network error", async () => {
    await using server = serverAnswering(() =>
      new Response('{"id":"resp_1","outp', { headers: { "content-type": "application/json" } })
    );
    const error = await failedCall(() =>
      lyricistFor({ baseUrl: `${server.origin}/v1` }).writeLyrics(LYRICS_REQUEST)
    );
    assertEquals(error.call.httpStatus, 200);
    assertStringIncludes(error.message, "not JSON");
  });

  test("a key echoed back by a proxy is kept out of the message", async () => {
    await using server = serverAnswering((request) => {
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

  test("a fault rate with a seed injects the same faults on every run", async () => {
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

  test("latency delays the answer", async () => {
    await using openai = startOpenAiFake({ latencyMs: 150 });
    const result = await lyricistFor(openai).writeLyrics(LYRICS_REQUEST);
    assert(result.call.durationMs >= 140, `${result.call.durationMs} ms`);
  });
}

/** The lyricist main.ts builds from these settings, pointed at `openai`. */
function configuredLyricist(openai: OpenAiFake, env: Record<string, string> = {}) {
  return createLyricist(parseConfig({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: openai.baseUrl, ...env }));
}

Deno.test("by default the lyricist asks the Responses API for the default model, a strict schema and low reasoning", async () => {
  await using openai = startOpenAiFake({ apiKey: API_KEY });
  const lyricist = configuredLyricist(openai);
  const lyrics = await lyricist.writeLyrics(LYRICS_REQUEST);
  const tags = await lyricist.writeTags(TAGS_REQUEST);

  assertEquals(openai.requests.map((request) => request.path), ["/v1/responses", "/v1/responses"]);
  assertEquals([lyrics.call.endpoint, tags.call.endpoint], ["/responses", "/responses"]);
  const [lyricsSent, tagsSent] = openai.requests.map((request) => request.sent);
  assertEquals(lyricsSent?.model, DEFAULT_OPENAI_MODEL);
  assertEquals(lyricsSent?.text?.format, { type: "json_schema", ...LYRICS_FORMAT });
  assertEquals(tagsSent?.text?.format?.name, "song_tags");
  assertEquals(tagsSent?.text?.format?.strict, true);
  for (const sent of [lyricsSent, tagsSent]) {
    assertEquals(sent?.reasoning, { effort: "low" });
    assertEquals(sent?.store, false);
    assertEquals([sent?.messages, sent?.response_format], [undefined, undefined]);
  }
});

Deno.test("a deployment that still names a GPT-4 model is sent no reasoning setting, which that family refuses", async () => {
  await using openai = startOpenAiFake({ apiKey: API_KEY });
  await configuredLyricist(openai, { OPENAI_MODEL: "gpt-4o-mini" }).writeLyrics(LYRICS_REQUEST);
  const sent = openai.requests[0].sent;
  assertEquals([openai.requests[0].path, sent?.model], ["/v1/responses", "gpt-4o-mini"]);
  assertEquals(sent?.reasoning, undefined);
});

Deno.test("OPENAI_API=chat-completions works against a compatible server without /v1/responses", async () => {
  await using openai = startOpenAiFake({ apiKey: API_KEY, responsesApi: false });
  const lyricist = configuredLyricist(openai, {
    OPENAI_API: "chat-completions",
    OPENAI_MODEL: "local-model",
  });
  const lyrics = await lyricist.writeLyrics(LYRICS_REQUEST);
  const tags = await lyricist.writeTags(TAGS_REQUEST);

  assertStringIncludes(lyrics.lyrics, "Mia");
  assertEquals([tags.tags, tags.title], ["pop, upbeat, children's song, catchy melody", "Mia's Song"]);
  assertEquals(openai.requests.map((request) => [request.path, request.answer]), [
    ["/v1/chat/completions", 200],
    ["/v1/chat/completions", 200],
  ]);
  assertEquals(openai.requests[0].sent?.model, "local-model");
  assertEquals(openai.requests[0].sent?.reasoning, undefined, "never sent on chat completions");
});

Deno.test("the Responses API against a server without it is a 404 that names the setting, not retried", async () => {
  await using openai = startOpenAiFake({ responsesApi: false });
  const error = await failedCall(() => configuredLyricist(openai).writeLyrics(LYRICS_REQUEST));

  assertEquals([error.call.httpStatus, error.call.endpoint], [404, "/responses"]);
  assertEquals(error.call.requestId, openai.requests[0].requestId);
  assertStringIncludes(error.message, "Invalid URL (POST /v1/responses)");
  assertStringIncludes(error.message, "OPENAI_API=chat-completions");
  assertEquals(isTransient(error.call), false);
});

/** A Responses API answer from a server of the test's own, with its status and message content. */
function ownResponse(fields: Record<string, unknown>, content: unknown[] = []) {
  return serverAnswering(() =>
    Response.json({
      id: "resp_1",
      object: "response",
      model: MODEL,
      status: "completed",
      incomplete_details: null,
      error: null,
      output: [
        { type: "reasoning", id: "rs_1", summary: [] },
        { type: "message", id: "msg_1", role: "assistant", status: "completed", content },
      ],
      ...fields,
    }, { headers: { "x-request-id": "req_own" } })
  );
}

Deno.test("Responses API: incomplete, failed and refused answers are ProviderCallErrors in plain words", async () => {
  const json = '{"lyrics":"Mia, Mia"}';
  const text = [{ type: "output_text", text: json, annotations: [] }];
  const cases: [fields: Record<string, unknown>, content: unknown[], says: string][] = [
    [
      { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } },
      [{ type: "output_text", text: '{"lyr', annotations: [] }],
      "OpenAI answered without lyrics: the answer was cut off at the length limit.",
    ],
    [
      { status: "incomplete", incomplete_details: { reason: "content_filter" } },
      text,
      "OpenAI answered without lyrics: the content filter stopped the answer.",
    ],
    [
      { status: "incomplete", incomplete_details: { reason: "max_messages" } },
      text,
      "OpenAI answered without lyrics: the answer stopped before it was complete (max_messages).",
    ],
    [
      { status: "failed", error: { code: "server_error", message: "The model broke down." } },
      [],
      "OpenAI answered without lyrics: the model failed (The model broke down.).",
    ],
    [
      {},
      [{ type: "refusal", refusal: "I can't write that." }],
      `OpenAI answered without lyrics: the model refused ("I can't write that.").`,
    ],
    [{ output: "nothing" }, [], "OpenAI answered without lyrics: the answer holds no output."],
  ];
  for (const [fields, content, says] of cases) {
    await using server = ownResponse(fields, content);
    const lyricist = createOpenAiLyricist({
      apiKey: API_KEY,
      baseUrl: `${server.origin}/v1`,
      model: MODEL,
      api: "responses",
    });
    const error = await failedCall(() => lyricist.writeLyrics(LYRICS_REQUEST));
    assertEquals(error.message, says);
    assertEquals([error.call.httpStatus, error.call.requestId], [200, "req_own"]);
    assert(isTransient(error.call), "asked again, as an unusable chat completion is");
  }
});

Deno.test("Responses API: the text of every output_text part is read, whatever comes before the message", async () => {
  await using server = ownResponse({}, [
    { type: "output_text", text: '{"lyrics":', annotations: [] },
    { type: "output_text", text: '"Mia, Mia"}', annotations: [] },
  ]);
  const lyricist = createOpenAiLyricist({
    apiKey: API_KEY,
    baseUrl: `${server.origin}/v1`,
    model: MODEL,
    api: "responses",
  });
  const result = await lyricist.writeLyrics(LYRICS_REQUEST);
  assertEquals([result.lyrics, result.raw], ["Mia, Mia", '{"lyrics":"Mia, Mia"}']);
});
