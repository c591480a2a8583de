/**
 * A sunoapi.org-style music API on loopback: create a task, poll it until its tracks are ready, fetch
 * the audio, receive progress callbacks. Tests and benches drive the real adapter against it,
 * including the API's habit of answering HTTP 200 with a failure `code` in the body.
 *
 *   await using suno = startSunoFake({ apiKey: "suno-key" });
 *   const studio = createSunoStudio({ apiKey: "suno-key", apiUrl: suno.baseUrl, model: "V4_5" });
 *   const { taskId } = await studio.createSong(...);
 *   suno.finish(taskId);
 *
 * Tasks move PENDING → TEXT_SUCCESS → FIRST_SUCCESS → SUCCESS, one step per poll of that task (the
 * `stepsToFinish`-th poll sees the end) or by time with `finishAfterMs`; failing outcomes end in
 * their failure status at the same point. A task makes two tracks, each with its own id and audio.
 *
 * A finished track's timed lyrics (`POST /api/v1/generate/get-timestamped-lyrics`) are the prompt's
 * words spread evenly over the track. To see them fail: `failNext` (any API call), or
 * `failTimedLyrics({ code: 500 })`, `failTimedLyrics({ status: 503 })`, `failTimedLyrics("empty")`
 * for the next alignment only; `timedLyrics: "empty"` (option, or a task's field) aligns nothing.
 */
import { seededRandom, type ServeInfo, startLoopbackServer } from "./loopback.ts";

/** Answered HTTP 200 with this `code` in the body, as the API reports most of its failures. */
export type SunoBodyCode = 400 | 401 | 404 | 405 | 409 | 413 | 422 | 429 | 430 | 451 | 455 | 500;

export type SunoFault =
  | { code: SunoBodyCode }
  /** An HTTP-level failure (502 comes as a proxy's HTML page, as gateways send it). */
  | { status: 500 | 502 | 503 }
  /** Never answers; the client's timeout (or the fake's closing) ends the request. */
  | "timeout"
  /** Drops the connection after reading the request, with no answer at all. */
  | "reset";

/** A timed-lyrics answer gone wrong: a fault, or "empty", a success with no aligned words (an instrumental's). */
export type TimedLyricsFault = SunoFault | "empty";

/** Every fault a caller should survive by retrying, timeouts included: the benches' and soak's mix. */
export const TRANSIENT_SUNO_FAULTS: readonly SunoFault[] = [
  { code: 430 },
  { code: 455 },
  { code: 429 },
  { code: 500 },
  { status: 503 },
  "timeout",
  "reset",
];

export type SunoFailure =
  | "CREATE_TASK_FAILED"
  | "GENERATE_AUDIO_FAILED"
  | "CALLBACK_EXCEPTION"
  | "SENSITIVE_WORD_ERROR";

/**
 * How a task ends. "never" stops at FIRST_SUCCESS; "no-audio" reaches SUCCESS with empty audio URLs;
 * `{ status }` answers that (unknown) status from the first poll on, forever.
 */
export type TaskOutcome = "success" | "never" | "no-audio" | SunoFailure | { status: string };

export interface SunoFakeOptions {
  /** When set, any other Bearer key is answered with code 401. */
  apiKey?: string;
  /** The poll of a task that sees it finished (default 2). Ignored with `finishAfterMs`. */
  stepsToFinish?: number;
  /** Progress by time instead: a third of the way to text, two thirds to first, then the end. */
  finishAfterMs?: number;
  /** How new tasks end (default "success"); a task's own `outcome` can be changed later. */
  outcome?: TaskOutcome;
  /** Picks each new task's outcome instead (a share of tasks failing or never finishing, for soaks). */
  pickOutcome?: () => TaskOutcome;
  /** Progress callbacks to each task's `callBackUrl` (default "off"). */
  callbacks?: "off" | "once" | "duplicate";
  /** Added before every API answer. */
  latencyMs?: number;
  /** The share of API requests (0…1) that get a fault picked from `randomFaults`, for benches. */
  faultRate?: number;
  seed?: number;
  randomFaults?: readonly SunoFault[];
  /**
   * The account's request limit, as the real service keeps it: an API request past `requests` in the
   * last `windowMs` (every request counts, refused ones too) is answered code 405, "call frequency too
   * high". Unset: no limit.
   */
  rateLimit?: { requests: number; windowMs: number };
  /** How new tasks' tracks are aligned (default "aligned"); "empty" answers no words, as for an instrumental. */
  timedLyrics?: TimedLyricsAlignment;
}

