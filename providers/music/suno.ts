import { concatBytes } from "../../domain/bytes.ts";
import type { SingerGender } from "../../domain/order/orders.ts";
import { type AlignedWord, MAX_TIMED_WORDS } from "../../domain/song/timed_lyrics.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import { recordLimiterWait } from "../telemetry.ts";
import { type RateWindow, rateWindow } from "../rate_window.ts";
import type { MusicStudio, SongCheck, SongTrack } from "./mod.ts";

export interface SunoStudioOptions {
  apiKey: string;
  /** SUNO_API_URL, e.g. `https://api.sunoapi.org`; a path prefix (a proxy's) is kept. */
  apiUrl: string;
  /** SUNO_MODEL, e.g. "V4_5". */
  model: string;
  /** For the API's own calls (create, check). */
  timeoutMs?: number;
  /** For fetching the finished audio, body included. */
  downloadTimeoutMs?: number;
  /** The largest audio file accepted. */
  maxAudioBytes?: number;
  /** The API's published request limit (default SUNO_RATE_LIMIT); the audio CDN is not counted. */
  rateLimit?: { requests: number; windowMs: number };
  /**
   * Where calls wait for that limit: the deployment's window in KV (select.ts), or by default one in
   * this process alone.
   */
  allowance?: RateWindow;
}

/** The API answers in well under a second when healthy; thirty seconds means it is not. */
const SUNO_TIMEOUT_MS = 30_000;
/** A few megabytes from a CDN, allowing for a slow one. */
const SUNO_DOWNLOAD_TIMEOUT_MS = 120_000;
/** A four-minute song at 320 kbit/s is under 10 MB; anything past 30 MB is not a song of ours. */
const MAX_AUDIO_BYTES = 30 * 1024 * 1024;
/** The music API allows 20 requests every 10 seconds. */
const SUNO_RATE_LIMIT = { requests: 20, windowMs: 10_000 };

const GENERATE = "/api/v1/generate";
const RECORD_INFO = "/api/v1/generate/record-info";
const TIMESTAMPED_LYRICS = "/api/v1/generate/get-timestamped-lyrics";
/** The service makes two takes of every song. */
const TAKES_PER_TASK = 2;

/** What the API's `code` values mean (it answers HTTP 200 with these in the body). */
const CODE_MEANINGS: Record<number, string> = {
  400: "the request was refused as invalid",
  401: "the API key was refused",
  404: "not found",
  405: "rate limited",
  409: "it conflicts with the task's state",
  413: "the lyrics or style are too long",
  422: "the request's fields were refused",
  429: "the account is out of credits",
  430: "too many calls at once",
  455: "the service is under maintenance",
  500: "the service failed",
};

/** The task's end: the service will not produce the song. */
const FAILED_STATUSES: Record<string, string> = {
  CREATE_TASK_FAILED: "The music service could not create the task",
  GENERATE_AUDIO_FAILED: "The music service could not generate the audio",
  CALLBACK_EXCEPTION: "The music service failed while reporting progress",
  SENSITIVE_WORD_ERROR: "The music service refused the lyrics or style for sensitive words",
};

/** Every answer of the API is wrapped in this. */
interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

interface RecordInfo {
  taskId?: unknown;
  status?: unknown;
  response?: { sunoData?: unknown } | null;
  errorCode?: unknown;
  errorMessage?: unknown;
}

interface Track {
  id?: unknown;
  audioUrl?: unknown;
  title?: unknown;
  duration?: unknown;
}

interface TimestampedLyrics {
  alignedWords?: unknown;
}

/**
 * A sunoapi.org-style music API over plain fetch: create a task, check it, download the audio.
 * Its answers carry their own `code`, and HTTP 200 with `code: 429` is a failure like any other.
 * No call is retried here: that is the job system's decision.
 */
