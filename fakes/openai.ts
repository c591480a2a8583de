/**
 * OpenAI's chat completions endpoint on loopback, so tests and benches drive the real SDK end to end:
 * headers, structured-output requests, error bodies, request ids, timeouts and dropped connections.
 *
 *   await using openai = startOpenAiFake();
 *   const lyricist = createOpenAiLyricist({ apiKey: "sk-test", baseUrl: openai.baseUrl, model: "gpt-4o-mini" });
 *   openai.failNext({ status: 429 });
 *
 * Its lyrics are canned but deterministic, built from the child's name found in the user message.
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
  | "refusal";

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
}

export interface RecordedChatRequest {
  method: string;
  path: string;
  /** Lower-case names, as sent (`authorization`, `x-stainless-retry-count`…). */
  headers: Record<string, string>;
  /** The JSON body, or null when it was not JSON. */
  body: ChatRequestBody | null;
  /** The status answered, or the fault that replaced the answer. */
  answer: number | "timeout" | "reset";
  requestId: string | null;
  /** The fault injected into this request, if any. */
  fault?: OpenAiFault;
}

/** The part of a chat completion request the fake reads. */
export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: {
    type: string;
    json_schema?: { name?: string; strict?: boolean; schema?: { properties?: Record<string, unknown> } };
  };
  [field: string]: unknown;
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
  const requests: RecordedChatRequest[] = [];
  const queued: OpenAiFault[] = [];
  const random = seededRandom(options.seed ?? 1);
  const randomFaults = options.randomFaults ?? DEFAULT_RANDOM_FAULTS;
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
    const text = await request.text();
    const body = parseBody(text);
    const requestId = `req_${(++served).toString(16).padStart(12, "0")}`;
    const record: RecordedChatRequest = {
      method: request.method,
      path: url.pathname,
      headers: Object.fromEntries(request.headers),
      body,
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
    if (request.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      return answer(Response.json({
        error: { message: `Invalid URL (${request.method} ${url.pathname})`, type: "invalid_request_error" },
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
    if (!body || typeof body.model !== "string" || !Array.isArray(body.messages)) {
      return answer(failure(400, requestId));
    }
    if (fault === "refusal") {
      return answer(
        completion(body, requestId, { content: null, refusal: "I'm sorry, I can't help with that." }),
      );
    }
    if (fault === "bad-json") {
      const prose = "Here is a lovely song for your child! La la la, what a happy day.";
      return answer(completion(body, requestId, { content: prose, refusal: null }));
    }
    return answer(
      completion(body, requestId, { content: JSON.stringify(cannedAnswer(body)), refusal: null }),
    );
  }

  const server = startLoopbackServer(handle);

  return {
    /** OPENAI_BASE_URL for this fake (the SDK appends `/chat/completions`). */
    baseUrl: `${server.origin}/v1`,
    requests,
    /** The most requests it was answering at one time. */
    get mostAtOnce() {
      return mostAtOnce;
    },

    /** The next `times` chat requests (after the key check) get `fault` instead of an answer. */
    failNext(fault: OpenAiFault, times = 1) {
      for (let i = 0; i < times; i++) queued.push(fault);
    },

    async [Symbol.asyncDispose]() {
      await server[Symbol.asyncDispose]();
    },
  };
}

export type OpenAiFake = ReturnType<typeof startOpenAiFake>;

function parseBody(text: string): ChatRequestBody | null {
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

function completion(
  body: ChatRequestBody,
  requestId: string,
  message: { content: string | null; refusal: string | null },
): Response {
  const promptTokens = words((body.messages ?? []).map((message) => message.content).join(" "));
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
      finish_reason: "stop",
    }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
    system_fingerprint: "fp_fake",
  }, { headers: { "x-request-id": requestId } });
}

/** What the model would write: lyrics or tags, as the requested schema (or the prompts) say. */
function cannedAnswer(body: ChatRequestBody): { lyrics: string } | { tags: string; title: string } {
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