export type TimedLyricsAlignment = "aligned" | "empty";

export interface SunoTrack {
  id: string;
  audioUrl: string;
  sourceAudioUrl: string;
  streamAudioUrl: string;
  sourceStreamAudioUrl: string;
  imageUrl: string;
  prompt: string;
  modelName: string;
  title: string;
  tags: string;
  createTime: number;
  duration: number;
}

export interface FakeTask {
  taskId: string;
  /** The generate request's body, as sent. */
  request: GenerateBody;
  status: string;
  outcome: TaskOutcome;
  polls: number;
  tracks: SunoTrack[];
  errorCode: number | null;
  errorMessage: string | null;
  /** How its tracks' timed lyrics are answered once it has finished. */
  timedLyrics: TimedLyricsAlignment;
}

export interface GenerateBody {
  customMode?: unknown;
  instrumental?: unknown;
  prompt?: unknown;
  style?: unknown;
  title?: unknown;
  model?: unknown;
  callBackUrl?: unknown;
  vocalGender?: unknown;
  [field: string]: unknown;
}

export interface RecordedSunoRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names, as sent. */
  headers: Record<string, string>;
  /** A POST's JSON body (a generate request's, or a timed-lyrics request's `{ taskId, audioId }`). */
  body: GenerateBody | null;
  /** The HTTP status answered, or the fault that replaced the answer. */
  answer: number | "timeout" | "reset";
  /** The `code` in the answer's body, when there was one. */
  code: number | null;
  /** The fault injected into this request, if any. */
  fault?: SunoFault;
  /** When it arrived (performance.now()), to see how calls were paced. */
  receivedAt: number;
}

export interface SentCallback {
  url: string;
  callbackType: string;
  taskId: string;
  /** The target's HTTP status, or null when it could not be reached. */
  status: number | null;
}

type Where = "api" | "audio";

const MODELS = ["V3_5", "V4", "V4_5", "V4_5PLUS", "V5"];

const CODE_MESSAGES: Record<SunoBodyCode, string> = {
  400: "Invalid parameters",
  401: "Unauthorized: the API key is invalid",
  404: "Invalid request method or path",
  405: "Rate limit exceeded",
  409: "Conflict",
  413: "Prompt or style too long",
  422: "Validation error",
  429: "Insufficient credits",
  430: "Your call frequency is too high. Please try again later.",
  451: "Failed to fetch the resource",
  455: "System maintenance",
  500: "Server error",
};

const FAILURE_MESSAGES: Record<SunoFailure, string> = {
  CREATE_TASK_FAILED: "Failed to create the generation task",
  GENERATE_AUDIO_FAILED: "Audio generation failed",
  CALLBACK_EXCEPTION: "The callback could not be delivered",
  SENSITIVE_WORD_ERROR: "The lyrics contain sensitive words",
};

const DEFAULT_RANDOM_FAULTS: readonly SunoFault[] = [
  { code: 430 },
  { code: 455 },
  { code: 500 },
  { status: 502 },
  { status: 503 },
  "reset",
];

/**
 * A few MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono) whose side information and main data
 * are all zero: decoders play them as about a second of silence. Deterministic and dependency-free.
 */
export const SILENT_MP3: Uint8Array<ArrayBuffer> = (() => {
  const frameLength = 417; // 144 * 128000 / 44100, without padding
  const frames = 40;
  const bytes = new Uint8Array(frameLength * frames);
  for (let frame = 0; frame < frames; frame++) bytes.set([0xff, 0xfb, 0x90, 0xc4], frame * frameLength);
  return bytes;
})();
const SILENT_MP3_SECONDS = Math.round(40 * 1152 / 44100 * 100) / 100;

