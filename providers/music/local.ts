import type { SingerGender } from "../../domain/order/orders.ts";
import type { AlignedWord } from "../../domain/song/timed_lyrics.ts";
import { keys } from "../../kv/keys.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import type { MusicStudio, SongCheck, SongTrack } from "./mod.ts";
import { cpuPool } from "../cpu_pool.ts";
import {
  type Melody,
  planMelody,
  songDurationSeconds,
  type SungWord,
  sungWordsOf,
  type SynthRequest,
  writtenLines,
} from "./synth.ts";

/**
 * The local default for music (ARCHITECTURE.md §3): the same create → poll → download cycle as the
 * music API, answered from KV, so the generation worker runs its real code path offline. A task is
 * "rendering" for a moment before it succeeds, as a real one is; the MP3 is rendered on download.
 * Like the service, a task makes two takes: track `${taskId}-1` at `local-synth:${taskId}#1`, and
 * `${taskId}-2` at `local-synth:${taskId}#2`.
 */
export interface LocalStudioOptions {
  /** How long a task stays pending; a worker must see at least one pending answer in real use. */
  renderDelayMs?: number;
  now?: () => number;
  /**
   * After each render the synthesiser rests this many times as long as it rendered (1: half a core),
   * so a backlog of songs leaves the requests their CPU. Tests, which wait for the song, pass 0.
   */
  restAfterRender?: number;
}

interface LocalSongTask {
  taskId: string;
  lyrics: string;
  style: string;
  title: string;
  singer: SingerGender;
  createdAt: number;
}

const TASK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const AUDIO_URL_PREFIX = "local-synth:";
const TAKES = [1, 2] as const;
type Take = typeof TAKES[number];

/**
 * One render at a time, and at most half of a core (a render of ~350 ms is followed by as long a
 * rest): a backlog of songs must not take the CPU the requests need. A real music service does this
 * work on its own machines.
 */
const RENDERING = { size: 1, rest: 1 };

export function createLocalStudio(kv: Deno.Kv, options: LocalStudioOptions = {}): MusicStudio {
  const renderDelayMs = options.renderDelayMs ?? 2000;
  const now = options.now ?? Date.now;
  const renderer = cpuPool<SynthRequest, Uint8Array>(
    new URL("./synth_worker.ts", import.meta.url),
    { ...RENDERING, rest: options.restAfterRender ?? RENDERING.rest },
  );

  /** A store failure is a failed call like any other: the worker decides whether to retry it. */
  async function store<T>(
    endpoint: string,
    taskId: string | null,
    elapsed: () => number,
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (error) {
      throw new ProviderCallError(
        `The local synthesiser could not use its store: ${error instanceof Error ? error.message : error}`,
        callFacts(endpoint, 500, elapsed(), taskId),
        { cause: error },
      );
    }
  }

  return {
    kind: "local",
    async createSong(request) {
      const elapsed = stopwatch();
      const taskId = `local-${crypto.randomUUID()}`;
      const task: LocalSongTask = {
        taskId,
        lyrics: request.lyrics,
        style: request.style,
        title: request.title,
        singer: request.singer,
        createdAt: now(),
      };
      await store(
        "local:create",
        taskId,
        elapsed,
        () => kv.set(keys.localSongTask(taskId), task, { expireIn: TASK_TTL_MS }),
      );
      return { taskId, call: callFacts("local:create", 200, elapsed(), taskId) };
    },

    async checkSong(taskId): Promise<SongCheck> {
      const elapsed = stopwatch();
      const task = await store("local:status", taskId, elapsed, () => readTask(kv, taskId));
      if (!task) {
        return {
          state: "failed",
          providerStatus: "NOT_FOUND",
          message: `The local synthesiser has no task ${taskId}.`,
          errorCode: 404,
          call: callFacts("local:status", 404, elapsed(), taskId),
        };
      }
      if (now() - task.createdAt < renderDelayMs) {
        return {
          state: "pending",
          providerStatus: "PENDING",
          call: callFacts("local:status", 200, elapsed(), taskId),
        };
      }
      return {
        state: "succeeded",
        providerStatus: "SUCCESS",
        tracks: TAKES.map((take) => trackOf(task, take)),
        call: callFacts("local:status", 200, elapsed(), taskId),
      };
    },

    async downloadAudio(audioUrl) {
      const elapsed = stopwatch();
      const address = parseAudioUrl(audioUrl);
      const taskId = address?.taskId ?? null;
      const task = taskId ? await store("local:audio", taskId, elapsed, () => readTask(kv, taskId)) : null;
      if (!address || !task) {
        throw new ProviderCallError(
          `The local synthesiser has no audio at ${audioUrl}.`,
          callFacts("local:audio", 404, elapsed(), taskId),
        );
      }
      let bytes: Uint8Array;
      try {
        bytes = await rendered(synthRequest(task, address.take), (request) => renderer.run(request));
      } catch (error) {
        throw new ProviderCallError(
          `The local synthesiser could not render the song: ${
            error instanceof Error ? error.message : error
          }`,
          callFacts("local:audio", 500, elapsed(), task.taskId),
          { cause: error },
        );
      }
      return {
        bytes,
        contentType: "audio/mpeg",
        call: callFacts("local:audio", 200, elapsed(), task.taskId),
      };
    },

    // Planning a melody takes about a millisecond and renders nothing, so it stays off the render pool.
    async timedLyrics({ taskId, audioId }) {
      const elapsed = stopwatch();
      const task = await store("local:timed-lyrics", taskId, elapsed, () => readTask(kv, taskId));
      const take = TAKES.find((take) => audioIdOf(taskId, take) === audioId);
      if (!task || !take) {
        throw new ProviderCallError(
          `The local synthesiser has no track ${audioId} in task ${taskId}.`,
          callFacts("local:timed-lyrics", 404, elapsed(), taskId),
        );
      }
      return {
        words: alignedWords(planMelody(synthRequest(task, take)), task.lyrics),
        call: callFacts("local:timed-lyrics", 200, elapsed(), taskId),
      };
    },

    close: () => renderer.close(),
  };
}

