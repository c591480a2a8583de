/**
 * OpenAI's Responses API and chat completions on loopback, so tests and benches drive the real SDK end
 * to end: headers, structured-output requests, error bodies, request ids, timeouts and dropped
 * connections.
 *
 *   await using openai = startOpenAiFake();
 *   const lyricist = createOpenAiLyricist({
 *     apiKey: "sk-test", baseUrl: openai.baseUrl, model: "gpt-6-luna", api: "responses",
 *   });
 *   openai.failNext({ status: 429 });
 *
 * Its lyrics are canned but deterministic, built from the child's name found in the user message.
 * `responsesApi: false` makes it a compatible server that has only chat completions.
 */
import { seededRandom, type ServeInfo, startLoopbackServer } from "./loopback.ts";

export type OpenAiFault =
  | { status: 400 | 401 | 429 | 500 | 503 }
  /** Never answers; the client's timeout (or the fake's closing) ends the request. */
  | "timeout"
  /** Drops the connection after reading the request, with no answer at all. */
  | "reset"
  /** HTTP 200 whose message is prose, not the JSON the schema asked for. */
  | "bad-json"
  /** HTTP 200 with the model's refusal and no content. */
  | "refusal"
  /**
   * HTTP 200 whose JSON stops half-way at the length limit: chat's finish_reason "length", the
   * Responses API's status "incomplete" for max_output_tokens.
   */
  | "cut-off"
  /** HTTP 200 with an answer the content filter stopped, in each API's own words. */
  | "content-filter";

/** Every fault a caller should survive by retrying, timeouts included: the benches' and soak's mix. */
export const TRANSIENT_OPENAI_FAULTS: readonly OpenAiFault[] = [
  { status: 429 },
  { status: 500 },
  { status: 503 },
  "timeout",
  "reset",
  "bad-json",
];

export interface OpenAiFakeOptions {
  /** When set, any other Bearer key is answered 401 as OpenAI does. */
  apiKey?: string;
  /** Added before every answer. */
  latencyMs?: number;
  /** The share of requests (0…1) that get a fault picked from `randomFaults`, for benches. */
  faultRate?: number;
  /** Seeds the fault draw, so a bench injects the same faults every run. */
  seed?: number;
  randomFaults?: readonly OpenAiFault[];
  /**
   * False pretends to be a compatible server with chat completions only: `/v1/responses` answers 404
   * as any unknown path does.
   */
  responsesApi?: boolean;
}

export interface RecordedOpenAiRequest {
  method: string;
  path: string;
  /** Lower-case names, as sent (`authorization`, `x-stainless-retry-count`…). */
  headers: Record<string, string>;
  /**
   * The JSON body (null when it was not JSON) in chat completions' terms, so a tally of prompts reads
   * both APIs alike: a Responses request keeps its own fields, with `instructions` and `input` also
   * restated as `messages` and `text.format` as `response_format`.
   */
  body: OpenAiRequestBody | null;
  /** The JSON body exactly as sent. */
  sent: OpenAiRequestBody | null;
  /** The status answered, or the fault that replaced the answer. */
  answer: number | "timeout" | "reset";
  requestId: string | null;
  /** The fault injected into this request, if any. */
  fault?: OpenAiFault;
}

interface JsonSchemaFormat {
  name?: string;
  strict?: boolean;
  schema?: { properties?: Record<string, unknown>; [field: string]: unknown };
}

/** The parts of a chat completions or Responses API request the fake reads. */
export interface OpenAiRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: JsonSchemaFormat };
  instructions?: string;
  input?: string | { role?: string; content?: string | { type: string; text?: string }[] }[];
  text?: { format?: { type: string } & JsonSchemaFormat };
  reasoning?: { effort?: string | null };
  store?: boolean;
  max_output_tokens?: number;
  [field: string]: unknown;
}

/** What the model "said", before an API shapes it: text that stopped for a reason, or a refusal. */
type Reply = { text: string; stopped: "done" | "length" | "content_filter" } | { refusal: string };

