import OpenAI from "openai";
import type { OpenAiApi, OpenAiReasoningEffort } from "../../domain/config.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import type { Lyricist } from "./mod.ts";

export interface OpenAiLyricistOptions {
  apiKey: string;
  /** OPENAI_BASE_URL, e.g. `http://127.0.0.1:8787/v1`; unset means OpenAI itself. */
  baseUrl?: string;
  model: string;
  /** OPENAI_API: OpenAI's Responses API, or chat completions for a compatible server without `/responses`. */
  api: OpenAiApi;
  /** Sent on the Responses API only; null (or unset) sends none (domain/config.ts says why "low"). */
  reasoningEffort?: OpenAiReasoningEffort | null;
  /** Per attempt, answer included. */
  timeoutMs?: number;
}

/**
 * Lyrics for a whole song take a model well under a minute; a call still open after that is stuck,
 * and the job system's retry (with its own backoff) does better than waiting on it.
 */
const OPENAI_TIMEOUT_MS = 60_000;

const OPENAI_API = "https://api.openai.com/v1";

/**
 * The two answers, each defined once and shaped per API below. Strict structured output: the model
 * can only answer with exactly these fields. `wanted` is how a message names what did not come.
 */
const LYRICS = {
  name: "song_lyrics",
  wanted: "lyrics",
  schema: {
    type: "object",
    properties: { lyrics: { type: "string", description: "The complete song lyrics." } },
    required: ["lyrics"],
    additionalProperties: false,
  },
} as const;

const TAGS = {
  name: "song_tags",
  wanted: "style tags and a title",
  schema: {
    type: "object",
    properties: {
      tags: { type: "string", description: "Comma-separated music style tags." },
      title: { type: "string", description: "The song's title." },
    },
    required: ["tags", "title"],
    additionalProperties: false,
  },
} as const;

type Answer = typeof LYRICS | typeof TAGS;
type Fields<A extends Answer> = Record<A["schema"]["required"][number], string>;

interface Prompts {
  system: string;
  user: string;
}

/** The model's text, or why the answer has none worth parsing. */
type Reading = { text: string } | { unusable: string };

/** What differs between the two APIs: the request, and where the answer keeps the model's text. */
interface TextApi {
  /** As recorded in CallFacts. */
  endpoint: string;
  /**
   * The SDK call, its body left unread: `send` reads it, because the SDK's own reading of a Responses
   * answer throws a TypeError on a body that is not an object (a proxy's HTML page).
   */
  request(
    answer: Answer,
    prompts: Prompts,
    signal: AbortSignal | undefined,
  ): { asResponse(): Promise<Response> };
  read(body: unknown): Reading;
}

/**
 * OpenAI through the official SDK, on the Responses API or chat completions. The SDK's own retries
 * are off: a retry is the job system's decision (it records every attempt as an event), and hidden
 * retries would make one recorded call stand for several.
 */