export function createSunoStudio(options: SunoStudioOptions): MusicStudio {
  const { apiKey, model } = options;
  const base = options.apiUrl.replace(/\/+$/, "");
  const host = new URL(base).host;
  const timeoutMs = options.timeoutMs ?? SUNO_TIMEOUT_MS;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? SUNO_DOWNLOAD_TIMEOUT_MS;
  const maxAudioBytes = options.maxAudioBytes ?? MAX_AUDIO_BYTES;
  const { requests, windowMs } = options.rateLimit ?? SUNO_RATE_LIMIT;
  const allowance = options.allowance ?? rateWindow(requests, windowMs);

  /** One API call: the envelope's `data` when `code` is 200, a ProviderCallError otherwise. */
  async function callApi(
    action: string,
    request: { method: "GET" | "POST"; path: string; query?: string; body?: unknown; taskId?: string },
    signal: AbortSignal | undefined,
  ): Promise<{ data: unknown; call: CallFacts }> {
    // Waiting for the allowance is not the API's time: the deadline and the duration start after it.
    await waitForAllowance(action, request, signal);
    const elapsed = stopwatch();
    const facts = (httpStatus: number, code: number | null = null): CallFacts => ({
      provider: "suno",
      endpoint: request.path,
      method: request.method,
      httpStatus,
      durationMs: elapsed(),
      code,
      taskId: request.taskId ?? null,
    });
    const fail = (message: string, call: CallFacts, cause?: unknown) =>
      new ProviderCallError(scrub(`The music API could not ${action}: ${message}`), call, { cause });

    const deadline = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${request.path}${request.query ?? ""}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: "application/json",
          // A POST goes on a fresh connection: on a reused keep-alive connection that closes without
          // an answer, Deno's fetch sends the request again by itself, and a second paid task could
          // start without anyone knowing. A repeated GET is harmless, so checks keep the pool.
          ...(request.method === "POST" ? { "content-type": "application/json", connection: "close" } : {}),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // A status line without the body it announced is still no answer.
      throw fail(noAnswer(error, signal, deadline, timeoutMs, host), facts(0), error);
    }

    const body = parseJson(text);
    const envelope: Envelope = typeof body === "object" && body !== null ? body : {};
    const code = typeof envelope.code === "number" ? envelope.code : null;
    const said = typeof envelope.msg === "string" && envelope.msg ? envelope.msg : snippet(text);
    if (status < 200 || status > 299) {
      const coded = code !== null && code !== status ? ` (code ${code})` : "";
      throw fail(`HTTP ${status}${coded}: ${said}`, facts(status, code));
    }
    if (code === null) {
      throw fail(`HTTP ${status} without a status code in the answer: ${snippet(text)}`, facts(status));
    }
    if (code !== 200) {
      // The HTTP status stays the one that came (200): the refusal is the body's code, and staff read
      // both apart. Retry decisions read the code (domain/generation/call_errors.ts isTransient).
      const meaning = CODE_MEANINGS[code];
      throw fail(`code ${code}${meaning ? `, ${meaning}` : ""} (${said})`, facts(status, code));
    }
    return { data: envelope.data, call: facts(status, code) };
  }

  async function waitForAllowance(
    action: string,
    request: { method: "GET" | "POST"; path: string; taskId?: string },
    signal: AbortSignal | undefined,
  ) {
    const waited = stopwatch();
    try {
      await allowance.take(signal);
      recordLimiterWait("music-requests", waited());
    } catch (error) {
      const call: CallFacts = {
        provider: "suno",
        endpoint: request.path,
        method: request.method,
        httpStatus: 0,
        durationMs: 0,
        code: null,
        taskId: request.taskId ?? null,
      };
      // The store answering with an error while the allowance was sought is not the step being stopped.
      const why = signal?.aborted
        ? "stopped while waiting for its request allowance"
        : `could not take its request allowance (${error instanceof Error ? error.message : String(error)})`;
      throw new ProviderCallError(
        `The music API could not ${action}: ${why}.`,
        call,
        { cause: error },
      );
    }
  }

  /**
   * The API key must never reach a message, even if a proxy echoes the Authorization header. A key
   * too short to be real (a test's "k") is left alone rather than blanking letters all over the text.
   */
  function scrub(message: string): string {
    return apiKey.length >= 8 ? message.replaceAll(apiKey, "[api key]") : message;
  }

  return {
    kind: "suno",

    async createSong(request, signal) {
      const { data, call } = await callApi("create the song", {
        method: "POST",
        path: GENERATE,
        body: {
          customMode: true,
          instrumental: false,
          prompt: request.lyrics,
          style: styleFor(request.style, request.singer),
          title: request.title,
          model,
          callBackUrl: request.callbackUrl,
          ...vocalGender(request.singer),
        },
      }, signal);
      const taskId = (data as { taskId?: unknown } | null)?.taskId;
      if (typeof taskId !== "string" || !taskId) {
        throw new ProviderCallError("The music API accepted the song but answered without a task id.", call);
      }
      return { taskId, call: { ...call, taskId } };
    },

    async checkSong(taskId, signal) {
      const { data, call } = await callApi(`check task ${taskId}`, {
        method: "GET",
        path: RECORD_INFO,
        query: `?taskId=${encodeURIComponent(taskId)}`,
        taskId,
      }, signal);
      if (typeof data !== "object" || data === null) {
        throw new ProviderCallError(`The music API answered without the state of task ${taskId}.`, call);
      }
      return toSongCheck(data as RecordInfo, call);
    },

    async downloadAudio(audioUrl, signal) {
      const url = URL.canParse(audioUrl) ? new URL(audioUrl) : null;
      const elapsed = stopwatch();
      const facts = (httpStatus: number): CallFacts => ({
        provider: "suno",
        // The path only: a CDN's query string is often a signature.
        endpoint: url?.pathname ?? "",
        method: "GET",
        httpStatus,
        durationMs: elapsed(),
      });
      const fail = (message: string, httpStatus: number, cause?: unknown) =>
        new ProviderCallError(
          scrub(`The song's audio could not be downloaded: ${message}`),
          facts(httpStatus),
          {
            cause,
          },
        );
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
        throw fail(`"${audioUrl}" is not an http(s) URL.`, 0);
      }

      const deadline = AbortSignal.timeout(downloadTimeoutMs);
      let response: Response;
      try {
        // No Authorization header: the audio sits on a third party's CDN.
        response = await fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
      } catch (error) {
        throw fail(noAnswer(error, signal, deadline, downloadTimeoutMs, url.host), 0, error);
      }
      const status = response.status;
      if (!response.ok) {
        await response.body?.cancel();
        throw fail(`${url.host} answered HTTP ${status}.`, status);
      }
      const declared = Number(response.headers.get("content-length"));
      if (declared > maxAudioBytes) {
        await response.body?.cancel();
        throw fail(`the file is ${declared} bytes, over the ${maxAudioBytes}-byte limit.`, status);
      }

      let bytes: Uint8Array | "too large";
      try {
        bytes = await readAtMost(response, maxAudioBytes);
      } catch (error) {
        const reason = signal?.aborted || deadline.aborted
          ? noAnswer(error, signal, deadline, downloadTimeoutMs, url.host)
          : `the transfer from ${url.host} broke off (${describe(error)}).`;
        throw fail(reason, 0, error);
      }
      if (bytes === "too large") throw fail(`the file is over the ${maxAudioBytes}-byte limit.`, status);
      if (bytes.length === 0) throw fail("the file is empty.", status);

      const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      const mp3 = looksLikeMp3(bytes);
      if (!mp3 && !mediaType.startsWith("audio/") && mediaType !== "application/octet-stream") {
        throw fail(`the answer is ${mediaType || "of no stated type"}, not audio.`, status);
      }
      const contentType = mediaType.startsWith("audio/") ? mediaType : mp3 ? "audio/mpeg" : mediaType;
      return { bytes, contentType, call: facts(status) };
    },

    async timedLyrics({ taskId, audioId }, signal) {
      const { data, call } = await callApi(`fetch the timed lyrics of track ${audioId}`, {
        method: "POST",
        path: TIMESTAMPED_LYRICS,
        body: { taskId, audioId },
        taskId,
      }, signal);
      const aligned = (data as TimestampedLyrics | null)?.alignedWords;
      // An empty list is an answer (an instrumental); no list at all is not.
      if (!Array.isArray(aligned)) {
        throw new ProviderCallError(
          `The music API answered without aligned words for track ${audioId} of task ${taskId}.`,
          call,
        );
      }
      return { words: toAlignedWords(aligned), call };
    },
  };
}