/** One of the two endpoints: what it needs from a request and how it answers. */
interface Endpoint {
  /** The request in chat completions' terms (see RecordedOpenAiRequest.body). */
  restate(sent: OpenAiRequestBody): OpenAiRequestBody;
  /** Whether the request has what the endpoint needs; it is answered 400 otherwise. */
  accepts(sent: OpenAiRequestBody): boolean;
  answer(body: OpenAiRequestBody, requestId: string, reply: Reply): Response;
}

/** Faults a bench run draws from by default: each one a real service produces now and then. */
const DEFAULT_RANDOM_FAULTS: readonly OpenAiFault[] = [
  { status: 429 },
  { status: 500 },
  { status: 503 },
  "reset",
  "bad-json",
];

const ERRORS: Record<400 | 401 | 429 | 500 | 503, { message: string; type: string; code: string | null }> = {
  400: {
    message: "Invalid value for 'response_format'.",
    type: "invalid_request_error",
    code: "invalid_value",
  },
  401: {
    message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account.",
    type: "invalid_request_error",
    code: "invalid_api_key",
  },
  429: {
    message: "Rate limit reached for requests. Please try again in 1s.",
    type: "requests",
    code: "rate_limit_exceeded",
  },
  500: {
    message: "The server had an error while processing your request. Sorry about that!",
    type: "server_error",
    code: null,
  },
  503: {
    message: "The engine is currently overloaded, please try again later.",
    type: "server_error",
    code: null,
  },
};

/** Listening when it returns; `await using` closes it (and lets go of requests left hanging). */
export function startOpenAiFake(options: OpenAiFakeOptions = {}) {
  const requests: RecordedOpenAiRequest[] = [];
  const queued: OpenAiFault[] = [];
  const random = seededRandom(options.seed ?? 1);
  const randomFaults = options.randomFaults ?? DEFAULT_RANDOM_FAULTS;
  const endpoints = new Map<string, Endpoint>([["/v1/chat/completions", CHAT_COMPLETIONS]]);
  if (options.responsesApi !== false) endpoints.set("/v1/responses", RESPONSES);
  let served = 0;
  let inFlight = 0;
  let mostAtOnce = 0;

  function nextFault(): OpenAiFault | undefined {
    const fault = queued.shift();
    if (fault !== undefined) return fault;
    if (options.faultRate && random() < options.faultRate) {
      return randomFaults[Math.floor(random() * randomFaults.length)];
    }
    return undefined;
  }

  async function handle(request: Request, info: ServeInfo): Promise<Response> {
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    try {
      return await answerRequest(request, info);
    } finally {
      inFlight--;
    }
  }

  async function answerRequest(request: Request, info: ServeInfo): Promise<Response> {
    const url = new URL(request.url);
    const sent = parseBody(await request.text());
    const endpoint = request.method === "POST" ? endpoints.get(url.pathname) : undefined;
    const body = endpoint && sent ? endpoint.restate(sent) : sent;
    const requestId = `req_${(++served).toString(16).padStart(12, "0")}`;
    const record: RecordedOpenAiRequest = {
      method: request.method,
      path: url.pathname,
      headers: Object.fromEntries(request.headers),
      body,
      sent,
      answer: 200,
      requestId,
    };
    requests.push(record);
    const answer = (response: Response) => {
      record.answer = response.status;
      return response;
    };

    const given = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    if (options.apiKey !== undefined && given !== options.apiKey) {
      return answer(failure(401, requestId));
    }
    if (!endpoint) {
      return answer(Response.json({
        error: {
          message: `Invalid URL (${request.method} ${url.pathname})`,
          type: "invalid_request_error",
          param: null,
          code: null,
        },
      }, { status: 404, headers: { "x-request-id": requestId } }));
    }

    const fault = nextFault();
    if (fault !== undefined) record.fault = fault;
    if (fault === "timeout" || fault === "reset") {
      // No answer goes out, so the client never sees an id either.
      Object.assign(record, { answer: fault, requestId: null });
      if (fault === "reset") server.drop(info);
      return await server.hang();
    }
    await server.delay(options.latencyMs ?? 0);
    if (typeof fault === "object") return answer(failure(fault.status, requestId));
    if (!sent || !body || !endpoint.accepts(sent)) return answer(failure(400, requestId));
    return answer(endpoint.answer(body, requestId, replyFor(fault, body)));
  }

  const server = startLoopbackServer(handle);

  return {
    /** OPENAI_BASE_URL for this fake (the SDK appends `/responses` or `/chat/completions`). */
    baseUrl: `${server.origin}/v1`,
    requests,
    /** The most requests it was answering at one time. */
    get mostAtOnce() {
      return mostAtOnce;
    },

    /** The next `times` requests to an endpoint it serves (after the key check) get `fault` instead. */
    failNext(fault: OpenAiFault, times = 1) {
      for (let i = 0; i < times; i++) queued.push(fault);
    },

    async [Symbol.asyncDispose]() {
      await server[Symbol.asyncDispose]();
    },
  };
}