/**
 * The last few renders in this process, by what was rendered: the synthesiser is deterministic, so a
 * take asked for again (a song made again with the same words, a restarted download) costs nothing,
 * and a dozen songs' worth of MP3s (a few MB) is all it keeps.
 */
const RECENT_RENDERS = 12;
const recentRenders = new Map<string, Uint8Array>();

async function rendered(request: SynthRequest, render: (request: SynthRequest) => Promise<Uint8Array>) {
  const key = JSON.stringify(request);
  const kept = recentRenders.get(key);
  if (kept) {
    recentRenders.delete(key);
    recentRenders.set(key, kept);
    return kept.slice();
  }
  const bytes = await render(request);
  recentRenders.set(key, bytes.slice());
  for (const oldest of recentRenders.keys()) {
    if (recentRenders.size <= RECENT_RENDERS) break;
    recentRenders.delete(oldest);
  }
  return bytes;
}

function trackOf(task: LocalSongTask, take: Take): SongTrack {
  return {
    audioId: audioIdOf(task.taskId, take),
    audioUrl: `${AUDIO_URL_PREFIX}${task.taskId}#${take}`,
    title: task.title || null,
    durationSeconds: songDurationSeconds(synthRequest(task, take)),
  };
}

function audioIdOf(taskId: string, take: Take): string {
  return `${taskId}-${take}`;
}

/** A take's address; the bare `local-synth:{taskId}` of songs made before there were takes is the first. */
function parseAudioUrl(audioUrl: string): { taskId: string; take: Take } | null {
  if (!audioUrl.startsWith(AUDIO_URL_PREFIX)) return null;
  const [taskId, fragment] = audioUrl.slice(AUDIO_URL_PREFIX.length).split("#", 2);
  const take = fragment === undefined ? 1 : TAKES.find((take) => String(take) === fragment);
  return taskId && take ? { taskId, take } : null;
}

/** Only what the synthesiser reads: the task's other fields need not cross into the render worker. */
function synthRequest(task: LocalSongTask, take: Take): SynthRequest {
  return { lyrics: task.lyrics, title: task.title, style: task.style, singer: task.singer, take };
}

/**
 * The melody's words as the music service aligns them: the lyrics' own words with their punctuation, a
 * section label and a line break riding on the first word of a line (as in "[Verse]\nWaggin'"). A
 * written word of two sung ones ("hip-hip") spans both; a mark sung by nobody ("—") joins the word
 * before it. Lines cut off by the song's end are left out, like the notes.
 */
function alignedWords(melody: Melody, lyrics: string): AlignedWord[] {
  const written = writtenLines(lyrics);
  // Nothing sung from the lyrics: the melody sang the title (or "la la la") on one line.
  if (!written.length) return melody.words.map((word) => aligned(word.text, word, word, false));
  const timed: AlignedWord[] = [];
  written.forEach((line, lineIndex) => {
    const sung = melody.words.filter((word) => word.line === lineIndex);
    let next = 0;
    for (const token of line.text.split(/\s+/)) {
      const count = sungWordsOf(token).length;
      if (count === 0) {
        const before = timed.at(-1);
        if (before && next > 0) before.word = `${before.word} ${token}`;
        continue;
      }
      if (next >= sung.length) return;
      const first = sung[next];
      const last = sung[Math.min(next + count, sung.length) - 1];
      const opening = next === 0;
      const label = opening && line.section ? `[${line.section}]\n` : "";
      timed.push(aligned(`${label}${token}`, first, last, opening && lineIndex > 0 && !label));
      next += count;
    }
  });
  return timed;
}

function aligned(text: string, first: SungWord, last: SungWord, newLine: boolean): AlignedWord {
  return {
    word: `${newLine ? "\n" : ""}${text}`,
    startS: roundTime(first.start),
    endS: roundTime(last.end),
    success: true,
  };
}

/** To the millisecond: finer is only float noise in the stored words. */
function roundTime(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

async function readTask(kv: Deno.Kv, taskId: string): Promise<LocalSongTask | null> {
  return (await kv.get<LocalSongTask>(keys.localSongTask(taskId))).value;
}

function callFacts(
  endpoint: string,
  httpStatus: number,
  durationMs: number,
  taskId: string | null,
): CallFacts {
  return { provider: "local-synthesiser", endpoint, method: "LOCAL", httpStatus, durationMs, taskId };
}
