import OpenAI from "openai";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import type { Lyricist } from "./mod.ts";

export interface OpenAiLyricistOptions {
  apiKey: string;
  /** OPENAI_BASE_URL, e.g. `http://127.0.0.1:8787/v1`; unset means OpenAI itself. */
  baseUrl?: string;
  model: string;
  /** Per attempt, answer included. */
  timeoutMs?: number;
}

/**
 * Lyrics for a whole song take a model well under a minute; a call still open after that is stuck,
 * and the job system's retry (with its own backoff) does better than waiting on it.
 */
const OPENAI_TIMEOUT_MS = 60_000;

const ENDPOINT = "/chat/completions";
const OPENAI_API = "https://api.openai.com/v1";

/** Strict structured output: the model can only answer with exactly these fields. */
const LYRICS_FORMAT = {
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
} as const;

const TAGS_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "song_tags",
    strict: true,
    schema: {
      type: "object",
      properties: {
        tags: { type: "string", description: "Comma-separated music style tags." },
        title: { type: "string", description: "The song's title." },
      },
      required: ["tags", "title"],
      additionalProperties: false,
    },
  },
} as const;

type Format = typeof LYRICS_FORMAT | typeof TAGS_FORMAT;

/**
 * OpenAI chat completions through the official SDK. The SDK's own retries are off: a retry is the
 * job system's decision (it records every attempt as an event), and hidden retries would make one
 * recorded call stand for several.
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

  /** One chat completion; answers the message's text, or throws ProviderCallError. */
  async function complete(
    format: Format,
    system: string,
    user: string,
    signal: AbortSignal | undefined,
  ): Promise<{ content: string; call: CallFacts }> {
    const elapsed = stopwatch();
    try {
      const { data, response, request_id } = await client.chat.completions.create({
        model,
        messages: [{ role: "system", content: system }, { role: "user", content: user }],
        response_format: format,
      }, { signal }).withResponse();
      const call = facts(response.status, elapsed(), request_id);
      return { content: messageText(data, format, call), call };
    } catch (error) {
      if (error instanceof ProviderCallError) throw error;
      throw callError(error, elapsed(), signal);
    }
  }

  /** What the model said, or a ProviderCallError (status 200) when it said nothing usable. */
  function messageText(data: OpenAI.ChatCompletion, format: Format, call: CallFacts): string {
    // The SDK hands over whatever the server sent; a proxy's HTML page arrives here as a string.
    const choice = typeof data === "object" && data !== null ? data.choices?.[0] : undefined;
    const message = choice?.message;
    const unusable = (reason: string) =>
      new ProviderCallError(scrub(`OpenAI answered without ${wanted(format)}: ${reason}.`), call);
    if (!message) throw unusable("the answer holds no message");
    if (message.refusal) throw unusable(`the model refused ("${message.refusal}")`);
    if (choice.finish_reason === "length") throw unusable("the answer was cut off at the length limit");
    if (choice.finish_reason === "content_filter") throw unusable("the content filter stopped the answer");
    if (typeof message.content !== "string" || !message.content.trim()) {
      throw unusable("the message is empty");
    }
    return message.content;
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
        }`,
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
    // Only a 2xx body that the SDK could not parse reaches here as a SyntaxError; anything else
    // (a body cut off mid-way) means no complete answer came.
    if (error instanceof SyntaxError) return fail("OpenAI answered with a body that is not JSON.", 200);
    return fail(`OpenAI's answer did not arrive whole (${describe(error)}).`, 0);
  }

  function facts(httpStatus: number, durationMs: number, requestId: string | null): CallFacts {
    return { provider: "openai", endpoint: ENDPOINT, method: "POST", httpStatus, durationMs, requestId };
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
      const { content, call } = await complete(LYRICS_FORMAT, request.system, request.user, signal);
      const fields = parseFields(content, ["lyrics"]);
      if (typeof fields === "string") {
        throw new ProviderCallError(scrub(`OpenAI answered without lyrics: ${fields}.`), call);
      }
      return { lyrics: fields.lyrics, raw: content, call };
    },

    async writeTags(request, signal) {
      const { content, call } = await complete(TAGS_FORMAT, request.system, request.user, signal);
      const fields = parseFields(content, ["tags", "title"]);
      if (typeof fields === "string") {
        throw new ProviderCallError(
          scrub(`OpenAI answered without style tags and a title: ${fields}.`),
          call,
        );
      }
      return { tags: fields.tags, title: fields.title, raw: content, call };
    },
  };
}

/** The named text fields, trimmed; or why the content does not have them all. */
function parseFields<Name extends string>(
  content: string,
  names: readonly Name[],
): Record<Name, string> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return "the message is not JSON";
  }
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

function wanted(format: Format): string {
  return format === LYRICS_FORMAT ? "lyrics" : "style tags and a title";
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