export type OpenAiFake = ReturnType<typeof startOpenAiFake>;

const CHAT_COMPLETIONS: Endpoint = {
  restate: (sent) => sent,
  accepts: (sent) => typeof sent.model === "string" && Array.isArray(sent.messages),
  answer: chatCompletion,
};

const RESPONSES: Endpoint = {
  restate: restateResponsesRequest,
  accepts: (sent) =>
    typeof sent.model === "string" && (typeof sent.input === "string" || Array.isArray(sent.input)),
  answer: responsesAnswer,
};

function parseBody(text: string): OpenAiRequestBody | null {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function failure(status: 400 | 401 | 429 | 500 | 503, requestId: string): Response {
  const { message, type, code } = ERRORS[status];
  return Response.json(
    { error: { message, type, param: null, code } },
    { status, headers: { "x-request-id": requestId } },
  );
}

function replyFor(fault: OpenAiFault | undefined, body: OpenAiRequestBody): Reply {
  switch (fault) {
    case "refusal":
      return { refusal: "I'm sorry, I can't help with that." };
    case "bad-json":
      return { text: "Here is a lovely song for your child! La la la, what a happy day.", stopped: "done" };
    case "cut-off": {
      const json = JSON.stringify(cannedAnswer(body));
      return { text: json.slice(0, Math.ceil(json.length / 2)), stopped: "length" };
    }
    case "content-filter":
      return { text: "", stopped: "content_filter" };
    default:
      return { text: JSON.stringify(cannedAnswer(body)), stopped: "done" };
  }
}

const FINISH_REASONS = { done: "stop", length: "length", content_filter: "content_filter" } as const;

function chatCompletion(body: OpenAiRequestBody, requestId: string, reply: Reply): Response {
  const message = "refusal" in reply
    ? { content: null, refusal: reply.refusal }
    : { content: reply.text, refusal: null };
  const promptTokens = words(promptText(body));
  const completionTokens = words(message.content ?? message.refusal ?? "");
  return Response.json({
    id: `chatcmpl-${requestId.slice(4)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{
      index: 0,
      message: { role: "assistant", ...message, annotations: [] },
      logprobs: null,
      finish_reason: "refusal" in reply ? "stop" : FINISH_REASONS[reply.stopped],
    }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
    system_fingerprint: "fp_fake",
  }, { headers: { "x-request-id": requestId } });
}

const INCOMPLETE_REASONS = { length: "max_output_tokens", content_filter: "content_filter" } as const;

/** Reasoning tokens a reasoning model "spent", so usage adds up as a real answer's does. */
const REASONING_TOKENS = 64;

/**
 * A Responses API answer as OpenAI sends it: a reasoning item (unless asked for none) before the
 * assistant's message, whose content is output text or a refusal.
 */
function responsesAnswer(body: OpenAiRequestBody, requestId: string, reply: Reply): Response {
  const id = requestId.slice(4);
  const stopped = "stopped" in reply && reply.stopped !== "done" ? reply.stopped : null;
  const status = stopped ? "incomplete" : "completed";
  // Unasked, a reasoning model reasons at its own default effort.
  const effort = body.reasoning?.effort ?? "medium";
  const reasons = effort !== "none";
  const content = "refusal" in reply
    ? [{ type: "refusal", refusal: reply.refusal }]
    : [{ type: "output_text", text: reply.text, annotations: [], logprobs: [] }];
  const inputTokens = words(promptText(body));
  const reasoningTokens = reasons ? REASONING_TOKENS : 0;
  const outputTokens = words("refusal" in reply ? reply.refusal : reply.text) + reasoningTokens;
  return Response.json({
    id: `resp_${id}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    background: false,
    error: null,
    incomplete_details: stopped ? { reason: INCOMPLETE_REASONS[stopped] } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output: [
      ...(reasons ? [{ id: `rs_${id}`, type: "reasoning", summary: [] }] : []),
      { id: `msg_${id}`, type: "message", status, role: "assistant", content },
    ],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort, summary: null },
    store: body.store ?? true,
    temperature: 1,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: inputTokens + outputTokens,
    },
    user: null,
    metadata: {},
  }, { headers: { "x-request-id": requestId } });
}