/** A child singer has no vocalGender of its own in the API: the style asks for it instead. */
function styleFor(style: string, singer: SingerGender): string {
  if (singer !== "child" || /\bchild vocals\b/i.test(style)) return style;
  return style.trim() ? `${style.trim()}, child vocals` : "child vocals";
}

function vocalGender(singer: SingerGender): { vocalGender?: "f" | "m" } {
  if (singer === "female") return { vocalGender: "f" };
  if (singer === "male") return { vocalGender: "m" };
  return {};
}

/**
 * FIRST_SUCCESS means one of the two tracks is ready; we wait for the whole task. SUCCESS gives the
 * takes that have audio (two at most), in the service's order. SUCCESS without any audio URL is
 * treated as still pending: it has been seen briefly before the URLs are filled in, and if it never
 * changes, the job's deadline ends the wait.
 */
function toSongCheck(info: RecordInfo, call: CallFacts): SongCheck {
  const providerStatus = typeof info.status === "string" && info.status ? info.status : "UNKNOWN";
  const failure = FAILED_STATUSES[providerStatus];
  if (failure) {
    const reason = typeof info.errorMessage === "string" && info.errorMessage.trim()
      ? info.errorMessage.trim()
      : failure;
    const errorCode =
      Number.isInteger(Number(info.errorCode)) && info.errorCode !== null && info.errorCode !== ""
        ? Number(info.errorCode)
        : null;
    const code = errorCode === null ? "" : ` (error code ${errorCode})`;
    return { state: "failed", providerStatus, message: `${reason}${code}`, errorCode, call };
  }
  if (providerStatus === "SUCCESS") {
    const sunoData: Track[] = Array.isArray(info.response?.sunoData) ? info.response.sunoData : [];
    const tracks = sunoData.filter((track) => typeof track?.audioUrl === "string" && track.audioUrl.trim())
      .slice(0, TAKES_PER_TASK).map(toSongTrack);
    if (tracks.length) return { state: "succeeded", providerStatus, tracks, call };
  }
  return { state: "pending", providerStatus, call };
}