export function createOpenAiLyricist(options: OpenAiLyricistOptions): Lyricist {
  const { apiKey, model } = options;
  const timeoutMs = options.timeoutMs ?? OPENAI_TIMEOUT_MS;
  // Named even when unset: the SDK would otherwise read OPENAI_BASE_URL itself, behind the config's back.
  const baseURL = options.baseUrl ?? OPENAI_API;
  const client = new OpenAI({
    apiKey,
    baseURL,
    maxRetries: 0,
    timeout: timeoutMs,
    // A fresh connection per call: on a reused keep-alive connection that closes without an answer,
    // Deno's fetch sends the request again by itself, a retry nobody would see or record.
    defaultHeaders: { connection: "close" },
  });
  const host = new URL(baseURL).host;
  const api = options.api === "responses"
    ? responsesApi(client, model, options.reasoningEffort ?? null)
    : chatCompletionsApi(client, model);

  /** One call for `answer`: its fields, the text they came in, and the call's facts. */
  async function ask<A extends Answer>(
    answer: A,
    prompts: Prompts,
    signal: AbortSignal | undefined,
  ): Promise<{ fields: Fields<A>; raw: string; call: CallFacts }> {
    const { text, call } = await send(answer, prompts, signal);
    const fields = parseFields(text, answer.schema.required);
    if (typeof fields === "string") throw unusable(answer, fields, call);
    return { fields, raw: text, call };
  }

  /** The model's text, or a ProviderCallError: status 200 when an answer came without usable text. */
  async function send(
    answer: Answer,
    prompts: Prompts,
    signal: AbortSignal | undefined,
  ): Promise<{ text: string; call: CallFacts }> {
    const elapsed = stopwatch();
    let response: Response;
    let body: string;
    try {
      response = await api.request(answer, prompts, signal).asResponse();
      body = await response.text();
    } catch (error) {
      throw callError(error, elapsed(), signal);
    }
    const call = facts(response.status, elapsed(), response.headers.get("x-request-id"));
    const json = parseJson(body);
    // A proxy's HTML page, or a body cut short by a server that then closed cleanly.
    if (json === undefined) throw unusable(answer, "the body is not JSON", call);
    const reading = api.read(json);
    if ("unusable" in reading) throw unusable(answer, reading.unusable, call);
    return { text: reading.text, call };
  }

  function unusable(answer: Answer, reason: string, call: CallFacts): ProviderCallError {
    return new ProviderCallError(scrub(`OpenAI answered without ${answer.wanted}: ${reason}.`), call);
  }

  function callError(error: unknown, durationMs: number, signal: AbortSignal | undefined): ProviderCallError {
    const fail = (message: string, httpStatus: number, requestId: string | null = null) =>
      new ProviderCallError(scrub(message), facts(httpStatus, durationMs, requestId), { cause: error });

    // Every SDK failure is an APIError; only those with a status carry an answer from the server.
    if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const detail = (error.error as { message?: unknown } | undefined)?.message;
      const kind = error.code ?? error.type;
      return fail(
        `OpenAI answered HTTP ${error.status}${kind ? ` ${kind}` : ""}: ${
          typeof detail === "string" ? detail : error.message
        }${missingEndpointHint(error)}`,
        error.status,
        error.requestID ?? null,
      );
    }
    if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
      return fail("The OpenAI request was cancelled before it finished.", 0);
    }
    // Before the connection error: the timeout error is one.
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return fail(`OpenAI at ${host} did not answer within ${seconds(timeoutMs)} (timeout).`, 0);
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return fail(
        `The connection to OpenAI at ${host} failed (network error: ${describe(error.cause ?? error)}).`,
        0,
      );
    }
    // The body broke off mid-way: no complete answer came.
    return fail(`OpenAI's answer did not arrive whole (${describe(error)}).`, 0);
  }

  /** A compatible server without the Responses API answers it 404; the fix is a setting, so say which. */
  function missingEndpointHint(error: InstanceType<typeof OpenAI.APIError>): string {
    const missing = error.status === 404 && api.endpoint === "/responses" && error.code !== "model_not_found";
    return missing ? ` (a server without the Responses API needs OPENAI_API=chat-completions)` : "";
  }

  function facts(httpStatus: number, durationMs: number, requestId: string | null): CallFacts {
    return { provider: "openai", endpoint: api.endpoint, method: "POST", httpStatus, durationMs, requestId };
  }

  /**
   * The SDK never puts the key in a message, but a proxy at OPENAI_BASE_URL might echo it. A key too
   * short to be real (a test's "k") is left alone rather than blanking letters all over the text.
   */
  function scrub(message: string): string {
    return apiKey.length >= 8 ? message.replaceAll(apiKey, "[api key]") : message;
  }

  return {
    kind: "openai",

    async writeLyrics(request, signal) {
      const { fields, raw, call } = await ask(LYRICS, request, signal);
      return { lyrics: fields.lyrics, raw, call };
    },

    async writeTags(request, signal) {
      const { fields, raw, call } = await ask(TAGS, request, signal);
      return { tags: fields.tags, title: fields.title, raw, call };
    },
  };
}

/**
 * The Responses API, which OpenAI recommends for reasoning models. Nothing is stored at OpenAI: no
 * later call builds on a response, and a child's details have no business outliving the call there.
 * No output cap: reasoning counts towards it, and a cap tight enough to matter would cut songs off.
 */