/** A Responses request with its instructions, input and format also in chat completions' fields. */
function restateResponsesRequest(sent: OpenAiRequestBody): OpenAiRequestBody {
  const system = typeof sent.instructions === "string"
    ? [{ role: "system", content: sent.instructions }]
    : [];
  const restated: OpenAiRequestBody = { ...sent, messages: [...system, ...inputMessages(sent.input)] };
  const format = sent.text?.format;
  if (format) {
    const { type, ...jsonSchema } = format;
    restated.response_format = type === "json_schema" ? { type, json_schema: jsonSchema } : { type };
  }
  return restated;
}

/** `input` as messages: a string is one user message, a list keeps its roles and joins its text parts. */
function inputMessages(input: OpenAiRequestBody["input"]): { role: string; content: string }[] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  if (!Array.isArray(input)) return [];
  return input.map((item) => ({
    role: item?.role ?? "user",
    content: typeof item?.content === "string"
      ? item.content
      : (item?.content ?? []).map((part) => part?.text ?? "").join(""),
  }));
}

function promptText(body: OpenAiRequestBody): string {
  return (body.messages ?? []).map((message) => message.content).join(" ");
}

/** What the model would write: lyrics or tags, as the requested schema (or the prompts) say. */
function cannedAnswer(body: OpenAiRequestBody): { lyrics: string } | { tags: string; title: string } {
  const system = body.messages?.find((message) => message.role === "system")?.content ?? "";
  const user = body.messages?.findLast((message) => message.role === "user")?.content ?? "";
  const properties = body.response_format?.json_schema?.schema?.properties ?? {};
  const schemaName = body.response_format?.json_schema?.name ?? "";
  const wantsTags = "tags" in properties || /tag/i.test(schemaName) ||
    (!("lyrics" in properties) && !/lyric/i.test(schemaName) && /\btags?\b/i.test(system));
  const name = childName(user);
  if (wantsTags) {
    const genre = /genre:\s*([^\n,]+)/i.exec(user)?.[1].trim().toLowerCase() || "pop";
    return { tags: `${genre}, upbeat, children's song, catchy melody`, title: `${name}'s Song` };
  }
  return {
    lyrics: [
      "[Verse 1]",
      `${name}, ${name}, shining bright,`,
      "Laughing from the morning to the night,",
      "",
      "[Chorus]",
      `Oh ${name}, this song is just for you,`,
      "Every single word of it is true!",
    ].join("\n"),
  };
}

/** The child's name from "Child's name: …", else the message's first line. */
function childName(user: string): string {
  const labelled = /child'?s name:\s*([^\n]+)/i.exec(user)?.[1].trim();
  const firstLine = user.split("\n").map((line) => line.trim()).find(Boolean);
  return (labelled || firstLine || "Little One").slice(0, 40);
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