/** Listening when it returns; `await using` closes it, stops its timers and waits for its callbacks. */
export function startSunoFake(options: SunoFakeOptions = {}) {
  const stepsToFinish = options.stepsToFinish ?? 2;
  const callbackMode = options.callbacks ?? "off";
  const random = seededRandom(options.seed ?? 1);
  const randomFaults = options.randomFaults ?? DEFAULT_RANDOM_FAULTS;
  const tasks = new Map<string, FakeTask>();
  const requests: RecordedSunoRequest[] = [];
  const callbacksSent: SentCallback[] = [];
  /** Planted audio answers by track id, for download checks: odd types, empty or huge bodies. */
  const audioFiles = new Map<
    string,
    { body: Uint8Array<ArrayBuffer>; contentType: string | null; status?: number }
  >();
  const queued: Record<Where, SunoFault[]> = { api: [], audio: [] };
  /** Only for timed-lyrics requests, after any fault `failNext` queued for all API calls. */
  const timedLyricsFaults: TimedLyricsFault[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const callbackChains = new Map<string, Promise<void>>();
  const stopCallbacks = new AbortController();
  /** The headers of each audio download, to show no credentials went to the CDN. */
  const audioRequests: Record<string, string>[] = [];

  let rateRefusals = 0;
  function overLimit(limit: { requests: number; windowMs: number }, at: number): boolean {
    let inWindow = 0;
    for (let i = requests.length - 1; i >= 0 && requests[i].receivedAt > at - limit.windowMs; i--) inWindow++;
    return inWindow > limit.requests;
  }

  function nextFault(where: Where): SunoFault | undefined {
    const fault = queued[where].shift();
    if (fault !== undefined || where === "audio") return fault;
    if (options.faultRate && random() < options.faultRate) {
      return randomFaults[Math.floor(random() * randomFaults.length)];
    }
    return undefined;
  }

  async function handle(request: Request, info: ServeInfo): Promise<Response> {
    const url = new URL(request.url);
    const audio = /^\/audio\/([^/]+)\.mp3$/.exec(url.pathname);
    if (audio && request.method === "GET") {
      audioRequests.push(Object.fromEntries(request.headers));
      const fault = nextFault("audio");
      if (fault) return await faulted(fault, info, null);
      return serveAudio(decodeURIComponent(audio[1]));
    }

    const text = await request.text();
    const record: RecordedSunoRequest = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      body: request.method === "POST" ? parseBody(text) : null,
      answer: 200,
      code: null,
      receivedAt: performance.now(),
    };
    requests.push(record);

    if (options.rateLimit && overLimit(options.rateLimit, record.receivedAt)) {
      rateRefusals++;
      return coded(record, 405, "call frequency too high");
    }
    if (options.apiKey !== undefined && request.headers.get("authorization") !== `Bearer ${options.apiKey}`) {
      return coded(record, 401);
    }
    const fault = nextFault("api");
    if (fault) record.fault = fault;
    if (fault) return await faulted(fault, info, record);
    await server.delay(options.latencyMs ?? 0);

    if (request.method === "POST" && url.pathname === "/api/v1/generate") return generate(record);
    if (request.method === "GET" && url.pathname === "/api/v1/generate/record-info") {
      return recordInfo(record, url.searchParams.get("taskId") ?? "");
    }
    if (request.method === "POST" && url.pathname === "/api/v1/generate/get-timestamped-lyrics") {
      return await timestampedLyrics(record, info);
    }
    record.answer = 404;
    return Response.json({ code: 404, msg: "Not found", data: null }, { status: 404 });
  }

  async function faulted(fault: SunoFault, info: ServeInfo, record: RecordedSunoRequest | null) {
    if (fault === "timeout" || fault === "reset") {
      if (record) record.answer = fault;
      if (fault === "reset") server.drop(info);
      return await server.hang();
    }
    if ("code" in fault) return coded(record, fault.code);
    if (record) {
      Object.assign(record, { answer: fault.status, code: fault.status === 502 ? null : fault.status });
    }
    if (fault.status === 502) {
      const page =
        "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";
      return new Response(page, { status: 502, headers: { "content-type": "text/html" } });
    }
    const msg = fault.status === 503 ? "Service Unavailable" : "Internal Server Error";
    return Response.json({ code: fault.status, msg, data: null }, { status: fault.status });
  }

  /** HTTP 200 with a failure `code`, the API's usual way. */
  function coded(
    record: RecordedSunoRequest | null,
    code: SunoBodyCode,
    msg = CODE_MESSAGES[code],
  ): Response {
    if (record) Object.assign(record, { answer: 200, code });
    return Response.json({ code, msg, data: null });
  }

  function generate(record: RecordedSunoRequest): Response {
    const body = record.body;
    if (!body) return coded(record, 400, "The request body is not JSON");
    if (body.customMode !== true || body.instrumental !== false) {
      return coded(record, 400, "Only custom mode with vocals is served here");
    }
    for (const field of ["prompt", "style", "title", "callBackUrl"] as const) {
      if (typeof body[field] !== "string" || !(body[field] as string).trim()) {
        return coded(record, 400, `${field} cannot be empty`);
      }
    }
    if (typeof body.model !== "string" || !MODELS.includes(body.model)) {
      return coded(record, 400, `Unknown model ${String(body.model)}`);
    }
    if (body.vocalGender !== undefined && body.vocalGender !== "m" && body.vocalGender !== "f") {
      return coded(record, 400, "vocalGender must be m or f");
    }
    const older = body.model === "V3_5" || body.model === "V4";
    const prompt = body.prompt as string;
    const style = body.style as string;
    const title = body.title as string;
    if (prompt.length > (older ? 3000 : 5000) || style.length > (older ? 200 : 1000) || title.length > 80) {
      return coded(record, 413);
    }

    const taskId = crypto.randomUUID().replaceAll("-", "");
    const task: FakeTask = {
      taskId,
      request: body,
      status: "PENDING",
      outcome: options.pickOutcome?.() ?? options.outcome ?? "success",
      polls: 0,
      tracks: [0, 1].map(() => newTrack(body)),
      errorCode: null,
      errorMessage: null,
      timedLyrics: options.timedLyrics ?? "aligned",
    };
    tasks.set(taskId, task);
    if (options.finishAfterMs !== undefined) scheduleByTime(task, options.finishAfterMs);
    else if (stepsToFinish <= 0) advance(task, "end");
    record.code = 200;
    return Response.json({ code: 200, msg: "success", data: { taskId } });
  }

  function newTrack(body: GenerateBody): SunoTrack {
    const id = crypto.randomUUID();
    return {
      id,
      audioUrl: "",
      sourceAudioUrl: "",
      streamAudioUrl: "",
      sourceStreamAudioUrl: "",
      imageUrl: `${server.origin}/image/${id}.jpeg`,
      prompt: String(body.prompt),
      modelName: String(body.model).toLowerCase(),
      title: String(body.title),
      tags: String(body.style),
      createTime: Date.now(),
      duration: SILENT_MP3_SECONDS,
    };
  }

  function recordInfo(record: RecordedSunoRequest, taskId: string): Response {
    const task = tasks.get(taskId);
    if (!task) return coded(record, 400, `Task ${taskId} not found`);
    task.polls++;
    if (options.finishAfterMs === undefined) {
      advance(
        task,
        task.polls >= stepsToFinish ? "end" : task.polls === 1 ? "TEXT_SUCCESS" : "FIRST_SUCCESS",
      );
    }
    if (typeof task.outcome === "object") task.status = task.outcome.status;
    record.code = 200;
    // Tracks appear once their text is ready; before that (and after a failure) there are none.
    const hasTracks = ["TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS"].includes(task.status);
    return Response.json({
      code: 200,
      msg: "success",
      data: {
        taskId,
        parentMusicId: "",
        param: JSON.stringify(task.request),
        response: hasTracks ? { taskId, sunoData: task.tracks } : null,
        status: task.status,
        type: "chirp-v4-5",
        operationType: "generate",
        errorCode: task.errorCode,
        errorMessage: task.errorMessage,
      },
    });
  }

  /**
   * A finished track's lyrics, aligned. The API's docs list 400 for invalid parameters and keep 404
   * for a wrong method or path, so an unknown task or track, or one not finished, is a 400 here.
   */
  async function timestampedLyrics(record: RecordedSunoRequest, info: ServeInfo): Promise<Response> {
    const fault = timedLyricsFaults.shift();
    if (fault !== undefined && fault !== "empty") {
      record.fault = fault;
      return await faulted(fault, info, record);
    }
    const body = record.body;
    if (!body) return coded(record, 400, "The request body is not JSON");
    for (const field of ["taskId", "audioId"] as const) {
      if (typeof body[field] !== "string" || !(body[field] as string).trim()) {
        return coded(record, 400, `${field} cannot be empty`);
      }
    }
    const taskId = body.taskId as string;
    const audioId = body.audioId as string;
    const task = tasks.get(taskId);
    if (!task) return coded(record, 400, `Task ${taskId} not found`);
    const track = task.tracks.find((track) => track.id === audioId);
    if (!track) return coded(record, 400, `Audio ${audioId} not found in task ${taskId}`);
    if (task.status !== "SUCCESS" || !track.audioUrl) {
      return coded(record, 400, `Task ${taskId} has not finished its audio`);
    }
    const empty = fault === "empty" || task.timedLyrics === "empty";
    const alignedWords = empty ? [] : alignLyrics(String(task.request.prompt), track.duration);
    record.code = 200;
    return Response.json({
      code: 200,
      msg: "success",
      data: { alignedWords, waveformData: waveform(), hootCer: empty ? 0 : 0.38, isStreamed: false },
    });
  }

  const ORDER = ["PENDING", "TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS"];

  /** Moves a task forward (never back), filling in its tracks and calling back for each step passed. */
  function advance(task: FakeTask, target: "TEXT_SUCCESS" | "FIRST_SUCCESS" | "end") {
    const from = ORDER.indexOf(task.status);
    if (from < 0 || from === ORDER.length - 1) return; // already ended
    if (typeof task.outcome === "object") return;
    const wanted = target === "end" ? (task.outcome === "never" ? "FIRST_SUCCESS" : "SUCCESS") : target;
    const to = ORDER.indexOf(wanted);
    const failure = target === "end" && isFailure(task.outcome) ? task.outcome : null;
    for (let step = from + 1; step <= to && !failure; step++) {
      task.status = ORDER[step];
      for (const track of task.tracks) track.streamAudioUrl ||= `${server.origin}/stream/${track.id}`;
      if (step === 2) fillAudio(task.tracks[0], task.outcome);
      if (step === 3) task.tracks.forEach((track) => fillAudio(track, task.outcome));
      callBack(task, step === 1 ? "text" : step === 2 ? "first" : "complete");
    }
    if (failure) {
      task.status = failure;
      task.errorCode = failure === "SENSITIVE_WORD_ERROR" ? 400 : 500;
      task.errorMessage = FAILURE_MESSAGES[failure];
      callBack(task, "error");
    }
  }

  function fillAudio(track: SunoTrack, outcome: TaskOutcome) {
    if (outcome === "no-audio") return;
    track.audioUrl = `${server.origin}/audio/${track.id}.mp3`;
    track.sourceAudioUrl = track.audioUrl;
  }

  function scheduleByTime(task: FakeTask, finishAfterMs: number) {
    const at = (ms: number, target: "TEXT_SUCCESS" | "FIRST_SUCCESS" | "end") => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        advance(task, target);
      }, ms);
      timers.add(timer);
    };
    at(finishAfterMs / 3, "TEXT_SUCCESS");
    at((finishAfterMs * 2) / 3, "FIRST_SUCCESS");
    at(finishAfterMs, "end");
  }

  /** POSTs progress to the task's callBackUrl, in order per task; the target's failures are ignored. */
  function callBack(task: FakeTask, callbackType: "text" | "first" | "complete" | "error") {
    if (callbackMode === "off" || stopCallbacks.signal.aborted) return;
    const url = String(task.request.callBackUrl);
    const failed = callbackType === "error";
    const payload = {
      code: failed ? 501 : 200,
      msg: failed
        ? task.errorMessage
        : callbackType === "complete"
        ? "All generated successfully."
        : "success",
      data: {
        callbackType,
        task_id: task.taskId,
        data: failed ? null : task.tracks.map((track) => ({
          id: track.id,
          audio_url: track.audioUrl,
          source_audio_url: track.sourceAudioUrl,
          stream_audio_url: track.streamAudioUrl,
          source_stream_audio_url: track.sourceStreamAudioUrl,
          image_url: track.imageUrl,
          prompt: track.prompt,
          model_name: track.modelName,
          title: track.title,
          tags: track.tags,
          createTime: track.createTime,
          duration: callbackType === "complete" ? track.duration : null,
        })),
      },
    };
    const copies = callbackMode === "duplicate" ? 2 : 1;
    let chain = callbackChains.get(task.taskId) ?? Promise.resolve();
    for (let copy = 0; copy < copies; copy++) {
      chain = chain.then(() => post(url, payload, callbackType, task.taskId));
    }
    callbackChains.set(task.taskId, chain);
  }

  async function post(url: string, payload: unknown, callbackType: string, taskId: string) {
    if (stopCallbacks.signal.aborted) return;
    let status: number | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
        signal: stopCallbacks.signal,
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      // The API does not care whether its callback landed; neither does the fake.
    }
    callbacksSent.push({ url, callbackType, taskId, status });
  }

  function serveAudio(id: string): Response {
    const planted = audioFiles.get(id);
    if (planted) {
      const headers: Record<string, string> = planted.contentType
        ? { "content-type": planted.contentType }
        : {};
      return new Response(planted.body, { status: planted.status ?? 200, headers });
    }
    const known = [...tasks.values()].some((task) =>
      task.tracks.some((track) => track.id === id && track.audioUrl)
    );
    if (!known) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    return new Response(SILENT_MP3, { headers: { "content-type": "audio/mpeg" } });
  }

  function task(taskId: string): FakeTask {
    const found = tasks.get(taskId);
    if (!found) throw new Error(`The music fake has no task ${taskId}.`);
    return found;
  }

  const server = startLoopbackServer(handle);

  return {
    /** SUNO_API_URL for this fake. */
    baseUrl: server.origin,
    tasks,
    requests,
    callbacksSent,
    audioFiles,

    audioRequests,

    /** API requests answered 405 for going past `rateLimit`. */
    get rateRefusals() {
      return rateRefusals;
    },

    /** The next `times` requests (API calls, or audio downloads) get `fault` instead of an answer. */
    failNext(fault: SunoFault, times = 1, where: Where = "api") {
      for (let i = 0; i < times; i++) queued[where].push(fault);
    },

    /** The next `times` timed-lyrics requests get `fault`, or ("empty") a success with no words. */
    failTimedLyrics(fault: TimedLyricsFault, times = 1) {
      for (let i = 0; i < times; i++) timedLyricsFaults.push(fault);
    },

    /** Ends the task now, as its outcome says (a "success" task gets its audio). */
    finish(taskId: string): FakeTask {
      const found = task(taskId);
      advance(found, "end");
      return found;
    },

    /** Ends the task in a failure status now, whatever its outcome was. */
    fail(taskId: string, status: SunoFailure = "GENERATE_AUDIO_FAILED"): FakeTask {
      const found = task(taskId);
      found.outcome = status;
      advance(found, "end");
      return found;
    },

    /** Waits until every callback sent so far has landed (or failed). */
    async callbacksSettled() {
      while (true) {
        const chains = [...callbackChains.values()];
        await Promise.all(chains);
        if ([...callbackChains.values()].every((chain, index) => chain === chains[index])) return;
      }
    },

    async [Symbol.asyncDispose]() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      stopCallbacks.abort();
      await Promise.all(callbackChains.values());
      await server[Symbol.asyncDispose]();
    },
  };
}