function responsesApi(client: OpenAI, model: string, effort: OpenAiReasoningEffort | null): TextApi {
  return {
    endpoint: "/responses",
    request: (answer, { system, user }, signal) =>
      client.responses.create({
        model,
        instructions: system,
        input: user,
        text: { format: { type: "json_schema", name: answer.name, strict: true, schema: answer.schema } },
        ...(effort ? { reasoning: { effort } } : {}),
        store: false,
      }, { signal }),
    read: responseText,
  };
}

/** Chat completions, for a compatible server that has no `/responses`; it is sent as it always was. */
function chatCompletionsApi(client: OpenAI, model: string): TextApi {
  return {
    endpoint: "/chat/completions",
    request: (answer, { system, user }, signal) =>
      client.chat.completions.create({
        model,
        messages: [{ role: "system", content: system }, { role: "user", content: user }],
        response_format: {
          type: "json_schema",
          json_schema: { name: answer.name, strict: true, schema: answer.schema },
        },
      }, { signal }),
    read: messageText,
  };
}

/** The text of a Responses API answer: its message items' output text, after any reasoning items. */
function responseText(body: unknown): Reading {
  const response = body as Partial<OpenAI.Responses.Response> | null;
  if (typeof response !== "object" || response === null || !Array.isArray(response.output)) {
    return { unusable: "the answer holds no output" };
  }
  const content = response.output.flatMap((item) =>
    item?.type === "message" && Array.isArray(item.content) ? item.content : []
  );
  const refusal = content.find((part): part is OpenAI.Responses.ResponseOutputRefusal =>
    part?.type === "refusal"
  );
  if (refusal) return { unusable: `the model refused ("${refusal.refusal}")` };
  if (response.status === "incomplete") return { unusable: incompleteReason(response.incomplete_details) };
  if (response.status === "failed") {
    return { unusable: `the model failed (${response.error?.message ?? "no reason given"})` };
  }
  // A compatible server may leave the status out; anything else (queued, cancelled…) holds no answer.
  if (response.status !== undefined && response.status !== "completed") {
    return { unusable: `the answer's status is "${response.status}"` };
  }
  const text = content.map((part) => part?.type === "output_text" ? part.text : "").join("");
  return text.trim() ? { text } : { unusable: "the message is empty" };
}

function incompleteReason(details: OpenAI.Responses.Response["incomplete_details"] | undefined): string {
  switch (details?.reason) {
    case "max_output_tokens":
      return "the answer was cut off at the length limit";
    case "content_filter":
      return "the content filter stopped the answer";
    default:
      return `the answer stopped before it was complete (${details?.reason ?? "no reason given"})`;
  }
}

/** The text of a chat completion's message. */
function messageText(body: unknown): Reading {
  const completion = body as Partial<OpenAI.ChatCompletion> | null;
  const choice = typeof completion === "object" && completion !== null ? completion.choices?.[0] : undefined;
  const message = choice?.message;
  if (!message) return { unusable: "the answer holds no message" };
  if (message.refusal) return { unusable: `the model refused ("${message.refusal}")` };
  if (choice.finish_reason === "length") return { unusable: "the answer was cut off at the length limit" };
  if (choice.finish_reason === "content_filter") {
    return { unusable: "the content filter stopped the answer" };
  }
  if (typeof message.content !== "string" || !message.content.trim()) {
    return { unusable: "the message is empty" };
  }
  return { text: message.content };
}

/** The body's JSON, or undefined when it is not JSON (JSON itself has no undefined). */
function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The named text fields, trimmed; or why the content does not have them all. */
function parseFields<Name extends string>(
  content: string,
  names: readonly Name[],
): Record<Name, string> | string {
  const parsed = parseJson(content);
  if (parsed === undefined) return "the message is not JSON";
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return "the message is not a JSON object";
  }
  const fields = {} as Record<Name, string>;
  for (const name of names) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value !== "string" || !value.trim()) return `"${name}" is missing or empty`;
    fields[name] = value.trim();
  }
  return fields;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