function toSongTrack(track: Track): SongTrack {
  return {
    // Without its id a take still plays; it only cannot be asked for its timed lyrics.
    audioId: typeof track.id === "string" && track.id.trim() ? track.id.trim() : null,
    audioUrl: (track.audioUrl as string).trim(),
    title: typeof track.title === "string" && track.title ? track.title : null,
    durationSeconds: typeof track.duration === "number" && Number.isFinite(track.duration)
      ? track.duration
      : null,
  };
}

/**
 * The words that have text. A word without both times keeps its text but counts as not placed, so
 * the reading gives it its neighbour's time rather than a made-up one. Past MAX_TIMED_WORDS it is not
 * our lyrics, so the rest is not kept.
 */
function toAlignedWords(entries: unknown[]): AlignedWord[] {
  const words: AlignedWord[] = [];
  for (const entry of entries) {
    if (words.length >= MAX_TIMED_WORDS) break;
    if (typeof entry !== "object" || entry === null) continue;
    const { word, startS, endS, success, palign } = entry as Record<string, unknown>;
    if (typeof word !== "string") continue;
    const timed = isFiniteNumber(startS) && isFiniteNumber(endS);
    words.push({
      word,
      startS: timed ? startS : 0,
      endS: timed ? endS : 0,
      success: timed && success === true,
      ...(isFiniteNumber(palign) ? { palign } : {}),
    });
  }
  return words;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Why no answer came: the caller gave up, our deadline passed, or the network failed. */
function noAnswer(
  error: unknown,
  signal: AbortSignal | undefined,
  deadline: AbortSignal,
  timeoutMs: number,
  host: string,
): string {
  if (signal?.aborted) return "the request was cancelled before it finished.";
  if (deadline.aborted) return `${host} did not answer within ${seconds(timeoutMs)} (timeout).`;
  return `the connection to ${host} failed (network error: ${describe(error)}).`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`;
}

/** The body, or "too large" as soon as it passes the limit (the rest is never read). */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array | "too large"> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      // Leaving the loop cancels the stream, so the connection stops downloading.
      return "too large";
    }
    chunks.push(chunk);
  }
  return concatBytes(chunks);
}

/** An ID3v2 tag, or an MPEG audio frame sync (11 set bits) at the start. */
function looksLikeMp3(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return true;
  return bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The start of a body that is not the API's JSON (an HTML error page, say), for the message. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return "an empty body";
  return flat.length > 200 ? `"${flat.slice(0, 200)}…"` : `"${flat}"`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