export type SunoFake = ReturnType<typeof startSunoFake>;

function isFailure(outcome: TaskOutcome): outcome is SunoFailure {
  return typeof outcome === "string" && outcome in FAILURE_MESSAGES;
}

export interface FakeAlignedWord {
  word: string;
  success: boolean;
  startS: number;
  endS: number;
  palign: number;
}

/**
 * The lyrics as the API aligns them: a section label and a line break ride on the word after them
 * ("[Verse]\nWaggin'"), and the words share the track's length evenly, each sung for most of its share.
 */
export function alignLyrics(lyrics: string, seconds: number): FakeAlignedWord[] {
  const texts: string[] = [];
  let labels = "";
  for (const line of lyrics.split(/\r?\n/).map((line) => line.trim())) {
    if (!line) continue;
    if (/^\[[^\]]*\]$/.test(line)) {
      labels += `${line}\n`;
      continue;
    }
    line.split(/\s+/).forEach((word, index) => {
      texts.push(index === 0 ? `${texts.length ? "\n" : ""}${labels}${word}` : word);
    });
    labels = "";
  }
  const share = texts.length ? seconds / texts.length : 0;
  const time = (value: number) => Math.round(value * 1000) / 1000;
  return texts.map((word, index) => ({
    word,
    success: true,
    startS: time(index * share),
    endS: time((index + 0.8) * share),
    palign: 0,
  }));
}

/** A loudness curve for a player to draw; the same for every track. */
function waveform(): number[] {
  return Array.from({ length: 64 }, (_, index) => Math.round((0.5 + 0.45 * Math.sin(index / 3)) * 100) / 100);
}

function parseBody(text: string): GenerateBody | null {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
